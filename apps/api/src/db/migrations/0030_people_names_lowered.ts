import { sql, type Kysely } from 'kysely';
import { PEOPLE_NAMES_REBUILD, PEOPLE_NAMES_TABLE, peopleNamesFunctions } from './0027_people_names';

/**
 * people_names keeps each person's names in lower case, and searches test them with LIKE against
 * the lower-cased pattern (user-list.ts peopleMatching): for a multi-byte database, ILIKE is exactly
 * that, lower(name) LIKE lower(pattern), but it lower-cases every name it reads, a copy each. A name
 * search reads hundreds to thousands of names; for "smith" at 2M payments (995 people) reading them
 * took 0.96 ms with ILIKE and 0.41 ms with LIKE on the same rows.
 *
 * The table is made again rather than updated: rewritten in place, every row would leave a dead
 * copy behind until a vacuum (which cannot run inside the migration's transaction), and a search
 * would read twice the pages. Its trigram indexes are built after the rows are in, one pass each.
 */
const TRIGRAM_INDEXES = [
  'CREATE INDEX people_names_names_trgm ON people_names USING gin (names gin_trgm_ops)',
  'CREATE INDEX people_names_person_trgm ON people_names USING gin (person gin_trgm_ops)',
  'CREATE INDEX people_names_influencer_person_trgm ON people_names USING gin (person gin_trgm_ops) WHERE is_influencer',
];

async function remake(db: Kysely<unknown>, lowered: boolean): Promise<void> {
  for (const statement of peopleNamesFunctions(lowered)) await sql.raw(statement).execute(db);
  await sql`DROP TABLE people_names`.execute(db);
  await sql.raw(PEOPLE_NAMES_TABLE).execute(db);
  await sql.raw(`SELECT ${PEOPLE_NAMES_REBUILD}()`).execute(db);
  for (const index of TRIGRAM_INDEXES) await sql.raw(index).execute(db);
  await sql`ANALYZE people_names`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await remake(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await remake(db, false);
}
