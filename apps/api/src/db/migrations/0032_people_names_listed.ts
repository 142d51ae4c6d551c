import { sql, type Kysely } from 'kysely';
import { PAID_COLUMNS, PEOPLE_NAMES_REBUILD, peopleNamesFunctions, type PeopleNamesShape } from './0027_people_names';

/**
 * people_names with what the fans and influencers lists sort by, what a payments search totals and
 * what a redemptions search counts: `created_at`, when the person joined (those lists' default sort
 * and their date filter); each person's payments as a payer, every status and type (`paid_count`,
 * `paid_amount_cents`, `paid_payable_cents`); and how many redemptions they made
 * (`redeemed_count`, kept by a statement trigger on redemptions).
 *
 * A search of the people lists probes its matches for the count (up to 1,001) and, when they are
 * few, sorts them by date. Read from users, each match is a wide row found through three trigram
 * indexes and rechecked against three ILIKEs: "ann" among the fans at scale 40 read its 1,001
 * matches from 890 pages in 1.4 ms, against 211 matches in 0.4 ms at scale 5, and the page grew with
 * the data (p95 under 10 clients x1.74). Here each match is one narrow row found through one index,
 * its date beside it (the fans' user name, display name and email are `person` but its last part,
 * the full name, tested as the row is read: user-list.ts peopleMatching), and no row of users is
 * read but the page's.
 *
 * A payments search's totals (no status, type or range) summed every payer's totals: "smith" at
 * scale 40 found 995 payers and read 4,931 of their totals through 995 lookups, 2.1 ms against 0.37
 * at scale 5 (p95 under 10 clients x2.39). Here the sums are in the row the search finds: 0.5 ms,
 * the cost of finding the payers. They follow payer_totals by a statement trigger on it (one UPDATE
 * per statement, summed per payer over its transition tables), in the same transaction, and are
 * rebuilt from it with the names. The table is kept 10% free (fillfactor 90), so that a payment's
 * update of its payer's row can stay on the row's page (a HOT update, which writes no index entry
 * and leaves no dead row for the searches to skip).
 *
 * A redemptions search (no code filter or range) counted up to 1,001 redemptions by looking up each
 * redeemer's: "ann" at scale 40, 687 lookups in 2.1 ms against 0.7 at scale 5; from the counts kept
 * here, 0.5 and 0.3 ms.
 *
 * Nothing else is added: every search through people reads these rows, and each byte is read by all
 * of them.
 *
 * The table is made again, as migration 0030 did, so that no dead copy of every row is left behind
 * and the trigram indexes are built once over the rows.
 */
const LISTED: PeopleNamesShape = { lowered: true, roles: true, listed: true };
const BEFORE: PeopleNamesShape = { lowered: true, roles: true };

function table(listed: boolean): string {
  const columns = [
    'id uuid PRIMARY KEY',
    'is_influencer boolean NOT NULL',
    'names text NOT NULL',
    'person text NOT NULL',
    'applicant boolean NOT NULL DEFAULT false',
    'sender boolean NOT NULL DEFAULT false',
    ...(listed
      ? [
          'created_at timestamptz NOT NULL',
          ...[...PAID_COLUMNS, 'redeemed_count'].map((c) => `${c} bigint NOT NULL DEFAULT 0`),
        ]
      : []),
  ];
  return `CREATE TABLE people_names (\n  ${columns.join(',\n  ')}\n)${listed ? ' WITH (fillfactor = 90)' : ''}`;
}

/** The rows of a transition table of payer_totals, each total signed: added (1) or taken away (-1). */
const signed = (rows: string, sign: 1 | -1) =>
  `SELECT user_id, ${sign} * count AS count, ${sign} * amount_cents AS amount_cents,
    ${sign} * payable_amount_cents AS payable_amount_cents FROM ${rows}`;

/** Adds what the `changed` rows of payer_totals add up to, per payer, to their sums in people_names. */
const addPaid = (changed: string) => `WITH deltas AS (
      SELECT user_id, sum(count) AS count, sum(amount_cents) AS amount_cents,
        sum(payable_amount_cents) AS payable_amount_cents
      FROM (${changed}) AS changed GROUP BY user_id
      HAVING sum(count) <> 0 OR sum(amount_cents) <> 0 OR sum(payable_amount_cents) <> 0
    )
    UPDATE people_names p SET paid_count = p.paid_count + d.count,
      paid_amount_cents = p.paid_amount_cents + d.amount_cents,
      paid_payable_cents = p.paid_payable_cents + d.payable_amount_cents
    FROM deltas d WHERE p.id = d.user_id;`;

/**
 * Follows each statement on payer_totals (see the comment above); a bulk load skips it and
 * rebuilds people_names at its end.
 */
const PAID_FOLLOW = `CREATE FUNCTION people_names_paid_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    IF current_setting('backoffice.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
    IF TG_OP = 'INSERT' THEN
      ${addPaid(signed('new_rows', 1))}
    ELSIF TG_OP = 'UPDATE' THEN
      ${addPaid(`${signed('old_rows', -1)} UNION ALL ${signed('new_rows', 1)}`)}
    ELSIF TG_OP = 'DELETE' THEN
      ${addPaid(signed('old_rows', -1))}
    ELSE
      -- TRUNCATE, which has no transition table (nor fires the DELETE triggers)
      UPDATE people_names SET ${PAID_COLUMNS.map((c) => `${c} = 0`).join(', ')} WHERE paid_count <> 0;
    END IF;
    RETURN NULL;
  END $fn$`;

// One trigger per event: PostgreSQL refuses transition tables on a trigger for several events.
const EVENTS = [
  ['INSERT', 'REFERENCING NEW TABLE AS new_rows'],
  ['UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['DELETE', 'REFERENCING OLD TABLE AS old_rows'],
  ['TRUNCATE', ''],
] as const;

/** Adds each statement's redemptions, counted per redeemer, to their count in people_names. */
const addRedeemed = (changed: string) => `UPDATE people_names p SET redeemed_count = p.redeemed_count + d.n
      FROM (SELECT user_id, sum(n) AS n FROM (${changed}) AS changed WHERE user_id IS NOT NULL
        GROUP BY user_id HAVING sum(n) <> 0) AS d
      WHERE p.id = d.user_id;`;

/**
 * Follows each statement on redemptions: its inserts, deletes, and updates (which change who
 * redeemed only by mistake: the others net to nothing and write nothing; PostgreSQL refuses a
 * column list on a trigger with transition tables).
 */
const REDEEMED_FOLLOW = `CREATE FUNCTION people_names_redeemed_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    IF current_setting('backoffice.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
    IF TG_OP = 'INSERT' THEN
      ${addRedeemed('SELECT user_id, 1 AS n FROM new_rows')}
    ELSIF TG_OP = 'UPDATE' THEN
      ${addRedeemed('SELECT user_id, -1 AS n FROM old_rows UNION ALL SELECT user_id, 1 FROM new_rows')}
    ELSIF TG_OP = 'DELETE' THEN
      ${addRedeemed('SELECT user_id, -1 AS n FROM old_rows')}
    ELSE
      UPDATE people_names SET redeemed_count = 0 WHERE redeemed_count <> 0;
    END IF;
    RETURN NULL;
  END $fn$`;

/** The statement triggers that keep the counts beside the names: [name, table, function]. */
const FOLLOWERS = [
  ['people_names_paid', 'payer_totals', 'people_names_paid_follow'],
  ['people_names_redeemed', 'redemptions', 'people_names_redeemed_follow'],
] as const;

const INDEXES = [
  'CREATE INDEX people_names_names_trgm ON people_names USING gin (names gin_trgm_ops)',
  'CREATE INDEX people_names_person_trgm ON people_names USING gin (person gin_trgm_ops)',
  'CREATE INDEX people_names_influencer_person_trgm ON people_names USING gin (person gin_trgm_ops) WHERE is_influencer',
  'CREATE INDEX people_names_applicant_person_trgm ON people_names USING gin (person gin_trgm_ops) WHERE applicant',
  'CREATE INDEX people_names_sender_names_trgm ON people_names USING gin (names gin_trgm_ops) WHERE sender',
];

async function remake(db: Kysely<unknown>, shape: PeopleNamesShape): Promise<void> {
  for (const statement of peopleNamesFunctions(shape)) await sql.raw(statement).execute(db);
  await sql`DROP TABLE people_names`.execute(db);
  await sql.raw(table(shape.listed === true)).execute(db);
  await sql.raw(`SELECT ${PEOPLE_NAMES_REBUILD}()`).execute(db);
  for (const index of INDEXES) await sql.raw(index).execute(db);
  await sql`ANALYZE people_names`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await remake(db, LISTED);
  await sql.raw(PAID_FOLLOW).execute(db);
  await sql.raw(REDEEMED_FOLLOW).execute(db);
  for (const [name, on, fn] of FOLLOWERS) {
    for (const [event, transition] of EVENTS) {
      await sql
        .raw(
          `CREATE TRIGGER ${name}_${event.toLowerCase()} AFTER ${event} ON ${on}
           ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, on, fn] of FOLLOWERS) {
    for (const [event] of EVENTS) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${name}_${event.toLowerCase()} ON ${on}`).execute(db);
    }
    await sql.raw(`DROP FUNCTION IF EXISTS ${fn}()`).execute(db);
  }
  await remake(db, BEFORE);
}
