import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { makeOwnerOnlyDir } from '../db/data-dir';
import { NotABackupError, readBackup, size } from '../db/backup';
import { migrationStatus } from '../db/migrations';
import { CliError, whereRun } from './cli';

/*
 * `npm run restore -- <file>`: replaces the embedded database in DATA_DIR with a backup made by
 * `npm run backup`. Exit codes: 0 restored, 1 nothing changed (said why), 2 usage.
 */

export const PG_RESTORE = 'pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" backoffice.dump';

const USAGE = `Usage: npm run restore -- <file>

Replaces the embedded database in DATA_DIR with the backup <file> (made by npm run backup). Stop
the server first. The backup is unpacked and opened beside the current database, which is swapped
out only once the restored one answers; it is kept as DATA_DIR/pgdata.before-restore-<time> (delete
it once the restored database serves). A file that is not a whole backup changes nothing.

On PostgreSQL (DATABASE_URL) restore a pg_dump file with pg_restore instead:
  ${PG_RESTORE}`;

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** The folders a restore works in, in DATA_DIR: removed when it ends, and by the next one if it was killed. */
const WORK_PREFIX = '.restore-';

function parse(argv: string[]): { file: string } | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n\n${USAGE}`, 2);
  }
  if (parsed.values.help) return 'help';
  if (parsed.positionals.length !== 1) {
    throw new CliError(`${parsed.positionals.length ? 'One file only.' : 'Name the backup file.'}\n\n${USAGE}`, 2);
  }
  return { file: path.resolve(whereRun('restore'), parsed.positionals[0]!) };
}

export async function runRestore(
  argv: string[],
  out: (line: string) => void = (line) => console.log(line),
): Promise<number> {
  const args = parse(argv);
  if (args === 'help') {
    out(USAGE);
    return 0;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new CliError(
      'DATABASE_URL is set: the database is PostgreSQL, which this command does not restore. Restore a ' +
        `pg_dump file with pg_restore (see the README, "Backups"):\n  ${PG_RESTORE}`,
    );
  }
  if (config.embeddedStorage === 'memory') {
    throw new CliError(
      'EMBEDDED_DB=memory keeps the database in memory only: there is nothing on disk to restore into.',
    );
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(args.file);
  } catch {
    throw new CliError(`There is no file ${args.file}. Nothing was changed.`);
  }
  if (!stat.isFile()) throw new CliError(`${args.file} is not a file. Nothing was changed.`);

  const { dataDir } = config;
  // Held to the end: no server may start on the data directory while its database is replaced.
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    throw new CliError(
      `The embedded database in ${dataDir} is in use by a running server` +
        (e.ownerPid === null ? '' : ` (pid ${e.ownerPid})`) +
        '. Stop it, then run the restore again (a backup, npm run backup, works while it runs). Nothing was changed.',
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const work = path.join(dataDir, `${WORK_PREFIX}${stamp}`);
  try {
    for (const name of fs.readdirSync(dataDir)) {
      if (name.startsWith(WORK_PREFIX)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
    makeOwnerOnlyDir(work);
    const restored = path.join(work, 'pgdata');
    let unpacked;
    try {
      unpacked = await readBackup(args.file, restored);
    } catch (e) {
      if (!(e instanceof NotABackupError)) {
        throw new CliError(
          `The backup could not be unpacked into ${dataDir} (${(e as Error).message}). Nothing was changed.`,
        );
      }
      throw new CliError(
        `${args.file} is not a backup of the embedded database (a file npm run backup wrote): ${e.message}. ` +
          'Nothing was changed.',
      );
    }

    // Opened where it was unpacked: a backup PGlite cannot open never replaces a database that works.
    let answer: { admins: number; ran: number; pending: number; newer: string[] };
    try {
      const database = await openDatabase({ dataDir: work, migrate: false, warn: () => undefined });
      try {
        const { rows } = await sql<{ admins: number }>`SELECT count(*)::int AS admins FROM admins`.execute(database.db);
        const status = await migrationStatus(database.db as never);
        answer = {
          admins: rows[0]!.admins,
          ran: status.known.filter((m) => m.executedAt).length + status.newer.length,
          pending: status.known.filter((m) => !m.executedAt).length,
          newer: status.newer,
        };
      } finally {
        await database.close();
      }
    } catch (e) {
      throw new CliError(
        `The backup ${args.file} was unpacked but does not open as the back office's database ` +
          `(${e instanceof Error ? e.message : String(e)}). Nothing was changed.`,
      );
    }

    const current = path.join(dataDir, 'pgdata');
    const kept = path.join(dataDir, `pgdata.before-restore-${stamp}`);
    const had = fs.existsSync(current);
    if (had) fs.renameSync(current, kept);
    try {
      fs.renameSync(restored, current);
    } catch (e) {
      if (had) fs.renameSync(kept, current);
      throw e;
    }
    out(
      `Restored ${args.file} into ${current}: ${unpacked.files.toLocaleString('en-US')} files, ${size(unpacked.bytes)}, ` +
        `${count(answer.admins, 'admin')}, ${count(answer.ran, 'migration')} run.`,
    );
    if (answer.pending) {
      out(`${count(answer.pending, 'migration')} of this release pending: the server runs them as it starts.`);
    }
    if (answer.newer.length) {
      out(`It was made by a newer release (migrations ${answer.newer.join(', ')}): start that release on it.`);
    }
    out(
      had
        ? `The database it replaced is kept in ${kept}: delete it once the restored one serves.`
        : 'There was no database there before.',
    );
    out('Start the server: it uses the restored database.');
    return 0;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    release();
  }
}

if (require.main === module) {
  runRestore(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(e instanceof CliError ? e.exitCode : 1);
    });
}
