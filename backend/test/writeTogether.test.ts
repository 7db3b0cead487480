// Several independent inserts in one round trip on PostgreSQL (one after another on SQLite): each
// answers its own rows, the rows are there, and the caches hear the tables that were written.
import { shopForThisFile } from './helpers';
import { Notification } from '../src/models/Notification';
import { isPostgres } from '../src/platform/db/knex';
import { rendered, writeTogether } from '../src/platform/db/writeTogether';
import { Throttle } from '../src/platform/http/throttle';
import { insertComposedTogether } from '../src/models/BaseModel';
import { attachedCache } from '../src/platform/cache/attached';
import { makeCatalogue } from './fixtures';

// The shop is only needed for its database (Model.knex).
shopForThisFile();

function countStatements(run: () => Promise<unknown>): Promise<number> {
  const knex = Notification.knex();
  let n = 0;
  const count = () => n++;
  knex.on('query', count);
  return run().then(
    () => (knex.off('query', count), n),
    (err) => {
      knex.off('query', count);
      throw err;
    },
  );
}

test('three inserts into two tables answer their own ids, in one statement on PostgreSQL', async () => {
  const knex = Notification.knex();
  let answers: Array<Array<Record<string, unknown>>> = [];
  const statements = await countStatements(async () => {
    answers = await knex.transaction((trx) =>
      writeTogether(trx, [
        trx('notifications')
          .insert({ type: 'order', message: 'Първа', link: '', isRead: false, createdAt: new Date().toISOString() })
          .returning(['id', 'message']),
        trx('throttles')
          .insert({ key: 'together-test', hits: 3, resetAt: Date.now() + 60_000 })
          .returning('key'),
        trx('notifications')
          .insert({ type: 'order', message: 'Втора', link: '', isRead: false, createdAt: new Date().toISOString() })
          .returning(['id', 'message']),
      ]),
    );
  });
  // BEGIN, the inserts, COMMIT.
  expect(statements).toBe(isPostgres(knex) ? 3 : 5);
  expect(answers.map((rows) => rows.length)).toEqual([1, 1, 1]);
  expect(answers[0][0].message).toBe('Първа');
  expect(answers[1][0].key).toBe('together-test');
  expect(answers[2][0].message).toBe('Втора');
  const stored = await knex('notifications')
    .whereIn('id', [answers[0][0].id, answers[2][0].id] as number[])
    .orderBy('id')
    .pluck('message');
  expect(stored).toEqual(['Първа', 'Втора']);
  expect(Number((await knex('throttles').where({ key: 'together-test' }).first('hits')).hits)).toBe(3);
});

test('a failing insert leaves none of the others inside its transaction', async () => {
  const knex = Notification.knex();
  const before = Number((await knex('notifications').count({ n: '*' }))[0].n);
  await expect(
    knex.transaction((trx) =>
      writeTogether(trx, [
        trx('notifications')
          .insert({ type: 'order', message: 'Не остава', link: '', isRead: false, createdAt: new Date().toISOString() })
          .returning('id'),
        trx('notifications')
          .insert({ type: 'order', message: null, link: '', isRead: false, createdAt: new Date().toISOString() })
          .returning('id'),
      ]),
    ),
    // Not `.toThrow()`: the driver's error class comes from another realm than the test's Error.
  ).rejects.toHaveProperty('message', expect.stringMatching(/not.null/i));
  expect(Number((await knex('notifications').count({ n: '*' }))[0].n)).toBe(before);
});

test('composed rows come back as models with their ids, and a kept count of that table is dropped', async () => {
  const knex = Notification.knex();
  const counts = attachedCache<{ generation: number }>(knex, 'rowCounts');
  expect(counts).toBeDefined();
  const generation = counts?.generation;
  const { made } = await knex.transaction((trx) =>
    insertComposedTogether(
      trx,
      Notification.composedInserts(trx, [
        { type: 'order', message: 'Модел 1', link: '', isRead: false },
        { type: 'contact', message: 'Модел 2', link: '', isRead: false },
      ]),
    ),
  );
  expect(made.map((m) => [m instanceof Notification, typeof m.id, m.message])).toEqual([
    [true, 'number', 'Модел 1'],
    [true, 'number', 'Модел 2'],
  ]);
  expect(made[1].id).not.toBe(made[0].id);
  expect((await Notification.query().findById(made[1].id))?.type).toBe('contact');
  expect(counts?.generation).not.toBe(generation);
});

test('an update goes with the inserts and answers its rows', async () => {
  const knex = Notification.knex();
  const [{ id }] = await knex('notifications')
    .insert({ type: 'order', message: 'Преди', link: '', isRead: false, createdAt: new Date().toISOString() })
    .returning('id');
  const answers = await knex.transaction((trx) =>
    writeTogether(trx, [
      trx('notifications').where({ id }).update({ message: 'След' }).returning(['id', 'message']),
      trx('notifications')
        .insert({ type: 'order', message: 'Нова', link: '', isRead: false, createdAt: new Date().toISOString() })
        .returning('id'),
    ]),
  );
  expect(answers[0]).toEqual([{ id, message: 'След' }]);
  expect(answers[1]).toHaveLength(1);
  expect((await knex('notifications').where({ id }).first('message')).message).toBe('След');
});

test('a stock take written together is heard as a stock move: the kept products stay, the kept stock goes', async () => {
  const knex = Notification.knex();
  const { triples } = await makeCatalogue();
  const facts = attachedCache<{ products: { generation: number }; stock: { generation: number } }>(knex, 'catalogueFacts');
  expect(facts).toBeDefined();
  const products = facts!.products.generation;
  const stock = facts!.stock.generation;
  const [taken] = await knex.transaction((trx) =>
    writeTogether(trx, [
      trx('variants')
        .where('id', triples.variant)
        .where('stock', '>=', 2)
        .decrement('stock', 2)
        .update({ updatedAt: new Date().toISOString() })
        .returning('stock'),
      trx('notifications')
        .insert({ type: 'low_stock', message: 'Склад', link: '', isRead: false, createdAt: new Date().toISOString() })
        .returning('id'),
    ]),
  );
  expect(taken).toHaveLength(1);
  expect(facts!.stock.generation).not.toBe(stock);
  expect(facts!.products.generation).toBe(products);
});

test('a plain insert is rendered once per shape: the same SQL and bindings as knex renders, and whatever is not plain is left to knex', async () => {
  const knex = Notification.knex();
  const insert = (row: Record<string, unknown>) => knex('notifications').insert(row).returning('id');
  const shapes = [
    // The same shape twice with other values: the second comes from the kept rendering.
    () => insert({ type: 'order', message: 'Първа', link: '/a', isRead: false, createdAt: '2026-11-29T10:00:00.000Z' }),
    () => insert({ message: 'Втора', type: 'order', createdAt: '2026-11-29T11:00:00.000Z', link: '/b', isRead: true }),
    // Another shape of the same table (one column fewer).
    () => insert({ type: 'order', message: 'Трета', link: '', createdAt: '2026-11-29T12:00:00.000Z' }),
    // An upsert that merges every inserted column.
    () => knex('throttles').insert({ key: 'shape-test', hits: 1, resetAt: 5 }).onConflict('key').merge().returning('hits'),
    // Upserts that set chosen columns to SQL written out whole, of one row and of three (a
    // throttle's count: the key's rows as values, the rest the same text every time).
    () => new Throttle(knex, 3, 60_000).hitWrite('shape-one'),
    () => new Throttle(knex, 3, 60_000).hitsWrite(['shape-a', 'shape-b', 'shape-c']),
    () => new Throttle(knex, 3, 60_000).hitsWrite(['shape-d', 'shape-e']),
    // Not plain: a raw value, a merge of chosen values, a JSON object, a value left undefined.
    () => insert({ type: 'order', message: knex.raw('? || ?', ['a', 'b']), link: '', createdAt: 'x' }),
    () => knex('throttles').insert({ key: 'shape-test', hits: 1, resetAt: 5 }).onConflict('key').merge({ hits: 2 }).returning('hits'),
    () =>
      knex('throttles')
        .insert({ key: 'shape-test', hits: 1, resetAt: 5 })
        .onConflict('key')
        .merge({ hits: knex.raw('? + 1', [7]) })
        .returning('hits'),
    // Rows of different columns.
    () =>
      knex('notifications')
        .insert([
          { type: 'order', message: 'А', link: '', createdAt: 'x' },
          { type: 'order', message: 'Б', link: '', isRead: true, createdAt: 'x' },
        ])
        .returning('id'),
    () => insert({ type: 'order', message: { text: 'обект' }, link: '', createdAt: 'x' }),
    () => insert({ type: 'order', message: 'Четвърта', link: undefined, createdAt: 'x' }),
  ];
  // The shapes kept (the first seven); the others are rendered by knex every time.
  const KEPT = 7;
  for (let round = 0; round < 2; round++)
    for (const [at, make] of shapes.entries()) {
      const builder = make();
      const byKnex = jest.spyOn(builder, 'toSQL');
      const ours = rendered(builder);
      if (round === 1) expect([at, byKnex.mock.calls.length]).toEqual([at, at < KEPT ? 0 : 1]);
      // (The same builder: a throttle's row carries the time it was made.)
      const knexs = builder.toSQL() as unknown as { sql: string; bindings: unknown[] };
      expect({ sql: ours.sql, bindings: ours.bindings }).toEqual({ sql: knexs.sql, bindings: knexs.bindings });
    }
  // And it runs: the row is there as written.
  const [row] = await knex.transaction((trx) =>
    writeTogether(trx, [
      trx('notifications')
        .insert({ link: '/c', isRead: false, createdAt: '2026-11-29T13:00:00.000Z', message: 'Пета', type: 'order' })
        .returning('id'),
    ]),
  );
  const id = (row[0] as { id: number }).id;
  expect(await knex('notifications').where({ id }).first('message', 'link')).toEqual({ message: 'Пета', link: '/c' });
});
