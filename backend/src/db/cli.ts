// npm run db:migrate | db:seed
import { loadConfig } from '../config';
import { createKnex } from './knex';
import { Model } from 'objection';
import { migrate, seedIfEmpty } from './setup';

async function main(cmd: string | undefined) {
  const config = loadConfig();
  const knex = createKnex(config);
  Model.knex(knex);
  try {
    await migrate(knex);
    if (cmd === 'seed') console.log((await seedIfEmpty(knex, { uploadDir: config.uploadDir })) ? 'Seeded the demo catalogue.' : 'The catalogue is not empty: nothing seeded.');
    else console.log('Database is up to date.');
  } finally {
    await knex.destroy();
  }
}

main(process.argv[2]).catch((err) => {
  console.error(err);
  process.exit(1);
});
