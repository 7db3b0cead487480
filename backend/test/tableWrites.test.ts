// Which tables a write touches comes from knex's query builder (never from the SQL text), and a
// cache is dropped when a write is sent, when it answers and when its transaction ends; only
// committed writes are told on (to the cross-instance broadcast).
import knexFactory, { Knex } from 'knex';
import { TableWrites, writeOf, tables, deletesFrom, declareWrites, EVERY_TABLE, type TableWrite } from '../src/platform/cache/tableWrites';
import { KeptMap } from '../src/platform/cache/keptMap';

let knex: Knex;
let writes: TableWrites;
const told: TableWrite[][] = [];

beforeAll(async () => {
  knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  writes = new TableWrites(knex);
  writes.onCommitted((w) => told.push(w));
  await knex.schema.createTable('variants', (t) => {
    t.increments('id');
    t.integer('stock');
    t.integer('price');
  });
  await knex.schema.createTable('orders', (t) => {
    t.increments('id');
    t.string('note');
  });
  await knex('variants').insert({ stock: 10, price: 100 });
});
afterAll(() => knex.destroy());
beforeEach(() => {
  told.length = 0;
});

describe('writeOf reads the builder', () => {
  it('names the target table and the kind of write', () => {
    expect(writeOf(knex('orders').insert({ note: 'a' }) as any)).toEqual({ table: 'orders', kind: 'insert', stockOnly: false });
    expect(writeOf(knex('orders').where({ id: 1 }).update({ note: 'b' }) as any)).toEqual({
      table: 'orders',
      kind: 'update',
      stockOnly: false,
    });
    expect(writeOf(knex('orders').where({ id: 1 }).del() as any)).toEqual({ table: 'orders', kind: 'delete', stockOnly: false });
    expect(writeOf(knex({ o: 'orders' }).where({ id: 1 }).del() as any)?.table).toBe(EVERY_TABLE);
    expect(writeOf(knex('orders as o').where({ id: 1 }).del() as any)?.table).toBe('orders');
  });

  it('tells a change of stock alone from other changes of variants', () => {
    expect(writeOf(knex('variants').where({ id: 1 }).decrement('stock', 2) as any)?.stockOnly).toBe(true);
    expect(writeOf(knex('variants').where({ id: 1 }).increment('stock', 2) as any)?.stockOnly).toBe(true);
    expect(writeOf(knex('variants').where({ id: 1 }).update({ stock: 3 }) as any)?.stockOnly).toBe(false);
    expect(writeOf(knex('variants').where({ id: 1 }).increment('price', 2) as any)?.stockOnly).toBe(false);
  });

  it("tells Objection's increment and decrement of stock (a raw `?? - ?` beside the update time) as a change of stock alone", () => {
    const move = (column: string, sign: '+' | '-') => knex.raw(`?? ${sign} ?`, [column, 2]);
    expect(
      writeOf(
        knex('variants')
          .where({ id: 1 })
          .update({ updated_at: 'now', stock: move('stock', '-') }) as any,
      )?.stockOnly,
    ).toBe(true);
    expect(
      writeOf(
        knex('variants')
          .where({ id: 1 })
          .update({ stock: move('stock', '+') }) as any,
      )?.stockOnly,
    ).toBe(true);
    expect(
      writeOf(
        knex('variants')
          .where({ id: 1 })
          .update({ stock: move('price', '-') }) as any,
      )?.stockOnly,
    ).toBe(false);
    expect(
      writeOf(
        knex('variants')
          .where({ id: 1 })
          .update({ stock: move('stock', '-'), price: 5 }) as any,
      )?.stockOnly,
    ).toBe(false);
    expect(
      writeOf(
        knex('variants')
          .where({ id: 1 })
          .update({ stock: knex.raw('?? * ?', ['stock', 2]) }) as any,
      )?.stockOnly,
    ).toBe(false);
    expect(
      writeOf(
        knex('variants')
          .where({ id: 1 })
          .update({ price: move('price', '-') }) as any,
      )?.stockOnly,
    ).toBe(false);
  });

  it('counts reads as no write and a raw statement it cannot read as a write to every table', () => {
    expect(writeOf(knex('orders').select('id') as any)).toBeUndefined();
    expect(writeOf(knex.raw('select 1') as any)).toBeUndefined();
    expect(writeOf(knex.raw('update orders set note = ?', ['x']) as any)?.table).toBe(EVERY_TABLE);
  });
});

describe('caches watching writes', () => {
  function watched(reach = tables('variants')) {
    const map = new KeptMap<string, number>({ max: 10 }).dropOn(writes, reach);
    map.keep('k', 1, map.generation);
    return map;
  }

  it('drops on a write to a table it is made of, and not on others', async () => {
    const map = watched();
    await knex('orders').insert({ note: 'x' });
    expect(map.get('k')).toBe(1);
    await knex('variants').where({ id: 1 }).decrement('stock', 1);
    expect(map.get('k')).toBeUndefined();
    expect(told).toEqual([
      [{ table: 'orders', kind: 'insert', stockOnly: false }],
      [{ table: 'variants', kind: 'update', stockOnly: true }],
    ]);
  });

  it('drops again when a transaction ends, and tells only a committed one', async () => {
    const map = watched();
    await knex.transaction(async (trx) => {
      await trx('variants').where({ id: 1 }).update({ price: 90 });
      expect(map.get('k')).toBeUndefined();
      map.keep('k', 2, map.generation); // read inside, before the commit
      expect(told).toEqual([]);
    });
    expect(map.get('k')).toBeUndefined();
    expect(told).toEqual([[{ table: 'variants', kind: 'update', stockOnly: false }]]);

    told.length = 0;
    map.keep('k', 3, map.generation);
    await expect(
      knex.transaction(async (trx) => {
        await trx('variants').where({ id: 1 }).update({ price: 80 });
        map.keep('k', 4, map.generation);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(map.get('k')).toBeUndefined();
    expect(told).toEqual([]);
    expect((await knex('variants').first('price')).price).toBe(90);
  });

  it('does not keep what was read while a write happened', async () => {
    const map = watched();
    const at = map.generation;
    await knex('variants').where({ id: 1 }).update({ price: 70 });
    expect(map.keep('k', 5, at)).toBe(false);
  });

  it('drops sessions kept in memory only when sessions are deleted', () => {
    const reach = deletesFrom('sessions');
    expect(reach({ table: 'sessions', kind: 'insert', stockOnly: false })).toBe(false);
    expect(reach({ table: 'sessions', kind: 'delete', stockOnly: false })).toBe(true);
    expect(reach({ table: EVERY_TABLE, kind: 'unknown', stockOnly: false })).toBe(true);
  });

  it('hears writes committed elsewhere', () => {
    const map = watched();
    writes.writtenElsewhere([{ table: 'orders', kind: 'unknown', stockOnly: false }]);
    expect(map.get('k')).toBe(1);
    writes.writtenElsewhere([{ table: 'variants', kind: 'update', stockOnly: true }]);
    expect(map.get('k')).toBeUndefined();
  });
});

describe('a raw statement with declared writes', () => {
  it('reaches the caches of the tables it declares, not every cache', async () => {
    const { declareWrites } = await import('../src/platform/cache/tableWrites');
    const orders = new KeptMap<string, number>({ max: 10 }).dropOn(writes, tables('orders'));
    const variants = new KeptMap<string, number>({ max: 10 }).dropOn(writes, tables('variants'));
    orders.keep('n', 1, orders.generation);
    variants.keep('n', 1, variants.generation);
    await declareWrites(knex.raw('insert into orders (note) values (?)', ['declared']), [
      { table: 'orders', kind: 'insert', stockOnly: false },
    ]);
    expect(orders.get('n')).toBeUndefined();
    expect(variants.get('n')).toBe(1);
    expect(told).toEqual([[{ table: 'orders', kind: 'insert', stockOnly: false }]]);
  });
});

describe('a declared stock move', () => {
  /** A stock update as inventory declares it, filled in as once it has answered. */
  function move(trx: Knex.Transaction | Knex, figure: { stock: number; seq: number } | null) {
    const declared: TableWrite = { table: 'variants', kind: 'update', stockOnly: true, stock: { variantId: 1 } };
    const update = declareWrites(
      trx('variants')
        .where({ id: 1 })
        .update({ stock: figure?.stock ?? 10 }),
      [declared],
    );
    return update.then((n: unknown) => {
      if (figure) Object.assign(declared.stock!, { productId: 7, ...figure });
      return n;
    });
  }

  it('leaves the caches that follow stock in place, moves the ledger once committed, and drops the others', async () => {
    const inPlace = new KeptMap<string, number>({ max: 10 }).dropOn(writes, tables('variants'), { stockInPlace: true });
    const other = new KeptMap<string, number>({ max: 10 }).dropOn(writes, tables('variants'));
    inPlace.keep('k', 1, inPlace.generation);
    other.keep('k', 1, other.generation);
    const at = writes.ledger.count;
    await knex.transaction(async (trx) => {
      await move(trx, { stock: 9, seq: 101 });
      expect(writes.ledger.since(1, at)).toBeUndefined(); // not before the COMMIT has answered
    });
    expect(inPlace.get('k')).toBe(1);
    expect(other.get('k')).toBeUndefined();
    expect(writes.ledger.since(1, at)).toBe(9);
    expect(told[0][0].stock).toEqual({ variantId: 1, productId: 7, stock: 9, seq: 101 });
  });

  it('moves nothing when rolled back, and drops what follows stock when its figure is not known', async () => {
    const inPlace = new KeptMap<string, number>({ max: 10 }).dropOn(writes, tables('variants'), { stockInPlace: true });
    inPlace.keep('k', 1, inPlace.generation);
    const at = writes.ledger.count;
    await expect(
      knex.transaction(async (trx) => {
        await move(trx, { stock: 8, seq: 102 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(writes.ledger.count).toBe(at);
    expect(inPlace.get('k')).toBe(1);
    // A savepoint rolled back: which moves stand is not known.
    await knex.transaction(async (trx) => {
      await move(trx, { stock: 8, seq: 103 });
      await trx.transaction(async () => Promise.reject(new Error('inner'))).catch(() => undefined);
    });
    expect(writes.ledger.count).toBe(at);
    expect(inPlace.get('k')).toBeUndefined();
  });

  it('takes figures heard from elsewhere, never going back to an older move', () => {
    const at = writes.ledger.count;
    const heard = (stock: number, seq: number): TableWrite => ({
      table: 'variants',
      kind: 'update',
      stockOnly: true,
      stock: { variantId: 5, productId: 2, stock, seq },
    });
    writes.writtenElsewhere([heard(4, 200)]);
    writes.writtenElsewhere([heard(6, 150)]);
    expect(writes.ledger.since(5, at)).toBe(4);
    writes.writtenElsewhere([heard(3, 201)]);
    expect(writes.ledger.since(5, at)).toBe(3);
  });
});
