import { sql, type Kysely } from 'kysely';

/**
 * What a fans or influencers search reads, in people_names alone (user-list.ts listUsers). Such a
 * search counts its matches up to 1,001, then sorts them when few or, when many, walks the list in
 * its order until the page is full (lib/list.ts rowSearchPageIds).
 *
 * - `people_names_fan_shown_trgm`: a trigram index of what the fans list shows of each fan
 *   (`person` but its last part, the full name: user-list.ts SHOWN_NAMES), fans alone. Through
 *   people_names_person_trgm every candidate was a fan or an influencer whose names held the pattern
 *   anywhere, each read and tested twice (the whole `person`, then the part shown). "ann" at scale 40
 *   counted its 1,001 fans in 3.5-3.9 ms among 2,054 candidates; through this index, 1,788
 *   candidates, every one a match, tested once: 2.3-3.1 ms.
 * - `people_names_role_created`: the lists' default order, newest first, for the walk. It walked
 *   users_role_created instead, reading each user's wide row and testing three ILIKEs on it (204
 *   rows for "ann" at scale 40); a people_names row is narrow and tested by one LIKE.
 *
 * Neither indexes a column that a payment's update of a person's totals changes, so those updates
 * stay HOT.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX people_names_fan_shown_trgm ON people_names
    USING gin ((left(person, -1 - length(split_part(person, chr(31), 4)))) gin_trgm_ops)
    WHERE NOT is_influencer`.execute(db);
  await sql`CREATE INDEX people_names_role_created ON people_names (is_influencer, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS people_names_role_created`.execute(db);
  await sql`DROP INDEX IF EXISTS people_names_fan_shown_trgm`.execute(db);
}
