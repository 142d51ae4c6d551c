import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * Totals the database keeps beside the rows (list counts, the dashboard's daily totals), and the
 * people's names as searches read them (people_names), written by triggers in the same transaction
 * as the rows they follow, so they are never out of step.
 *
 * A bulk load (the demo seed) sets BULK_LOAD_SETTING for its own transaction: the triggers then do
 * nothing, and the loader calls rebuildMaintainedTotals once at the end, which is far cheaper than
 * adjusting the totals for every batch of millions of rows.
 */
export const BULK_LOAD_SETTING = 'backoffice.bulk_load';

/** Marks the current transaction as a bulk load (see BULK_LOAD_SETTING). */
export async function startBulkLoad(trx: Transaction<DB>): Promise<void> {
  await sql`SELECT set_config(${BULK_LOAD_SETTING}, 'on', true)`.execute(trx);
}

/**
 * The SQL functions that recompute each maintained total from its rows, created by the migration
 * that creates the totals (so the rebuild and the triggers are written side by side, in SQL).
 */
export const MAINTAINED_TOTALS_REBUILDS: readonly string[] = [
  'rebuild_list_counts',
  'rebuild_daily_totals',
  'rebuild_people_names',
];

/** Recomputes every maintained total from the rows (after a bulk load, or to repair). */
export async function rebuildMaintainedTotals(db: Kysely<DB>): Promise<void> {
  for (const fn of MAINTAINED_TOTALS_REBUILDS) await sql`SELECT ${sql.id(fn)}()`.execute(db);
}
