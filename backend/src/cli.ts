// The shop's command line (built: build/current/server/cli.js; `npm run <script>` runs it):
//   migrate                      bring the database to the newest schema
//   seed                         the demo catalogue, only into a database with no orders, customers or products
//   admin reset-2fa <email>      turn off the second factor of someone who lost it (and end their sessions)
//   backup [--scheduled]         one checked archive: database, uploaded pictures, app keys (BACKUP_DIR);
//                                --scheduled for the nightly cron line (its retention is counted apart)
//   restore <file>               put an archive back (refused while the shop runs)
import path from 'node:path';
import { Model } from 'objection';
import { loadConfig } from './config';
import { createKnex } from './platform/db/knex';
import { migrate, seedIfEmpty, realDataIn, resetTwoFactor } from './setup';
import { backup, restore, KEEP_DAILY_DEFAULT, KEEP_WEEKLY_DEFAULT, KEEP_MANUAL_DEFAULT } from './platform/db/backup';
import { scrubError } from './platform/http/scrub';

const USAGE = `Usage:
  npm run db:migrate
  npm run db:seed
  npm run admin -- reset-2fa <email>
  npm run backup [-- --scheduled]
  npm run restore -- <archive>`;

class UsageError extends Error {}

export async function runCli(args: string[], print: (line: string) => void = console.log): Promise<void> {
  process.umask(0o077);
  const [cmd, ...rest] = args;
  const config = loadConfig();
  if (cmd === 'backup') {
    const dir = path.resolve(process.env.BACKUP_DIR || path.join(config.dataDir, 'backups'));
    const keepDaily = Number(process.env.BACKUP_KEEP_DAILY) || KEEP_DAILY_DEFAULT;
    const keepWeekly = Number(process.env.BACKUP_KEEP_WEEKLY) || KEEP_WEEKLY_DEFAULT;
    const keepManual = Number(process.env.BACKUP_KEEP_MANUAL) || KEEP_MANUAL_DEFAULT;
    if (rest.some((a) => a !== '--scheduled')) throw new UsageError('backup takes only --scheduled');
    const kind = rest.includes('--scheduled') ? 'scheduled' : 'manual';
    const file = await backup({ config, dir, kind, keepDaily, keepWeekly, keepManual });
    print(
      kind === 'scheduled'
        ? `Backup written and checked: ${file} (scheduled ones kept: newest of ${keepDaily} days, ${keepWeekly} weeks)`
        : `Backup written and checked: ${file} (manual ones kept: newest ${keepManual}; scheduled ones are not touched)`,
    );
    return;
  }
  if (cmd === 'restore') {
    if (!rest[0]) throw new UsageError('restore needs the archive: npm run restore -- <file>');
    const { kept } = await restore({ config, from: path.resolve(rest[0]) });
    print(`Restored ${rest[0]}.${kept.length ? ` What it replaced is kept at: ${kept.join(', ')}.` : ''} Start the shop again.`);
    return;
  }
  if (!['migrate', 'seed', 'admin'].includes(cmd ?? '')) throw new UsageError(cmd ? `Unknown command: ${cmd}` : 'Which command?');
  const knex = createKnex(config);
  Model.knex(knex);
  try {
    await migrate(knex);
    if (cmd === 'migrate') print('Database is up to date.');
    if (cmd === 'seed') {
      const why = await realDataIn(knex);
      if (why) print(`The database holds ${why}: no demo data seeded.`);
      else if (await seedIfEmpty(knex, { uploadDir: config.uploadDir })) print('Seeded the demo catalogue.');
    }
    if (cmd === 'admin') {
      if (rest[0] !== 'reset-2fa' || !rest[1]) throw new UsageError('admin: reset-2fa <email>');
      const user = await resetTwoFactor(rest[1]);
      print(
        `Two-factor sign-in is off for ${user.email}; their sessions are ended. They sign in with the password and can turn it on again.`,
      );
    }
  } finally {
    await knex.destroy();
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2)).catch((err) => {
    if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
    else console.error(err instanceof Error && !/^\s+at /m.test(err.message) ? scrubError(err.message) : scrubError(err));
    process.exit(err instanceof UsageError ? 2 : 1);
  });
}
