import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrateDown, migrateToLatest, migrationStatus } from '../db/migrations';

/**
 * `npm run migrate -- status|up|down` on the database the server uses (DATABASE_URL, else the
 * embedded one in DATA_DIR, which must not be in use by a running server).
 * - status: each of this release's migrations, when it ran or `pending`, and any a newer release ran;
 * - up: runs the pending ones (what the server does at start unless MIGRATE_ON_START=false);
 * - down: undoes the last one that ran (this release's own only).
 */
const USAGE = 'Usage: npm run migrate -- status | up | down';

async function main(command: string | undefined): Promise<number> {
  if (!command || !['status', 'up', 'down'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: false,
  });
  try {
    const db = database.db as never;
    if (command === 'up') {
      const ran = await migrateToLatest(db, (m) => console.warn(m));
      console.log(ran.length ? `Ran ${ran.length}: ${ran.join(', ')}` : 'Nothing to run: the database is up to date.');
    } else if (command === 'down') {
      const undone = await migrateDown(db);
      console.log(undone ? `Undid ${undone}` : 'Nothing to undo: no migration has run.');
    } else {
      const { known, newer } = await migrationStatus(db);
      for (const m of known)
        console.log(`${m.executedAt ? m.executedAt.toISOString() : 'pending                 '}  ${m.name}`);
      for (const name of newer) console.log(`ran by a newer release    ${name}`);
      const pending = known.filter((m) => !m.executedAt).length;
      console.log(pending ? `${pending} pending: npm run migrate -- up` : 'Up to date.');
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv[2])
  .then((code) => process.exit(code))
  .catch((e: unknown) => {
    console.error(e instanceof DataDirLockedError || e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
