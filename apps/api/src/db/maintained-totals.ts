import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * Totals the database keeps beside the rows (list counts, the dashboard's daily totals), written by
 * triggers in the same transaction as the rows they count, so they are never out of step.
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

type Rebuild = (db: Kysely<DB>) => Promise<void>;

/** Each maintained total's rebuild from its rows; registered by the module that owns the totals. */
const rebuilds: Array<[name: string, rebuild: Rebuild]> = [];

export function registerMaintainedTotals(name: string, rebuild: Rebuild): void {
  if (!rebuilds.some(([n]) => n === name)) rebuilds.push([name, rebuild]);
}

/** Recomputes every maintained total from the rows (after a bulk load, or to repair). */
export async function rebuildMaintainedTotals(db: Kysely<DB>): Promise<string[]> {
  for (const [, rebuild] of rebuilds) await rebuild(db);
  return rebuilds.map(([n]) => n);
}
