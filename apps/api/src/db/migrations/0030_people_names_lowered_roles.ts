import { sql, type Kysely } from 'kysely';
import {
  PEOPLE_NAMES_REBUILD,
  PEOPLE_NAMES_ROLES as ROLES,
  PEOPLE_NAMES_TABLE,
  peopleNamesFunctions,
} from './0027_people_names';

/**
 * people_names in lower case, and with who applied and who sent a notification.
 *
 * Lower case: searches test the names with LIKE against the lower-cased pattern (user-list.ts
 * peopleMatching). For a multi-byte database ILIKE is exactly lower(name) LIKE lower(pattern), but
 * it lower-cases every name it reads, a copy each: "smith" at 2M payments reads its 995 people in
 * 0.96 ms with ILIKE and 0.41 ms with LIKE on the same rows.
 *
 * Roles: the applications and the notifications are searched through people few of whom have any
 * (4,000 applicants and 10,840 senders of 92,000 users at scale 40), and their exact count (up to
 * 1,001) read every person the search matched, most of them for nothing. Each has a trigram index
 * of its own people's names, partial on the flag, so that a search finds only people who have rows
 * there. A flag is set when the person's first row is written (people_names_roles_follow) and left
 * when the rows go: it only narrows where to look, and a person without rows is found for nothing.
 *
 * The table is made again rather than updated: rewritten in place, every row would leave a dead
 * copy behind until a vacuum (which cannot run inside the migration's transaction), and a search
 * would read twice the pages. Its trigram indexes are built after the rows are in, one pass each.
 */
const PEOPLE_NAMES_WITH_ROLES = `CREATE TABLE people_names (
  id uuid PRIMARY KEY,
  is_influencer boolean NOT NULL,
  names text NOT NULL,
  person text NOT NULL,
  applicant boolean NOT NULL DEFAULT false,
  sender boolean NOT NULL DEFAULT false
)`;

const TRIGRAM_INDEXES = [
  'CREATE INDEX people_names_names_trgm ON people_names USING gin (names gin_trgm_ops)',
  'CREATE INDEX people_names_person_trgm ON people_names USING gin (person gin_trgm_ops)',
  'CREATE INDEX people_names_influencer_person_trgm ON people_names USING gin (person gin_trgm_ops) WHERE is_influencer',
];

const ROLE_INDEXES = [
  'CREATE INDEX people_names_applicant_person_trgm ON people_names USING gin (person gin_trgm_ops) WHERE applicant',
  'CREATE INDEX people_names_sender_names_trgm ON people_names USING gin (names gin_trgm_ops) WHERE sender',
];

async function remake(db: Kysely<unknown>, roles: boolean): Promise<void> {
  for (const statement of peopleNamesFunctions({ lowered: roles, roles })) await sql.raw(statement).execute(db);
  await sql`DROP TABLE people_names`.execute(db);
  await sql.raw(roles ? PEOPLE_NAMES_WITH_ROLES : PEOPLE_NAMES_TABLE).execute(db);
  await sql.raw(`SELECT ${PEOPLE_NAMES_REBUILD}()`).execute(db);
  for (const index of [...TRIGRAM_INDEXES, ...(roles ? ROLE_INDEXES : [])]) await sql.raw(index).execute(db);
  await sql`ANALYZE people_names`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await remake(db, true);
  // Only a person's first row writes the flag: the UPDATE finds it set for the rest and writes nothing.
  await sql
    .raw(
      `CREATE FUNCTION people_names_roles_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF current_setting('backoffice.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
        ${ROLES.map(
          ([table, column, flag]) => `IF TG_TABLE_NAME = '${table}' THEN
          UPDATE people_names SET ${flag} = true
          WHERE id IN (SELECT ${column} FROM new_rows) AND NOT ${flag};
        END IF;`,
        ).join('\n        ')}
        RETURN NULL;
      END $fn$`,
    )
    .execute(db);
  // A row moved to another person (none is, in the product) flags them: a row trigger that fires
  // only when the column changes, so that the updates that do happen (a notification read, a
  // decision) cost nothing more.
  await sql
    .raw(
      `CREATE FUNCTION people_names_roles_moved() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        ${ROLES.map(
          ([table, column, flag]) => `IF TG_TABLE_NAME = '${table}' THEN
          UPDATE people_names SET ${flag} = true WHERE id = NEW.${column} AND NOT ${flag};
        END IF;`,
        ).join('\n        ')}
        RETURN NULL;
      END $fn$`,
    )
    .execute(db);
  for (const [table, column] of ROLES) {
    await sql
      .raw(
        `CREATE TRIGGER people_names_roles_insert AFTER INSERT ON ${table}
         REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_names_roles_follow()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER people_names_roles_moved AFTER UPDATE OF ${column} ON ${table} FOR EACH ROW
         WHEN (NEW.${column} IS DISTINCT FROM OLD.${column}) EXECUTE FUNCTION people_names_roles_moved()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of ROLES) {
    for (const trigger of ['people_names_roles_insert', 'people_names_roles_moved']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`).execute(db);
    }
  }
  await sql`DROP FUNCTION IF EXISTS people_names_roles_follow()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS people_names_roles_moved()`.execute(db);
  await remake(db, false);
}
