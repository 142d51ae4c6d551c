import { performance } from 'node:perf_hooks';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { generateSeedData, SEEDED_ADMIN_CREATED_AT, seededAdminId, type SeedData } from './generate';

export { ONGOING_ENDED_AT, REFERENCE_INSTANT, SEED_FIXTURES, seedCounts } from './generate';

export interface SeedOptions {
  /** 1 is the demo (2,000 fans, 20,000 calls, 50,000 transactions); counts scale linearly. */
  scale: number;
  adminEmail: string;
  adminPassword: string;
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
/** PostgreSQL allows 65,535 bind parameters per statement; stay well under it. */
const MAX_PARAMS = 60_000;
const MAX_ROWS_PER_INSERT = 1000;

/** Tables in foreign-key order. */
const TABLE_ORDER: ReadonlyArray<keyof SeedData> = [
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

async function hasSeedRun(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('seed_runs').select('name').where('name', '=', SEED_RUN_NAME).executeTakeFirst();
  return row !== undefined;
}

/** JSON columns are held as JSON text in the rows (that is what Kysely's insert type asks for);
 *  inside a JSON document they must be the value itself, not a string holding it. */
const JSON_TEXT_COLUMNS = new Set(['social_media']);

async function insertJsonBatched(trx: Transaction<DB>, table: keyof DB & string, rows: readonly object[]) {
  if (rows.length === 0) return;
  const columns = sql.join(Object.keys(rows[0]!).map((c) => sql.ref(c)));
  for (let i = 0; i < rows.length; i += 5000) {
    const json = JSON.stringify(rows.slice(i, i + 5000), (key, value: unknown) =>
      JSON_TEXT_COLUMNS.has(key) && typeof value === 'string' ? (JSON.parse(value) as unknown) : value,
    );
    await sql`INSERT INTO ${sql.table(table)} (${columns})
      SELECT ${columns} FROM json_populate_recordset(NULL::${sql.table(table)}, ${json}::json)`.execute(trx);
  }
}

/** Multi-row inserts: one statement per batch is an order of magnitude faster than one per row on
 *  PGlite, where every statement crosses into WebAssembly. */
async function insertBatched<T extends keyof DB & string>(trx: Transaction<DB>, table: T, rows: Insertable<DB[T]>[]) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).length;
  const size = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    // Kysely cannot check a row type that depends on a generic table name; the rows are typed above.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

/**
 * Drops the plain secondary indexes of the tables about to be loaded and returns how to rebuild them.
 * Building an index once over 50,000 rows is several times cheaper than updating it row by row
 * (the trigram GIN indexes above all). Definitions are read from the catalog, not repeated here, so
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
async function ensureAdmin(trx: Transaction<DB>, email: string, passwordHash: string): Promise<{ id: string; created: boolean }> {
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
  if (!Number.isFinite(opts.scale) || opts.scale <= 0) throw new Error(`seed scale must be a positive number, got ${opts.scale}`);

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

    if (process.env.SEED_NOFK) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    const indexes = await dropSecondaryIndexes(trx, TABLE_ORDER);
    const inserted: Record<string, number> = { admins: admin.created ? 1 : 0 };
    for (const table of TABLE_ORDER) {
      const rows = data[table];
      if (process.env.SEED_JSON) await insertJsonBatched(trx, table, rows);
      else await insertBatched(trx, table, rows as Insertable<DB[typeof table]>[]);
      inserted[table] = rows.length;
      log(`seed: ${table} ${rows.length} rows (${elapsed()} ms)`);
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
