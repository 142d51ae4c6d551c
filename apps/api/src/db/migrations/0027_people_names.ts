import { sql, type Kysely } from 'kysely';

/**
 * Every person's searchable names in one narrow row (people_names), for the lists searched through
 * the people their rows name (lib/list.ts peopleSearchPageIds, user-list.ts peopleMatching).
 *
 * Such a search reads each matching person once. Read from users, that is a row of ~860 bytes
 * (126,000 pages at scale 500) rechecked against four expressions found through four trigram
 * indexes: "ann" matched 25,698 people there in 80-140 ms. Here a row is the id, whether an
 * influencer, and two texts, each with one trigram index: 15 ms for the same people.
 *
 * `names`: user name and display name (a call's parties, a redeemer, a sender); `person`: those,
 * the email and the full name (a payer, an applicant, an influencer paid). The parts are joined by
 * U+001F (the unit separator): a contains-pattern without it matches across the parts only where it
 * would match one of them, the same people as testing each part; a search that holds it reads users
 * instead (peopleMatching).
 *
 * Kept by statement-level triggers on users in the same transaction as the rows, skipped during a
 * bulk load (db/maintained-totals.ts), which calls rebuild_people_names() once at the end.
 */
const SEPARATOR = `E'\\x1f'`;
const namesOf = (u: string) => `${u}.user_name::text || ${SEPARATOR} || ${u}.display_name`;
const personOf = (u: string) =>
  `${namesOf(u)} || ${SEPARATOR} || ${u}.email::text || ${SEPARATOR} || ${u}.first_name || ' ' || ${u}.last_name`;

export const PEOPLE_NAMES_REBUILD = 'rebuild_people_names';

export const PEOPLE_NAMES_TABLE = `CREATE TABLE people_names (
  id uuid PRIMARY KEY,
  is_influencer boolean NOT NULL,
  names text NOT NULL,
  person text NOT NULL
)`;

/**
 * The lists whose rows name people few of whom have any, and people_names' flag of those who have
 * (migration 0030): [table, the column that names the person, flag].
 */
export const PEOPLE_NAMES_ROLES = [
  ['influencer_requests', 'user_id', 'applicant'],
  ['notifications', 'sender_id', 'sender'],
] as const;

/** A person's payments as a payer in people_names (migration 0032), in the order of payer_totals' sums. */
export const PAID_COLUMNS = ['paid_count', 'paid_amount_cents', 'paid_payable_cents'] as const;

/** What a version of people_names holds beyond the names (see peopleNamesFunctions). */
export interface PeopleNamesShape {
  /** The names in lower case (migration 0030). */
  lowered: boolean;
  /** Whether each person has applied (`applicant`) or sent a notification (`sender`) (migration 0030). */
  roles: boolean;
  /**
   * What the lists read beside the names (migration 0032): when the person joined (`created_at`),
   * their payments as a payer, every status and type (`paid_count`, `paid_amount_cents`,
   * `paid_payable_cents`, summed from payer_totals), and how many redemptions they made
   * (`redeemed_count`).
   */
  listed?: boolean;
}

/**
 * The trigger function on users and the rebuild, as `CREATE OR REPLACE` statements, for a shape of
 * the table: `lowered`, the names kept in lower case, as ILIKE compares them, so that a search tests
 * them with LIKE and spares lower-casing every name it reads; `roles`, the rebuild also sets the
 * flags of who applied and who sent a notification (kept on insert by people_names_roles_follow).
 */
export function peopleNamesFunctions(shape: PeopleNamesShape): string[] {
  const text = (expression: string) => (shape.lowered ? `lower(${expression})` : expression);
  const listed = (u: string) => (shape.listed ? [`${u}.created_at`] : []);
  const rowOf = (u: string) =>
    [`${u}.id`, `${u}.is_influencer`, text(namesOf(u)), text(personOf(u)), ...listed(u)].join(', ');
  const named = ['id', 'is_influencer', 'names', 'person', ...(shape.listed ? ['created_at'] : [])];
  const columns = `(${named.join(', ')})`;
  const upsert = `ON CONFLICT (id) DO UPDATE SET ${named
    .slice(1)
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', ')}`;
  // What a row is compared by to tell whether an update changed it.
  const followed = (u: string) => [`${u}.is_influencer`, personOf(u), ...(shape.listed ? [`${u}.created_at`] : [])];
  const roles = shape.roles ? PEOPLE_NAMES_ROLES : [];
  const counts = shape.listed ? [...PAID_COLUMNS, 'redeemed_count'] : [];
  const rebuiltColumns = [...named, ...roles.map(([, , flag]) => flag), ...counts];
  const rebuiltValues = [
    rowOf('u'),
    ...roles.map(([table, column]) => `EXISTS (SELECT 1 FROM ${table} r WHERE r.${column} = u.id)`),
    ...(shape.listed ? [...PAID_COLUMNS.map((c) => `coalesce(paid.${c}, 0)`), 'coalesce(redeemed.n, 0)'] : []),
  ];
  // One pass over payer_totals and one over redemptions, summed per person, joined to the users by hash.
  const joined = shape.listed
    ? ` LEFT JOIN (SELECT user_id, sum(count) AS paid_count, sum(amount_cents) AS paid_amount_cents,
          sum(payable_amount_cents) AS paid_payable_cents FROM payer_totals GROUP BY user_id) AS paid ON paid.user_id = u.id
        LEFT JOIN (SELECT user_id, count(*) AS n FROM redemptions GROUP BY user_id) AS redeemed ON redeemed.user_id = u.id`
    : '';
  const rebuilt = `INSERT INTO people_names (${rebuiltColumns.join(', ')}) SELECT ${rebuiltValues.join(', ')} FROM users u${joined}`;
  // The payer totals and the redemptions are read, so that neither may be written meanwhile either.
  const locked = [...roles.map(([table]) => table), ...(shape.listed ? ['transactions', 'redemptions'] : [])];
  return [
    `CREATE OR REPLACE FUNCTION people_names_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF current_setting('backoffice.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
      IF TG_OP = 'INSERT' THEN
        INSERT INTO people_names ${columns} SELECT ${rowOf('n')} FROM new_rows n ${upsert};
      ELSIF TG_OP = 'UPDATE' THEN
        -- Most updates of a user (a sign-in, a balance) change none of the names: nothing written.
        INSERT INTO people_names ${columns} SELECT ${rowOf('n')} FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE (${followed('n').join(', ')}) IS DISTINCT FROM (${followed('o').join(', ')})
        ${upsert};
      ELSIF TG_OP = 'DELETE' THEN
        DELETE FROM people_names WHERE id IN (SELECT id FROM old_rows);
      ELSE
        -- TRUNCATE, which has no transition table (nor fires the DELETE triggers)
        DELETE FROM people_names;
      END IF;
      RETURN NULL;
    END $fn$`,
    // The SHARE locks wait for the writers in flight and hold new ones off while the names are
    // read again, so that none of their triggers writes a row (or a flag) this is about to replace.
    `CREATE OR REPLACE FUNCTION ${PEOPLE_NAMES_REBUILD}() RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      LOCK TABLE users IN SHARE MODE;
      ${locked.length > 0 ? `LOCK TABLE ${locked.join(', ')} IN SHARE MODE;` : ''}
      DELETE FROM people_names;
      ${rebuilt};
    END $fn$`,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(PEOPLE_NAMES_TABLE).execute(db);
  const [follow, rebuild] = peopleNamesFunctions({ lowered: false, roles: false });
  await sql.raw(follow!).execute(db);
  // One trigger per event: PostgreSQL refuses transition tables on a trigger for several events.
  for (const [event, transition] of [
    ['INSERT', 'REFERENCING NEW TABLE AS new_rows'],
    ['UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['DELETE', 'REFERENCING OLD TABLE AS old_rows'],
    ['TRUNCATE', ''],
  ] as const) {
    await sql
      .raw(
        `CREATE TRIGGER people_names_${event.toLowerCase()} AFTER ${event} ON users ${transition}
         FOR EACH STATEMENT EXECUTE FUNCTION people_names_follow()`,
      )
      .execute(db);
  }
  await sql.raw(rebuild!).execute(db);
  await sql.raw(`SELECT ${PEOPLE_NAMES_REBUILD}()`).execute(db);
  // Built after the rows are in: one pass over them instead of an index kept row by row.
  await sql`CREATE INDEX people_names_names_trgm ON people_names USING gin (names gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX people_names_person_trgm ON people_names USING gin (person gin_trgm_ops)`.execute(db);
  await sql`ANALYZE people_names`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP FUNCTION IF EXISTS ${PEOPLE_NAMES_REBUILD}()`).execute(db);
  for (const event of ['insert', 'update', 'delete', 'truncate']) {
    await sql.raw(`DROP TRIGGER IF EXISTS people_names_${event} ON users`).execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS people_names_follow()`.execute(db);
  await sql`DROP TABLE IF EXISTS people_names`.execute(db);
}
