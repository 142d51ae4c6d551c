import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { shiftSeedDates } from './seed';

/**
 * Moves demo data seeded without `now` (so with its fixed dates) forward to `now`: what a
 * measurement or a test of "today" and "this month" needs, since those fixed dates grow older every
 * day and the periods would hold fewer rows the later it runs.
 */
export async function ageSeedTo(db: Kysely<DB>, now: Date = new Date()): Promise<void> {
  await db.transaction().execute((trx) => shiftSeedDates(trx, now));
  // Every row was rewritten: without fresh statistics and visibility the planner scans tables.
  await sql`VACUUM ANALYZE`.execute(db);
}
