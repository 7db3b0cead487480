// knex CLI configuration (npx knex migrate:latest); the app uses the same settings.
import { knexConfig } from './backend/src/platform/db/knex';
import { loadConfig } from './backend/src/config';

const config = loadConfig();
export default knexConfig({ dbFile: config.dbFile, databaseUrl: config.databaseUrl });
