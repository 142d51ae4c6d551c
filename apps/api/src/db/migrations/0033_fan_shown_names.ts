import { sql, type Kysely } from 'kysely';

/**
 * A trigram index of what the fans list shows of each fan (`person` but its last part, the full
 * name: user-list.ts SHOWN_NAMES), fans alone. A fans search counts its matches up to 1,001 before
 * it pages; through people_names_person_trgm every candidate was a fan or an influencer whose names
 * held the pattern anywhere, each read and tested twice (the whole `person`, then the part shown).
 * "ann" at scale 40 counted its 1,001 fans in 3.5 ms (median of 15) among 2,054 candidates; through
 * this index, 1,788 candidates, every one a match, tested once: 2.3-3.1 ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX people_names_fan_shown_trgm ON people_names
    USING gin ((left(person, -1 - length(split_part(person, chr(31), 4)))) gin_trgm_ops)
    WHERE NOT is_influencer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS people_names_fan_shown_trgm`.execute(db);
}
