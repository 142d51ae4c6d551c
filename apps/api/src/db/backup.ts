import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { extract, pack } from 'tar-stream';
import type { Database } from './database';

/**
 * Backups of the embedded database: a gzipped tar of DATA_DIR/pgdata, the same shape as PGlite's
 * own `dumpDataDir()` (the data directory's entries at the archive's root), so either can be loaded
 * by the other (`new PGlite({ loadDataDir })` reads ours; `npm run restore` reads its).
 *
 * PGlite's `dumpDataDir()` itself is not used to make them: it reads every file of the database into
 * memory, synchronously, and then gzips that in memory: the server would stop answering for the
 * whole read and hold about three times the database in memory (a seeded demo database is 200 MB to
 * several GB). Here the files are streamed from disk.
 */

/** What the running server writes into DATA_DIR once it listens, for `npm run backup` to find it. */
export const SERVER_FILE = 'server.json';

export interface ServerFile {
  /** The process that wrote it: only the holder of the data directory's lock is asked for a backup. */
  pid: number;
  /** Where this machine reaches it (http://127.0.0.1:PORT when it listens on every address). */
  url: string;
  /** Asked of whoever requests a backup: only who can read DATA_DIR (its owner) can ask for one. */
  backupKey: string;
}

export const BACKUP_PATH = '/api/operations/backup';

export const newBackupKey = () => crypto.randomBytes(32).toString('base64url');

/** Replaces DATA_DIR/server.json, owner-only, whole or not at all (a reader never sees half of it). */
export function writeServerFile(dataDir: string, server: ServerFile): void {
  const file = path.join(dataDir, SERVER_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(server, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

export function readServerFile(dataDir: string): ServerFile | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(dataDir, SERVER_FILE), 'utf8')) as Partial<ServerFile>;
    if (typeof parsed.pid !== 'number' || typeof parsed.url !== 'string' || typeof parsed.backupKey !== 'string') {
      return undefined;
    }
    return { pid: parsed.pid, url: parsed.url, backupKey: parsed.backupKey };
  } catch {
    return undefined;
  }
}

/** The address this machine reaches a server on, from the address it listens on. */
export function localUrl(address: { address: string; port: number }): string {
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * Runs `fn` while the embedded database is still: no transaction open, no statement running, every
 * change written to its data files. The pool's only connection is held (PGlite serves one session,
 * so the pool has one; a request's transaction finishes before this gets it, and the next waits),
 * a CHECKPOINT writes the buffers to the files, and PGlite's own query lock keeps out what uses it
 * directly (LISTEN). PGlite runs no background process, so nothing writes a file meanwhile: the
 * files are the database as of that moment, and open without replaying the WAL.
 */
export async function whileStill<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  const pglite = database.pglite;
  if (!pglite) throw new Error('Only the embedded database is backed up this way; PostgreSQL has pg_dump.');
  return database.db.connection().execute(async (connection) => {
    await sql`CHECKPOINT`.execute(connection);
    return pglite._runExclusiveQuery(fn);
  });
}

/** `dir`'s entries, folders before what is in them, in a stable order. */
function walk(dir: string): Array<{ name: string; file: string; stat: fs.Stats }> {
  const found: Array<{ name: string; file: string; stat: fs.Stats }> = [];
  const visit = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel)).sort()) {
      const name = rel ? `${rel}/${entry}` : entry;
      const file = path.join(dir, name);
      const stat = fs.lstatSync(file);
      if (stat.isDirectory()) {
        found.push({ name, file, stat });
        visit(name);
      } else if (stat.isFile()) {
        found.push({ name, file, stat });
      }
      // Nothing else belongs in a PostgreSQL data directory that PGlite writes (no tablespaces).
    }
  };
  visit('');
  return found;
}

/**
 * A gzipped tar of the folder `dir` (its entries at the root), read as it is consumed: what it holds
 * in memory is a chunk, whatever the size of the database. The folder must not change while it is read.
 */
export function packFolder(dir: string): Readable {
  const tar = pack();
  // Level 1: the data files are mostly empty pages, which any level shrinks about as well, and it
  // keeps the archive's pace near the disk's.
  const gzip = zlib.createGzip({ level: 1 });
  void (async () => {
    for (const { name, file, stat } of walk(dir)) {
      if (stat.isDirectory()) {
        tar.entry({ name, type: 'directory', mode: 0o700, mtime: stat.mtime });
        continue;
      }
      const entry = tar.entry({ name, type: 'file', size: stat.size, mode: 0o600, mtime: stat.mtime });
      await pipeline(fs.createReadStream(file), entry);
    }
    tar.finalize();
  })().catch((e: unknown) => tar.destroy(e as Error));
  // The error of either reaches the reader of the result.
  void pipeline(tar, gzip).catch(() => undefined);
  return gzip;
}

/** Why a file is not a backup of the embedded database, said as it is found. */
export class NotABackupError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotABackupError';
  }
}

/** An archive entry's path inside its folder ('' for the folder itself), or why it may not be one. */
function entryName(name: string): string {
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  // A backup never names `..`: an archive that does could write anywhere the user can.
  if (parts.includes('..') || name.includes('\0')) {
    throw new NotABackupError(`it has an entry outside its folder (${JSON.stringify(name)})`);
  }
  return parts.join('/');
}

/** A file's contents, gunzipped when they are gzip (a backup) and as they are when not (PGlite's `dumpDataDir('none')`). */
async function openArchive(file: string): Promise<Readable> {
  const handle = await fs.promises.open(file, 'r');
  const head = Buffer.alloc(2);
  try {
    await handle.read(head, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const raw = fs.createReadStream(file);
  if (head[0] !== 0x1f || head[1] !== 0x8b) return raw;
  const gunzip = zlib.createGunzip();
  void pipeline(raw, gunzip).catch(() => undefined);
  return gunzip;
}

export interface ArchiveSummary {
  files: number;
  bytes: number;
}

/**
 * Reads the backup `file` to its end and, when `into` is given, writes its entries into that folder
 * (which must be new and empty), owner-only. Only folders and regular files are taken, each inside
 * the folder; the archive must be whole (gzip checks its own end and checksum) and hold a PostgreSQL
 * data directory (PG_VERSION). Throws NotABackupError when it is not one.
 */
export async function readBackup(file: string, into?: string): Promise<ArchiveSummary> {
  const summary: ArchiveSummary = { files: 0, bytes: 0 };
  let version = false;
  const reader = extract();
  const source = await openArchive(file);
  const consume = (async () => {
    for await (const entry of reader) {
      const { name, type, size } = entry.header;
      const relative = entryName(name);
      const target = path.join(into ?? '', ...relative.split('/'));
      if (type === 'directory') {
        if (into) fs.mkdirSync(target, { recursive: true, mode: 0o700 });
        entry.resume();
        continue;
      }
      if (type !== 'file' && type !== 'contiguous-file') {
        throw new NotABackupError(
          `it holds ${JSON.stringify(name)}, a ${type ?? 'special entry'}, not a file or folder`,
        );
      }
      if (!relative) throw new NotABackupError(`it has a file where its folder should be (${JSON.stringify(name)})`);
      if (relative === 'PG_VERSION') version = true;
      summary.files += 1;
      summary.bytes += size ?? 0;
      if (into) {
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        await pipeline(entry, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      } else {
        await pipeline(entry, new Writable({ write: (_chunk, _encoding, done) => done() }));
      }
    }
  })();
  const piping = pipeline(source, reader);
  // A failure of the stream also ends the loop above with its error; the loop's own come first.
  piping.catch(() => undefined);
  try {
    await consume;
    await piping;
  } catch (e) {
    source.destroy();
    reader.destroy();
    if (e instanceof NotABackupError) throw e;
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EEXIST') throw new NotABackupError('it holds a file twice');
    // The disk's own problems (full, not writable) are not the archive's.
    if (err.code && /^E[A-Z]+$/.test(err.code)) throw e;
    throw new NotABackupError(
      err.code === 'Z_DATA_ERROR' || err.code === 'Z_BUF_ERROR' || /unexpected end/i.test(err.message)
        ? 'it is cut short or damaged (it does not end as a whole archive does)'
        : `it is not a tar archive (${err.message})`,
    );
  }
  if (!version) throw new NotABackupError('it holds no PostgreSQL data directory (no PG_VERSION at its root)');
  return summary;
}

/** `bytes` for a person: 12.3 MB. */
export function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
