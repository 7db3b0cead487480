import { shopForThisFile } from './helpers';
import * as models from '../src/models';
import { BaseModel } from '../src/models/BaseModel';
import { isPostgres } from '../src/platform/db/knex';

const shop = shopForThisFile();

const modelClasses = Object.values(models).filter(
  (m): m is typeof BaseModel => typeof m === 'function' && m.prototype instanceof BaseModel,
);

describe('models match the migrated schema', () => {
  it('covers every table of the schema', async () => {
    const knex = shop.app.knex;
    const rows = isPostgres(knex)
      ? (await knex.raw("select table_name as name from information_schema.tables where table_schema = 'public'")).rows
      : await knex.raw("select name from sqlite_master where type = 'table'");
    const tables = rows
      .map((r: { name: string }) => r.name)
      .filter(
        (n: string) =>
          !n.startsWith('knex_') &&
          !n.startsWith('sqlite_') &&
          ![
            'sessions',
            'throttles',
            'password_resets',
            'email_verifications',
            'document_sequences',
            'mail_queue',
            'write_probe',
            'idempotency_keys',
            'outbox',
          ].includes(n),
      );
    expect(modelClasses.map((m) => m.tableName).sort()).toEqual(tables.sort());
  });

  it.each(modelClasses.map((m) => [m.tableName, m] as const))('%s: every validated property is a column', async (_t, model) => {
    const columns = Object.keys(await shop.app.knex(model.tableName).columnInfo());
    const props = Object.keys((model.jsonSchema as { properties: object }).properties);
    expect(props.filter((p) => !columns.includes(p))).toEqual([]);
    for (const f of [...model.moneyFields, ...model.booleanFields]) expect(columns).toContain(f);
  });

  it('relation mappings resolve', () => {
    for (const m of modelClasses) expect(() => m.getRelations()).not.toThrow();
  });
});
