import { sql, type Kysely } from 'kysely';
import { PEOPLE_NAMES_REBUILD, peopleNamesFunctions, type PeopleNamesShape } from './0027_people_names';

/**
 * people_names with what the fans and influencers lists search and sort by: `shown`, the names the
 * fans list shows and is searched by (user name, display name, email), and `created_at`, when the
 * person joined (the lists' default sort and their date filter).
 *
 * A search of those lists probes its matches for the count (up to 1,001) and, when they are few,
 * sorts them by date. Read from users, each match is a wide row found through three trigram indexes
 * and rechecked against three ILIKEs: "ann" among the fans at scale 40 read its 1,001 matches from
 * 890 pages in 2.8 ms, against 211 matches in 0.6 ms at scale 5, and the page grew with the data
 * (p95 under 10 clients x1.74). Here each match is one narrow row found through one index, with its
 * date beside it: 1.1 ms for the same 1,001, and no row of users read but the page's.
 *
 * The table is made again, as migration 0030 did, so that no dead copy of every row is left behind
 * and the trigram indexes are built once over the rows.
 */
const LISTED: PeopleNamesShape = { lowered: true, roles: true, listed: true };
const BEFORE: PeopleNamesShape = { lowered: true, roles: true };

const table = (listed: boolean) => `CREATE TABLE people_names (
  id uuid PRIMARY KEY,
  is_influencer boolean NOT NULL,
  names text NOT NULL,
  person text NOT NULL,
  applicant boolean NOT NULL DEFAULT false,
  sender boolean NOT NULL DEFAULT false${
    listed
      ? `,
  shown text NOT NULL,
  created_at timestamptz NOT NULL`
      : ''
  }
)`;

const INDEXES = [
  'CREATE INDEX people_names_names_trgm ON people_names USING gin (names gin_trgm_ops)',
  'CREATE INDEX people_names_person_trgm ON people_names USING gin (person gin_trgm_ops)',
  'CREATE INDEX people_names_influencer_person_trgm ON people_names USING gin (person gin_trgm_ops) WHERE is_influencer',
  'CREATE INDEX people_names_applicant_person_trgm ON people_names USING gin (person gin_trgm_ops) WHERE applicant',
  'CREATE INDEX people_names_sender_names_trgm ON people_names USING gin (names gin_trgm_ops) WHERE sender',
];

/** The fans' names, in the fans' own index: the fans list never reads an influencer's. */
const FAN_INDEX =
  'CREATE INDEX people_names_fan_shown_trgm ON people_names USING gin (shown gin_trgm_ops) WHERE NOT is_influencer';

async function remake(db: Kysely<unknown>, shape: PeopleNamesShape): Promise<void> {
  for (const statement of peopleNamesFunctions(shape)) await sql.raw(statement).execute(db);
  await sql`DROP TABLE people_names`.execute(db);
  await sql.raw(table(shape.listed === true)).execute(db);
  await sql.raw(`SELECT ${PEOPLE_NAMES_REBUILD}()`).execute(db);
  for (const index of [...INDEXES, ...(shape.listed ? [FAN_INDEX] : [])]) await sql.raw(index).execute(db);
  await sql`ANALYZE people_names`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await remake(db, LISTED);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await remake(db, BEFORE);
}
