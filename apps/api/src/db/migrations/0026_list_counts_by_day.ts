import { sql, type Kysely } from 'kysely';

/**
 * The days of a counted list in date order with their counts, for a deep page's start
 * (lib/list.ts startPosition): read from this index alone, newest (or oldest) day first, until the
 * page's position is reached. Over the primary key the days' rows were all read and summed before
 * the first day was looked at: about 7,000 rows of a two-year list at every scale (1.5-7 ms a deep
 * page, the plan depending on the table's statistics); in date order from here, a few index pages
 * (13 buffers, 0.2 ms for a position half-way down 2 million payments).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX list_counts_by_day ON list_counts (list, day) INCLUDE (status, kind, n)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS list_counts_by_day`.execute(db);
}
