import { sql, type Kysely } from 'kysely';
import { COUNTED_TABLES, countTable, rebuildFunction, type CountedTable } from './0007_list_counts';

/**
 * Discount codes counted by the database like the other lists (list_counts, and list_totals after
 * it), per status and type: the list's total, filtered or not, is read instead of counted, and its
 * deep pages start from their day. Counted one by one, a list of more than 1,000 codes also asked
 * the planner for an estimate on every page.
 */
export const DISCOUNT_CODES: CountedTable = {
  list: 'discount_codes',
  table: 'discount_codes',
  day: 'created_at',
  status: 'status',
  kind: 'type',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await countTable(db, DISCOUNT_CODES);
  await sql.raw(`CREATE OR REPLACE FUNCTION ${rebuildFunction([...COUNTED_TABLES, DISCOUNT_CODES])}`).execute(db);
  await sql`
    INSERT INTO list_counts (list, day, status, kind, n)
    SELECT 'discount_codes', (created_at AT TIME ZONE 'UTC')::date, status, type, count(*)
    FROM discount_codes GROUP BY 2, 3, 4`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['insert', 'update', 'delete', 'truncate']) {
    await sql.raw(`DROP TRIGGER IF EXISTS list_counts_${t} ON discount_codes`).execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS list_counts_discount_codes()`.execute(db);
  await sql.raw(`CREATE OR REPLACE FUNCTION ${rebuildFunction(COUNTED_TABLES)}`).execute(db);
  await sql`DELETE FROM list_counts WHERE list = 'discount_codes'`.execute(db);
}
