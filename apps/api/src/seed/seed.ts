import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { BULK_LOAD_SETTING, rebuildMaintainedTotals, startBulkLoad } from '../db/maintained-totals';
import type { DB } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import {
  DemoData,
  iso,
  ONGOING_ENDED_AT,
  REFERENCE_INSTANT,
  SEED_TABLES,
  SEEDED_ADMIN_CREATED_MS,
  seededAdminId,
  type SeedTable,
} from './generate';
import { CopyLoader, JsonBatchLoader, type TableLoader } from './load';
import { roleByKey } from '../modules/admins/roles';

export { ONGOING_ENDED_AT, REFERENCE_INSTANT, SEED_FIXTURES, seedCounts } from './generate';

export interface SeedOptions {
  /** 1 is the demo (2,000 fans, 20,000 calls, 50,000 transactions); counts scale linearly. */
  scale: number;
  adminEmail: string;
  adminPassword: string;
  /**
   * Where the demo's "now" lands. The rows are generated against a fixed instant (so a scale always
   * gives the same data), moved to the moment the server seeds, so that the dashboard's "today" and
   * "this month" and the ongoing calls look as they would live. Left out: unmoved.
   */
  now?: Date;
  /**
   * The PostgreSQL server `db` talks to. Given, the seed opens one connection of its own and loads
   * through COPY (several times faster); left out, it inserts JSON batches through `db` (PGlite).
   */
  databaseUrl?: string;
  log?: (msg: string) => void;
  /** Least time between two progress lines of one table. */
  progressEveryMs?: number;
}

export interface SeedResult {
  seeded: boolean;
  /** Rows inserted per table; empty when nothing was seeded. */
  counts: Record<string, number>;
  ms: number;
}

const SEED_RUN_NAME = 'demo';
/** Serialises seeders across API instances sharing one PostgreSQL (any constant; ours). */
const SEED_LOCK_KEY = 7_310_001;

/** Tables in foreign-key order. */
export const TABLE_ORDER: readonly SeedTable[] = SEED_TABLES;

/**
 * Moves every timestamp of the demo data (but the audit log's) by the time between its reference
 * instant and `now`, all by the same amount, so every interval within the data (a call's length, a
 * decision's delay) is kept. An ongoing call's epoch end time is not a time and stays the epoch (spec section 4). The
 * seed itself generates its rows already moved; this is for data seeded without `now` and aged later
 * (see age.ts).
 */
export async function shiftSeedDates(trx: Kysely<DB>, now: Date): Promise<void> {
  const seconds = (now.getTime() - Date.parse(REFERENCE_INSTANT)) / 1000;
  if (seconds === 0) return;
  // Not the audit log: it is append-only (migration 0019), and its entries keep the times they were
  // written at. Nothing the dashboard or a list of "today" reads comes from it.
  const tables: string[] = ['admins', ...TABLE_ORDER.filter((t) => t !== 'audit_log')];
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND data_type = 'timestamp with time zone'
      AND table_name = ANY(${tables}::text[])
    ORDER BY table_name, ordinal_position`.execute(trx);
  const byTable = new Map<string, string[]>();
  for (const r of rows) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
  const shift = sql`make_interval(secs => ${seconds})`;
  for (const [table, columns] of byTable) {
    const sets = columns.map(
      (c) =>
        sql`${sql.ref(c)} = CASE WHEN ${sql.ref(c)} = ${ONGOING_ENDED_AT}::timestamptz THEN ${sql.ref(c)} ELSE ${sql.ref(c)} + ${shift} END`,
    );
    await sql`UPDATE ${sql.table(table)} SET ${sql.join(sets)}`.execute(trx);
  }
}

async function hasSeedRun(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('seed_runs').select('name').where('name', '=', SEED_RUN_NAME).executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Progress

const thousands = (n: number) => Math.round(n).toLocaleString('en-US');
function duration(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/** "seed: transactions 1,200,000 / 2,000,000 rows, 95,000 rows/s, about 8 s left", at most every
 *  few seconds per table, and one line when the table is done. */
function tableProgress(log: (m: string) => void, table: string, expected: number, everyMs: number) {
  const start = performance.now();
  let lastLine = start;
  return {
    added(n: number) {
      const now = performance.now();
      if (now - lastLine < everyMs) return;
      lastLine = now;
      const rate = n / ((now - start) / 1000);
      const left = Math.max(0, expected - n) / rate;
      log(
        `seed: ${table} ${thousands(n)} / ${thousands(expected)} rows, ${thousands(rate)} rows/s, about ${duration(left)} left`,
      );
    },
    done(n: number) {
      const s = (performance.now() - start) / 1000;
      log(`seed: ${table} ${thousands(n)} rows in ${s.toFixed(1)} s${n > 1000 ? ` (${thousands(n / s)} rows/s)` : ''}`);
    },
  };
}

/** Runs `step`, saying how long it took when that was long enough to be worth a line. */
async function timed<T>(log: (m: string) => void, what: string, step: () => Promise<T>, quietMs = 2000): Promise<T> {
  const t0 = performance.now();
  const out = await step();
  const ms = performance.now() - t0;
  if (ms >= quietMs) log(`seed: ${what} in ${(ms / 1000).toFixed(1)} s`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Bulk load: what makes a load of millions of rows cheap, put back before the commit.

interface CatalogItem {
  name: string;
  /** The table it belongs to, as named in TABLE_ORDER (a child table for a foreign key). */
  table: string;
  /** The same table as SQL may name it (qualified and quoted when it must be). */
  target: string;
  def: string;
}

interface SetAside {
  /** Tables emptied in this transaction, which COPY may FREEZE. */
  truncated: Set<string>;
  /** Puts back one table's keys, indexes and triggers: called once the table is loaded, so that
   *  what later tables do per row (a trigger reading an earlier table) finds its indexes. */
  restoreTable(table: string): Promise<void>;
  /** Checks and puts back the foreign keys, once every table is loaded. */
  restoreForeignKeys(): Promise<void>;
}

/**
 * Takes off the seeded tables every index, key and foreign key, and the triggers that skip a bulk
 * load anyway, and empties the tables that are empty (so COPY may FREEZE). Building an index once
 * over a loaded table is far cheaper than updating it row by row (random UUIDs touch a random page of
 * a B-tree each, and the trigram GIN indexes are worse), and a foreign key checked by one join at the
 * end costs a fraction of a lookup per row. Definitions are read from the catalog, not repeated here,
 * so the rebuild follows the migrations. Uniqueness and references are checked as they come back: a
 * broken row fails the seed as it would have row by row. Inside the seed's transaction a crash
 * restores them with everything else.
 */
async function setAsideForBulkLoad(
  trx: Transaction<DB>,
  tables: readonly string[],
  log: (m: string) => void,
  empty: boolean,
): Promise<SetAside> {
  const seeded = sql`(SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relname = ANY(${[...tables]}::text[]))`;
  const rows = async (q: ReturnType<typeof sql<CatalogItem>>) => (await q.execute(trx)).rows;
  // Foreign keys from and to the seeded tables (a key cannot go while a foreign key needs it).
  const foreignKeys = await rows(sql<CatalogItem>`
    SELECT c.conname AS name, r.relname AS "table", c.conrelid::regclass::text AS target,
      pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
    WHERE c.contype = 'f' AND (c.conrelid IN ${seeded} OR c.confrelid IN ${seeded})
    ORDER BY 2, 1`);
  const keys = await rows(sql<CatalogItem>`
    SELECT c.conname AS name, r.relname AS "table", c.conrelid::regclass::text AS target,
      pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
    WHERE c.contype IN ('p', 'u') AND c.conrelid IN ${seeded}
    ORDER BY 2, 1`);
  const indexes = await rows(sql<CatalogItem>`
    SELECT ic.relname AS name, r.relname AS "table", i.indrelid::regclass::text AS target,
      pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_class r ON r.oid = i.indrelid
    WHERE i.indrelid IN ${seeded}
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY 2, 1`);
  // A trigger that does nothing during a bulk load still makes PostgreSQL collect its transition
  // tables (every inserted row, again) when it has them; dropped and recreated, it costs nothing.
  // Triggers that do not know about bulk loads stay and run, as they must.
  const triggers = await rows(sql<CatalogItem>`
    SELECT t.tgname AS name, r.relname AS "table", t.tgrelid::regclass::text AS target,
      pg_get_triggerdef(t.oid) AS def
    FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_class r ON r.oid = t.tgrelid
    WHERE t.tgrelid IN ${seeded} AND NOT t.tgisinternal AND t.tgenabled = 'O'
      AND p.prosrc LIKE ${`%${BULK_LOAD_SETTING}%`}
    ORDER BY 2, 1`);

  const raw = (text: string) => sql.raw(text).execute(trx);
  for (const t of triggers) await raw(`DROP TRIGGER ${quote(t.name)} ON ${t.target}`);
  for (const f of foreignKeys) await raw(`ALTER TABLE ${f.target} DROP CONSTRAINT ${quote(f.name)}`);
  for (const k of keys) await raw(`ALTER TABLE ${k.target} DROP CONSTRAINT ${quote(k.name)}`);
  for (const i of indexes) await raw(`DROP INDEX ${quote(i.name)}`);
  log(
    `seed: set aside ${keys.length} keys, ${indexes.length} indexes, ${foreignKeys.length} foreign keys and ` +
      `${triggers.length} triggers, rebuilt once their tables are loaded`,
  );

  // COPY … FREEZE writes rows already frozen and visible to all: the VACUUM after the load then has
  // nothing to rewrite, instead of touching every page of every table once more. It needs a table
  // emptied in this transaction; only tables that hold no row are emptied, of course.
  const truncated = new Set<string>();
  if (empty) {
    for (const table of tables) {
      const { rows: any } = await sql<{ any: boolean }>`
        SELECT EXISTS (SELECT 1 FROM ${sql.table(table)}) AS any`.execute(trx);
      if (!any[0]!.any) truncated.add(table);
    }
    if (truncated.size > 0) await raw(`TRUNCATE ${[...truncated].map(quote).join(', ')}`);
  }

  const of = (items: CatalogItem[], table: string) => items.filter((i) => i.table === table);
  return {
    truncated,
    async restoreTable(table) {
      for (const k of of(keys, table)) {
        await timed(log, `key ${k.name}`, () =>
          raw(`ALTER TABLE ${k.target} ADD CONSTRAINT ${quote(k.name)} ${k.def}`),
        );
      }
      for (const i of of(indexes, table)) await timed(log, `index ${i.name}`, () => raw(i.def));
      for (const t of of(triggers, table)) await raw(t.def);
    },
    async restoreForeignKeys() {
      for (const f of foreignKeys) {
        await timed(log, `foreign key ${f.name} checked`, () =>
          raw(`ALTER TABLE ${f.target} ADD CONSTRAINT ${quote(f.name)} ${f.def}`),
        );
      }
    },
  };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

// ---------------------------------------------------------------------------------------------

/** The admin the demo signs in with; an admin already registered under that email is kept as is. */
async function ensureAdmin(
  trx: Transaction<DB>,
  email: string,
  passwordHash: string,
  createdAt: string,
): Promise<{ id: string; created: boolean }> {
  const inserted = await trx
    .insertInto('admins')
    .values({
      role_id: roleByKey(trx, 'owner'),
      id: seededAdminId(),
      first_name: 'Ada',
      last_name: 'Admin',
      email,
      password_hash: passwordHash,
      availability_status: '1',
      created_at: createdAt,
      updated_at: createdAt,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await trx.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/**
 * Runs `body` in one transaction: on a connection of its own, when a PostgreSQL URL is given, so
 * that COPY can use the very connection the transaction is on (Kysely does not lend out its pg
 * client); else through `db`.
 */
async function inTransaction<T>(
  db: Kysely<DB>,
  databaseUrl: string | undefined,
  body: (trx: Transaction<DB>, loader: TableLoader) => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return db.transaction().execute((trx) => body(trx, new JsonBatchLoader(trx)));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // An error on an idle connection must not crash the process; the next query reports it.
  client.on('error', () => undefined);
  const own = new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: { connect: async () => Object.assign(client, { release: () => undefined }), end: async () => undefined },
    }),
  });
  try {
    // The server may use more memory per sort while the indexes and keys are rebuilt (its memory,
    // not this process's): the defaults (64 MB, 4 MB) make it sort millions of rows on disk.
    return await own.transaction().execute(async (trx) => {
      await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(trx);
      await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
      return body(trx, new CopyLoader(client));
    });
  } finally {
    await own.destroy();
    await client.end();
  }
}

/** Seeds once: if seed_runs has a row named 'demo', returns { seeded: false } and changes nothing. */
export async function seedDemo(db: Kysely<DB>, opts: SeedOptions): Promise<SeedResult> {
  const t0 = performance.now();
  const log = opts.log ?? (() => undefined);
  const elapsed = () => Math.round(performance.now() - t0);
  if (!Number.isFinite(opts.scale) || opts.scale <= 0)
    throw new Error(`seed scale must be a positive number, got ${opts.scale}`);

  if (await hasSeedRun(db)) {
    log('seed: demo data already present, nothing to do');
    return { seeded: false, counts: {}, ms: elapsed() };
  }
  // Hashed before the transaction opens: on PGlite an open transaction holds the only connection.
  const passwordHash = await hashPassword(opts.adminPassword);
  const shiftMs = opts.now ? opts.now.getTime() - Date.parse(REFERENCE_INSTANT) : 0;

  // One transaction, with the seed_runs marker as its last statement: a seed killed half way
  // leaves nothing behind (PostgreSQL rolls back a transaction whose connection is gone; PGlite
  // one that never committed), and the next start seeds again from nothing.
  const counts = await inTransaction(db, opts.databaseUrl, async (trx, loader) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    // Another instance may have finished seeding while this one waited for the lock.
    if (await hasSeedRun(trx)) return null;
    await startBulkLoad(trx);

    const admin = await ensureAdmin(trx, opts.adminEmail, passwordHash, iso(SEEDED_ADMIN_CREATED_MS + shiftMs));
    const data = new DemoData({ scale: opts.scale, adminId: admin.id, adminEmail: opts.adminEmail, shiftMs });
    log(`seed: scale ${opts.scale}, ${loader.canFreeze ? 'COPY' : 'batched inserts'}`);
    const aside = await setAsideForBulkLoad(trx, TABLE_ORDER, log, loader.canFreeze);

    const inserted: Record<string, number> = { admins: admin.created ? 1 : 0 };
    for (const table of TABLE_ORDER) {
      const progress = tableProgress(log, table, data.expected(table), opts.progressEveryMs ?? 5000);
      const n = await loader.load(table, data.rows(table), progress.added, aside.truncated.has(table));
      progress.done(n);
      await timed(log, `${table}: keys and indexes rebuilt`, () => aside.restoreTable(table));
      inserted[table] = n;
    }
    await timed(log, 'foreign keys checked', () => aside.restoreForeignKeys(), 0);
    await timed(log, 'maintained totals rebuilt', () => rebuildMaintainedTotals(trx), 0);
    await trx.insertInto('seed_runs').values({ name: SEED_RUN_NAME, scale: opts.scale }).execute();
    return inserted;
  });
  if (counts === null) {
    log('seed: demo data was seeded by another instance meanwhile');
    return { seeded: false, counts: {}, ms: elapsed() };
  }

  // PGlite never autovacuums: without fresh statistics the planner ignores the new indexes. After
  // COPY … FREEZE the vacuum part has little left to do.
  await timed(log, 'VACUUM ANALYZE', () => sql`VACUUM ANALYZE`.execute(db), 0);
  log(`seed: done in ${(elapsed() / 1000).toFixed(1)} s`);
  return { seeded: true, counts, ms: elapsed() };
}
