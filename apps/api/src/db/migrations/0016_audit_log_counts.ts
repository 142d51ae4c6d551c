import { sql, type Kysely } from 'kysely';
import { COUNTED_TABLES, countTable, rebuildFunction, type CountedTable } from './0007_list_counts';
import { DISCOUNT_CODES } from './0012_discount_code_counts';

/**
 * The audit log counted by the database like the other long lists (list_counts), per action: its
 * total, whole or for one action, is read instead of estimated, and a deep page starts from its
 * day instead of walking every entry newer than it. Measured on PostgreSQL with 400,000 entries
 * before this: the last page 100 ms p95 against 21 ms for the first.
 */
export const AUDIT_LOG: CountedTable = {
  list: 'audit_log',
  table: 'audit_log',
  day: 'created_at',
  status: 'action',
  kind: "''",
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await countTable(db, AUDIT_LOG);
  await sql
    .raw(`CREATE OR REPLACE FUNCTION ${rebuildFunction([...COUNTED_TABLES, DISCOUNT_CODES, AUDIT_LOG])}`)
    .execute(db);
  await sql`
    INSERT INTO list_counts (list, day, status, kind, n)
    SELECT 'audit_log', (created_at AT TIME ZONE 'UTC')::date, action, '', count(*)
    FROM audit_log GROUP BY 2, 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['insert', 'update', 'delete', 'truncate']) {
    await sql.raw(`DROP TRIGGER IF EXISTS list_counts_${t} ON audit_log`).execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS list_counts_audit_log()`.execute(db);
  await sql.raw(`CREATE OR REPLACE FUNCTION ${rebuildFunction([...COUNTED_TABLES, DISCOUNT_CODES])}`).execute(db);
  await sql`DELETE FROM list_counts WHERE list = 'audit_log'`.execute(db);
}
