import { performance } from 'node:perf_hooks';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import {
  generateSeedData,
  ONGOING_ENDED_AT,
  REFERENCE_INSTANT,
  SEEDED_ADMIN_CREATED_AT,
  seededAdminId,
  type SeedData,
} from './generate';

export { ONGOING_ENDED_AT, REFERENCE_INSTANT, SEED_FIXTURES, seedCounts } from './generate';

export interface SeedOptions {
  /** 1 is the demo (2,000 fans, 20,000 calls, 50,000 transactions); counts scale linearly. */
  scale: number;
  adminEmail: string;
  adminPassword: string;
  /**
   * Where the demo's "now" lands. The rows are generated against a fixed instant (so a scale always
   * gives the same data); the server moves them to the moment it seeds, so that the dashboard's
   * "today" and "this month" and the ongoing calls look as they would live. Left out: unmoved.
   */
  now?: Date;
  log?: (msg: string) => void;
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
/** Rows per INSERT statement: a few MB of JSON at most. */
const ROWS_PER_INSERT = 5000;

/** Tables in foreign-key order. */
export const TABLE_ORDER: ReadonlyArray<keyof SeedData> = [
  'categories',
  'languages',
  'payment_methods',
  'email_templates',
  'users',
  'influencer_requests',
  'video_calls',
  'transactions',
  'refunds',
  'payout_requests',
  'payouts',
  'discount_codes',
  'redemptions',
  'notifications',
];

/**
 * Moves every timestamp of the demo data by the time between its reference instant and `now`, all
 * by the same amount, so every interval within the data (a call's length, a decision's delay) is
 * kept. An ongoing call's epoch end time is not a time and stays the epoch (spec section 4).
 */
export async function shiftSeedDates(trx: Kysely<DB>, now: Date): Promise<void> {
  const seconds = (now.getTime() - Date.parse(REFERENCE_INSTANT)) / 1000;
  if (seconds === 0) return;
  const tables: string[] = ['admins', ...TABLE_ORDER];
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

/** JSON columns are held as JSON text in the rows (what Kysely's insert type for them asks for);
 *  inside the JSON document sent below they must be the value itself, not a string holding it. */
const JSON_TEXT_COLUMNS = new Set(['social_media']);

/**
 * Inserts rows in batches of ROWS_PER_INSERT, each batch one statement with one parameter: the
 * batch as a JSON array, expanded by json_populate_recordset. On PGlite at scale 1 this took the
 * whole seed from 15-18 s to 12-13 s (2 busy cores) compared with Kysely's values() and one bind
 * parameter per cell (50 statements of 17,000 parameters for the transactions alone), and it stays
 * far from PostgreSQL's 65,535-parameter limit at any batch size. Every row of a table must have the same columns: a column missing from
 * a row would become NULL here, not its default.
 */
async function insertBatched<T extends keyof DB & string>(
  trx: Transaction<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
) {
  if (rows.length === 0) return;
  const names = Object.keys(rows[0]!);
  for (const row of rows) {
    if (Object.keys(row).length !== names.length) throw new Error(`seed: rows of ${table} differ in their columns`);
  }
  const columns = sql.join(names.map((c) => sql.ref(c)));
  // A replacer slows JSON.stringify down for every key, so only tables that need one get one.
  const replacer = names.some((c) => JSON_TEXT_COLUMNS.has(c))
    ? (key: string, value: unknown) =>
        JSON_TEXT_COLUMNS.has(key) && typeof value === 'string' ? (JSON.parse(value) as unknown) : value
    : undefined;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const json = JSON.stringify(rows.slice(i, i + ROWS_PER_INSERT), replacer);
    await sql`
      INSERT INTO ${sql.table(table)} (${columns})
      SELECT ${columns} FROM json_populate_recordset(NULL::${sql.table(table)}, ${json}::json)`.execute(trx);
  }
}

/**
 * Drops the plain secondary indexes of the tables about to be loaded and returns how to rebuild them.
 * Building an index once over 50,000 rows is several times cheaper than updating it row by row
 * (the trigram GIN indexes above all): this took the scale-1 seed from 23 s to 18 s. Definitions are read from the catalog, not repeated here, so
 * the rebuild follows the migrations. Unique indexes stay, so uniqueness is still checked row by
 * row. Inside the seed's transaction a crash restores them with everything else.
 */
async function dropSecondaryIndexes(trx: Transaction<DB>, tables: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ name: string; def: string }>`
    SELECT ic.relname AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i
    JOIN pg_class ic ON ic.oid = i.indexrelid
    JOIN pg_class tc ON tc.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = tc.relnamespace
    WHERE n.nspname = current_schema()
      AND tc.relname = ANY(${[...tables]}::text[])
      AND NOT i.indisunique
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY ic.relname`.execute(trx);
  for (const r of rows) await sql`DROP INDEX ${sql.id(r.name)}`.execute(trx);
  return rows.map((r) => r.def);
}

/** The admin the demo signs in with; an admin already registered under that email is kept as is. */
async function ensureAdmin(
  trx: Transaction<DB>,
  email: string,
  passwordHash: string,
): Promise<{ id: string; created: boolean }> {
  const inserted = await trx
    .insertInto('admins')
    .values({
      id: seededAdminId(),
      first_name: 'Ada',
      last_name: 'Admin',
      email,
      password_hash: passwordHash,
      availability_status: '1',
      created_at: SEEDED_ADMIN_CREATED_AT,
      updated_at: SEEDED_ADMIN_CREATED_AT,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await trx.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
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

  // One transaction, with the seed_runs marker as its last statement: a seed killed half way
  // leaves nothing behind, and the next start seeds again from nothing.
  const counts = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    // Another instance may have finished seeding while this one waited for the lock.
    if (await hasSeedRun(trx)) return null;

    const admin = await ensureAdmin(trx, opts.adminEmail, passwordHash);
    const data = generateSeedData(opts.scale, admin.id);
    log(`seed: generated rows in ${elapsed()} ms`);

    const indexes = await dropSecondaryIndexes(trx, TABLE_ORDER);
    const inserted: Record<string, number> = { admins: admin.created ? 1 : 0 };
    for (const table of TABLE_ORDER) {
      const rows = data[table];
      await insertBatched(trx, table, rows as readonly Insertable<DB[typeof table]>[]);
      inserted[table] = rows.length;
      log(`seed: ${table} ${rows.length} rows (${elapsed()} ms)`);
    }
    // Before the indexes come back: rewriting rows is cheaper without them.
    if (opts.now) {
      await shiftSeedDates(trx, opts.now);
      log(`seed: moved the demo's dates to ${opts.now.toISOString()} (${elapsed()} ms)`);
    }
    for (const def of indexes) await sql.raw(def).execute(trx);
    log(`seed: rebuilt ${indexes.length} indexes (${elapsed()} ms)`);
    await trx.insertInto('seed_runs').values({ name: SEED_RUN_NAME, scale: opts.scale }).execute();
    return inserted;
  });
  if (counts === null) {
    log('seed: demo data was seeded by another instance meanwhile');
    return { seeded: false, counts: {}, ms: elapsed() };
  }

  // PGlite never autovacuums: without fresh statistics the planner ignores the new indexes.
  await sql`VACUUM ANALYZE`.execute(db);
  log(`seed: done in ${elapsed()} ms`);
  return { seeded: true, counts, ms: elapsed() };
}
