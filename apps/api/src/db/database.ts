import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { listenOnPglite, listenOnPostgres, type ListenHandlers, type Unlisten } from './listen';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { lockDataDir } from './data-dir-lock';
import { makeOwnerOnlyDir, OwnerOnlyNodeFS, secureDataDir } from './data-dir';
import { migrateToLatest } from './migrations';

// Counts and sums come back as int8; within 2^53 they are exact as numbers. Dates stay as the
// database wrote them ('YYYY-MM-DD') instead of being shifted into the server's time zone.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, for the tests' snapshots; absent on PostgreSQL. */
  pglite?: PGlite;
  /** The folder of the embedded database on disk (its DATA_DIR); absent in memory and on PostgreSQL. */
  dataDir?: string;
  /** Hears a channel's notifications (NOTIFY, sent on commit), from this or any other instance. */
  listen(channel: string, on: ListenHandlers): Promise<Unlisten>;
  /** The connection pool's state, for metrics. */
  pool(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Embedded only: keep the database in memory (tests), optionally starting from a snapshot. */
  memory?: boolean;
  loadDataDir?: Blob | File;
  /** Where warnings go: the data directory's, migrations a newer release ran (console.warn when absent). */
  warn?: (message: string) => void;
  /** false: open the schema as it is (a command that only reads, such as `audit verify`). */
  migrate?: boolean;
}

/**
 * The API's sessions plan for data in memory or on SSD (random_page_cost 1.1, the usual setting for
 * SSDs, instead of PostgreSQL's default 4, which assumes spinning disks). With the default, a search
 * matching a thousand rows out of millions was planned as a scan of the whole table (redemptions
 * 24 ms -> 9 ms, a search's page 26 ms -> 7 ms at 120,000 rows); the lists' indexes are what they
 * are for. Set for the API's own sessions only, at connection; it overrides the server's setting
 * for them, and nothing else.
 */
const RANDOM_PAGE_COST = '1.1';
/**
 * No JIT compilation either: every statement the API runs reads one page's worth of rows, and JIT
 * pays only for statements that run for seconds. A search whose plan has a walk branch it never
 * takes is priced high enough for JIT (jit_above_cost), which then compiled 150 functions for a
 * calls search at 10 M calls: 111 ms of its 132.
 */
const PLANNER_OPTIONS = `-c random_page_cost=${RANDOM_PAGE_COST} -c jit=off`;

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const warn = opts.warn ?? ((message: string) => console.warn(message));
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: PLANNER_OPTIONS });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    // Nor may a checked-out client whose connection is killed mid-statement (a long COPY export when
    // the server restarts or fails over): its query reports the error to whoever waits for it.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    try {
      if (opts.migrate !== false) await migrateToLatest(db as Kysely<unknown>, warn);
    } catch (e) {
      await db.destroy();
      throw e;
    }
    const databaseUrl = opts.databaseUrl;
    return {
      db,
      kind: 'postgres',
      listen: async (channel, on) => listenOnPostgres(databaseUrl, channel, on),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }

  const release = opts.memory ? () => undefined : lockDataDir(opts.dataDir);
  let pglite: PGlite | undefined;
  try {
    if (!opts.memory) {
      // Checked at every start, under the lock: a folder made by an older version, restored from a
      // backup or copied with cp -r may have entries that other users can read or rewrite.
      const fixed = secureDataDir(opts.dataDir);
      if (fixed > 0) {
        warn(
          `${fixed} entries in the data directory ${opts.dataDir} could be read or written by other users; ` +
            "group and others' access to them is now removed.",
        );
      }
      // A restore moves the database aside, then the restored one into place: killed in between, the
      // folder has no database but the one it moved aside. Creating an empty one there would look like
      // a working start and lose everything; say what happened instead.
      const pgdata = path.join(opts.dataDir, 'pgdata');
      const asides = fs.existsSync(pgdata)
        ? []
        : fs.readdirSync(opts.dataDir).filter((name) => name.startsWith('pgdata.before-restore-'));
      if (asides.length) {
        throw new Error(
          `The data directory ${opts.dataDir} has no database (pgdata) but holds ${asides.sort().at(-1)}: a ` +
            'restore was interrupted. Run npm run restore again, or move that folder back to pgdata. ' +
            'Nothing was created.',
        );
      }
      // The mailer makes the outbox on its first email with the usual 0755; made here first, it is
      // owner-only from the start.
      makeOwnerOnlyDir(path.join(opts.dataDir, 'outbox'));
    }
    pglite = await PGlite.create({
      fs: opts.memory ? undefined : new OwnerOnlyNodeFS(path.join(opts.dataDir, 'pgdata'), warn),
      extensions: { pg_trgm, citext },
      loadDataDir: opts.loadDataDir,
    });
    await pglite.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
    const pool = new pg.Pool(createPgConfig(pglite));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    if (opts.migrate !== false) await migrateToLatest(db as Kysely<unknown>, warn);
    const instance = pglite;
    return {
      db,
      kind: 'pglite',
      pglite: instance,
      dataDir: opts.memory ? undefined : opts.dataDir,
      listen: (channel, on) => listenOnPglite(instance, channel, on),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async close() {
        await db.destroy();
        // Closing the pool leaves PGlite open; closing PGlite flushes it and frees the directory.
        await instance.close();
        release();
      },
    };
  } catch (e) {
    await pglite?.close().catch(() => undefined);
    release();
    throw e;
  }
}
