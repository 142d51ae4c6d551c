import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { DataDirLockedError } from '../db/data-dir-lock';
import { BACKUP_PATH, packFolder, readBackup, readServerFile, SERVER_FILE, size, whileStill } from '../db/backup';
import { CliError, whereRun } from './cli';

/*
 * `npm run backup -- <file> [--force]`: a backup of the embedded database in DATA_DIR, consistent
 * while the server runs. Exit codes: 0 written, 1 not written (said why), 2 usage.
 */

export const PG_DUMP = 'pg_dump --format=custom --file=backoffice.dump "$DATABASE_URL"';

const USAGE = `Usage: npm run backup -- <file> [--force]

Writes a backup of the embedded database in DATA_DIR to <file>: a gzipped tar of its data
directory, readable by its owner only. While a server runs on DATA_DIR, that server makes it and
keeps serving (requests wait while it copies the database, about as long as the disk takes);
otherwise this command opens the database itself. Restore it with npm run restore -- <file>.

  --force  replace <file> if it exists (by default an existing file is left alone)

Not in the backup: DATA_DIR's generated auth-secret and marketplace-key (used when AUTH_SECRET
and MARKETPLACE_API_KEY are not set); keep a copy of those too.

On PostgreSQL (DATABASE_URL) back up with pg_dump instead:
  ${PG_DUMP}`;

function parse(argv: string[]): { file: string; force: boolean } | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n\n${USAGE}`, 2);
  }
  if (parsed.values.help) return 'help';
  if (parsed.positionals.length !== 1) {
    throw new CliError(`${parsed.positionals.length ? 'One file only.' : 'Name the file to write.'}\n\n${USAGE}`, 2);
  }
  return { file: path.resolve(whereRun('backup'), parsed.positionals[0]!), force: parsed.values.force === true };
}

/** Asks the server holding the data directory for the backup, and writes what it streams to `into`. */
async function fromServer(dataDir: string, ownerPid: number | null, into: string): Promise<void> {
  const server = readServerFile(dataDir);
  const who = ownerPid === null ? 'A server' : `The server (pid ${ownerPid})`;
  if (!server || ownerPid === null || server.pid !== ownerPid) {
    throw new CliError(
      `${who} has the embedded database in ${dataDir} open, but has not said where it listens yet ` +
        `(it writes ${SERVER_FILE} there once it serves, after its migrations and seed). ` +
        'Run the backup again once it is ready. No backup was written.',
    );
  }
  let res: Response;
  try {
    res = await fetch(`${server.url}${BACKUP_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.backupKey}` },
    });
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new CliError(
      `${who} could not be reached at ${server.url} (${cause?.code ?? cause?.message ?? (e as Error).message}). ` +
        'No backup was written.',
    );
  }
  if (!res.ok || !res.body) {
    const reply = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
    throw new CliError(
      `${who} did not make the backup: ${reply?.message ?? `HTTP ${res.status}`}. No backup was written.`,
    );
  }
  try {
    await pipeline(
      Readable.fromWeb(res.body as ReadableStream<Uint8Array>),
      fs.createWriteStream(into, { mode: 0o600 }),
    );
  } catch (e) {
    throw new CliError(`${who} stopped sending the backup (${(e as Error).message}). No backup was written.`);
  }
}

/** Opens the database itself (no server runs on it) and writes it to `into`. */
async function fromDataDir(database: Database, into: string): Promise<void> {
  try {
    await whileStill(database, () =>
      pipeline(packFolder(path.join(database.dataDir!, 'pgdata')), fs.createWriteStream(into, { mode: 0o600 })),
    );
  } finally {
    await database.close();
  }
}

/** `file`'s contents and its name on disk, kept through a power loss, as far as the file system can. */
async function flush(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function runBackup(
  argv: string[],
  out: (line: string) => void = (line) => console.log(line),
  err: (line: string) => void = (line) => console.error(line),
): Promise<number> {
  const args = parse(argv);
  if (args === 'help') {
    out(USAGE);
    return 0;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new CliError(
      'DATABASE_URL is set: the database is PostgreSQL, which this command does not back up. Use pg_dump ' +
        `(from PostgreSQL's client tools, the server's major version or newer):\n  ${PG_DUMP}\n` +
        'and restore it with pg_restore (see the README, "Backups").',
    );
  }
  if (config.embeddedStorage === 'memory') {
    throw new CliError('EMBEDDED_DB=memory keeps the database in memory only: there is nothing on disk to back up.');
  }
  const { dataDir } = config;
  const pgdata = path.join(dataDir, 'pgdata');
  if (!path.relative(pgdata, args.file).startsWith('..')) {
    throw new CliError(`The backup cannot be written inside the database's own folder (${pgdata}).`);
  }
  if (fs.existsSync(args.file) && !args.force) {
    throw new CliError(`${args.file} exists: name another file, or add --force to replace it.`);
  }
  // Opening a folder with no database would create an empty one, and back that up.
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new CliError(
      `There is no embedded database in ${dataDir}. Set DATA_DIR to the server's data directory ` +
        '(the default is .data at the repository root).',
    );
  }

  const tmp = `${args.file}.tmp`;
  let how: string;
  try {
    let database: Database | undefined;
    try {
      database = await openDatabase({ dataDir, migrate: false, warn: err });
    } catch (e) {
      if (!(e instanceof DataDirLockedError)) throw e;
      await fromServer(dataDir, e.ownerPid, tmp);
      how = `made by the running server (pid ${e.ownerPid})`;
    }
    if (database) {
      await fromDataDir(database, tmp);
      how = 'no server was running: read from the data directory';
    }
    // Read back to its end: a stream cut short, or a disk that lost part of it, is no backup.
    const summary = await readBackup(tmp).catch((e: unknown) => {
      throw new CliError(`The backup written is not whole (${(e as Error).message}). No backup was written.`);
    });
    await flush(tmp);
    if (fs.existsSync(args.file) && !args.force) {
      throw new CliError(`${args.file} appeared meanwhile: name another file, or add --force to replace it.`);
    }
    fs.renameSync(tmp, args.file);
    await flush(path.dirname(args.file)).catch(() => undefined);
    out(
      `Backed up the embedded database in ${dataDir} to ${args.file}: ${size(fs.statSync(args.file).size)} ` +
        `(${summary.files.toLocaleString('en-US')} files, ${size(summary.bytes)} unpacked); ${how!}.`,
    );
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }

  const generated = [
    [
      'auth-secret',
      "the server's signing key when AUTH_SECRET is not set: without it sessions end and the admins' " +
        'two-factor sign-ins stop working (their secrets are encrypted with it)',
    ],
    [
      'marketplace-key',
      "the marketplace's key when MARKETPLACE_API_KEY is not set: without it the server makes a new one, " +
        'which the marketplace must then be given',
    ],
  ].filter(([name]) => fs.existsSync(path.join(dataDir, name!)));
  for (const [name, what] of generated) {
    out(
      `Not in the backup: ${path.join(dataDir, name!)}, ${what}. Keep a copy of it with the backup, ` +
        'as safely as the backup itself.',
    );
  }
  return 0;
}

if (require.main === module) {
  runBackup(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(e instanceof CliError ? e.exitCode : 1);
    });
}
