// Base for every model (knex maps camelCase to snake_case columns), app-written ISO timestamps,
// and the one place where a record becomes an API answer (money to decimals, booleans,
// private fields removed).
import { Model, Pojo, ModelOptions, QueryContext, AjvValidator } from 'objection';
import type { Knex } from 'knex';
import { fromMinor } from '@domain/money';
import { writeTogether, type BatchWrite } from '../platform/db/writeTogether';

export const nowIso = () => new Date().toISOString();

export class BaseModel extends Model {
  id!: number;

  static useLimitInFirst = true;

  static createValidator() {
    return new AjvValidator({ onCreateAjv: () => undefined, options: { allErrors: true, allowUnionTypes: true, coerceTypes: false } });
  }

  /** Never sent in an answer. */
  static hiddenFields: readonly string[] = ['searchText'];
  /** Stored as integer stotinki, answered as decimal BGN. */
  static moneyFields: readonly string[] = [];
  /** 0/1 in SQLite, true/false in answers. */
  static booleanFields: readonly string[] = [];
  /** Which timestamps the table has. */
  static timestamps: 'both' | 'created' | 'none' = 'both';

  $beforeInsert(ctx: QueryContext) {
    super.$beforeInsert(ctx);
    const cls = this.constructor as typeof BaseModel;
    const self = this as any;
    const now = nowIso();
    if (cls.timestamps !== 'none') self.createdAt ??= now;
    if (cls.timestamps === 'both') self.updatedAt ??= now;
  }

  $beforeUpdate(opt: ModelOptions, ctx: QueryContext) {
    super.$beforeUpdate(opt, ctx);
    if ((this.constructor as typeof BaseModel).timestamps === 'both') (this as any).updatedAt = nowIso();
  }

  /**
   * Insert rows the server composed itself (snapshots, records, messages: nothing a client sent
   * unchecked) with plain knex: the model's timestamps and JSON columns, but none of Objection's
   * per-row work (validation, hooks, query operations), which costs more than the insert on the
   * hot path of checkout. Gives the model instances back, ids set, as an insert would. One
   * statement per row (a multi-row insert gives back every id only on PostgreSQL), all in one
   * round trip there (platform/db/writeTogether).
   */
  static async insertComposed<M extends BaseModel>(
    this: { new (): M } & typeof BaseModel,
    db: Knex,
    rows: Array<Partial<M>>,
  ): Promise<M[]> {
    return (await insertComposedTogether<M>(db, this.composedInserts<M>(db, rows))).made;
  }

  /** insertComposed's inserts, not yet run: to send with other models' (insertComposedTogether). */
  static composedInserts<M extends BaseModel>(
    this: { new (): M } & typeof BaseModel,
    db: Knex,
    rows: Array<Partial<M>>,
  ): Array<ComposedInsert<M>> {
    const now = nowIso();
    const json = (this.jsonAttributes as string[] | undefined) ?? [];
    return rows.map((row) => {
      const data: Pojo = { ...row };
      if (this.timestamps !== 'none') data.createdAt ??= now;
      if (this.timestamps === 'both') data.updatedAt ??= now;
      const stored: Pojo = { ...data };
      for (const f of json) if (f in stored) stored[f] = JSON.stringify(stored[f]);
      return {
        query: db(this.tableName).insert(stored).returning('id'),
        made: (id: number) => this.fromJson({ ...data, id }, { skipValidation: true }) as M,
      };
    });
  }

  $parseDatabaseJson(json: Pojo): Pojo {
    json = super.$parseDatabaseJson(json);
    for (const f of (this.constructor as typeof BaseModel).booleanFields) {
      if (json[f] !== undefined && json[f] !== null) json[f] = Boolean(json[f]);
    }
    return json;
  }

  $formatJson(json: Pojo): Pojo {
    json = super.$formatJson(json);
    const cls = this.constructor as typeof BaseModel;
    for (const f of cls.hiddenFields) delete json[f];
    for (const f of cls.moneyFields) if (f in json) json[f] = fromMinor(json[f]);
    for (const f of cls.booleanFields) if (json[f] !== undefined && json[f] !== null) json[f] = Boolean(json[f]);
    return json;
  }
}

/** JSON-schema pieces shared by the models. */
export const S = {
  id: { type: 'integer', minimum: 1 },
  idOrNull: { type: ['integer', 'null'], minimum: 1 },
  str: (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }),
  strOrNull: (maxLength: number) => ({ type: ['string', 'null'], maxLength }),
  int: (minimum?: number, maximum?: number) => ({
    type: 'integer',
    ...(minimum !== undefined && { minimum }),
    ...(maximum !== undefined && { maximum }),
  }),
  intOrNull: (minimum?: number, maximum?: number) => ({
    type: ['integer', 'null'],
    ...(minimum !== undefined && { minimum }),
    ...(maximum !== undefined && { maximum }),
  }),
  num: (minimum: number, maximum: number) => ({ type: ['number', 'null'], minimum, maximum }),
  bool: { type: ['boolean', 'integer'] },
  ts: { type: ['string', 'null'], maxLength: 32 },
  enum: (values: readonly string[]) => ({ type: 'string', enum: [...values] }),
};

/** One composed row's insert and the model its answer makes. */
export interface ComposedInsert<M> {
  query: Knex.QueryBuilder;
  made: (id: number) => M;
}

/** Composed inserts of one or several models, in one round trip on PostgreSQL, with `alongside`:
 *  other writes that go with them (run right after the inserts on SQLite), and `after` (run last on
 *  SQLite: writes that follow `alongside` or should be numbered after them): the models in order,
 *  and what each of the other writes returned. */
export async function insertComposedTogether<M>(
  db: Knex,
  inserts: Array<ComposedInsert<M>>,
  alongside: BatchWrite[] = [],
  after: BatchWrite[] = [],
): Promise<{ made: M[]; alongside: Array<Array<Record<string, unknown>>>; after: Array<Array<Record<string, unknown>>> }> {
  // The inserts first: on SQLite, where each is a statement of its own, the rows the others name
  // (an order, before its stock movement) must be there when they are written.
  const answers = await writeTogether(db, [...inserts.map((i) => i.query), ...alongside, ...after]);
  const made = answers.slice(0, inserts.length).map((answer, i) => {
    const [row] = answer as unknown as Array<{ id: number } | number>;
    return inserts[i].made(Number(typeof row === 'object' ? row.id : row));
  });
  return {
    made,
    alongside: answers.slice(inserts.length, inserts.length + alongside.length),
    after: answers.slice(inserts.length + alongside.length),
  };
}
