import { sql, type Kysely } from 'kysely';

/**
 * What the dashboard and the transaction totals add up, kept beside the rows, so that a figure over
 * any period reads a few dozen totals instead of every row of the period.
 *
 * Buckets: the dashboard counts days of the admin's zone, and every offset a zone has had since 1972
 * is a whole number of quarter hours, so a local day is always a run of whole 15-minute UTC buckets
 * and their sums equal the rows' own. Quarters alone would make a month 3,000 buckets per status
 * and all time 35,000 a year, so each total is also kept per UTC hour, day and month: a period is
 * read as its ragged quarters at each end, then hours, then days, then whole months (see
 * modules/dashboard/totals.ts), at most a few hundred rows whatever the tables hold. A bound that is
 * not on a quarter (a list's from/to can be any instant, and zones had other offsets before 1972)
 * is made exact by the reader from the rows of its few minutes.
 *
 * Payments are also totalled per payer (no time), for the totals of a payer search: the payers
 * found, then their totals, instead of every payment of each.
 *
 * Kept in the same transaction as the rows by statement-level AFTER triggers over the statement's
 * transition tables: one aggregate and one upsert per statement, however many rows it writes (the
 * seed's one UPDATE that moves every date included). Two writers adding to the same total meet on
 * the row lock of INSERT ... ON CONFLICT DO UPDATE, the second adding to what the first committed
 * (READ COMMITTED, the API's level); rows are upserted in key order, so that two statements adding
 * to the same totals take their locks in the same order. A total whose count falls to zero is
 * deleted, so that the tables hold only what the rows have (and a rebuild gives the same rows).
 * TRUNCATE fires no DELETE trigger: its own trigger empties the totals.
 *
 * A bulk load sets backoffice.bulk_load for its transaction (db/maintained-totals.ts): the
 * triggers then do nothing and the loader calls rebuild_daily_totals() once at the end.
 */

export type Grain = 'quarter' | 'hour' | 'day' | 'month';

interface Totalled {
  /** The table whose rows are counted. */
  rows: string;
  /** The table of their totals. */
  totals: string;
  /**
   * The instant that places a row in a time bucket: the column the lists' created-on range filters.
   * Without one, a total covers all time.
   */
  at?: string;
  /** The columns a total is kept apart by (named and typed as in `rows`). */
  keys: Array<[name: string, type: string]>;
  /** Integer columns summed besides the count. */
  sums: string[];
}

export const TOTALLED: readonly Totalled[] = [
  {
    rows: 'transactions',
    totals: 'transaction_totals',
    at: 'created_at',
    keys: [
      ['status', 'text'],
      ['type', 'text'],
    ],
    sums: ['amount_cents', 'payable_amount_cents'],
  },
  {
    rows: 'transactions',
    totals: 'payer_totals',
    keys: [
      ['user_id', 'uuid'],
      ['status', 'text'],
      ['type', 'text'],
    ],
    sums: ['amount_cents', 'payable_amount_cents'],
  },
  { rows: 'video_calls', totals: 'video_call_totals', at: 'created_at', keys: [['status', 'text']], sums: [] },
  // New fans of a week: fans and influencers apart (a fan who becomes an influencer moves).
  { rows: 'users', totals: 'user_totals', at: 'created_at', keys: [['is_influencer', 'boolean']], sums: [] },
  // The redemption history's date is when the code was redeemed.
  { rows: 'redemptions', totals: 'redemption_totals', at: 'redeemed_at', keys: [], sums: [] },
  // The pending requests and payout requests the dashboard shows: all time, by status.
  {
    rows: 'influencer_requests',
    totals: 'influencer_request_totals',
    at: 'created_at',
    keys: [['status', 'text']],
    sums: [],
  },
  {
    rows: 'payout_requests',
    totals: 'payout_request_totals',
    at: 'created_at',
    keys: [['status', 'text']],
    sums: ['payable_amount_cents'],
  },
];

/** The tables that have totals, each once. */
const COUNTED = [...new Set(TOTALLED.map((t) => t.rows))];

/**
 * Bucket starts. The quarter's origin is a UTC midnight; the others are truncated in UTC explicitly,
 * so that the session's TimeZone setting cannot move them.
 */
const BUCKET: Record<Grain, (instant: string) => string> = {
  quarter: (i) => `date_bin('15 minutes', ${i}, '2000-01-01 00:00:00+00')`,
  hour: (i) => `date_trunc('hour', ${i}, 'UTC')`,
  day: (i) => `date_trunc('day', ${i}, 'UTC')`,
  month: (i) => `date_trunc('month', ${i}, 'UTC')`,
};
const COARSER: Grain[] = ['hour', 'day', 'month'];

const list = (names: string[]) => names.join(', ');

/**
 * What adding the rows of `source` (each with a `sign` of 1 or -1) does to the totals, at every
 * grain: the CTEs that sum them, and the upsert that adds the sums. Rows are summed per quarter
 * first and the coarser grains from those sums, so that a statement of millions of rows is
 * aggregated once.
 */
function delta(t: Totalled, source: string): { ctes: string; upsert: string } {
  const keys = t.keys.map(([k]) => k);
  const measures = ['count', ...t.sums];
  const sums = ['sum(sign)::bigint AS count', ...t.sums.map((s) => `sum(sign * ${s})::bigint AS ${s}`)];
  const conflict = [...(t.at ? ['grain', 'bucket'] : []), ...keys];
  const all = [...conflict, ...measures];
  let ctes: string;
  if (!t.at) {
    ctes = `deltas AS (
      SELECT ${list([...keys, ...sums])} FROM (${source}) r GROUP BY ${list(keys)}
    )`;
  } else {
    const rolledUp = measures.map((m) => `sum(${m})::bigint`);
    const coarser = COARSER.map(
      (g) => `
      UNION ALL SELECT '${g}', ${BUCKET[g]('bucket')}, ${list([...keys, ...rolledUp])} FROM quarters
        GROUP BY ${list(['2', ...keys])}`,
    ).join('');
    ctes = `quarters AS (
      SELECT ${BUCKET.quarter(t.at)} AS bucket, ${list([...keys, ...sums])}
      FROM (${source}) r GROUP BY ${list(['1', ...keys])}
    ), deltas (${list(all)}) AS (
      SELECT 'quarter', ${list(['bucket', ...keys, ...measures])} FROM quarters${coarser}
    )`;
  }
  return {
    ctes,
    upsert: `INSERT INTO ${t.totals} AS t (${list(all)})
    SELECT ${list(all)} FROM deltas WHERE ${measures.map((m) => `${m} <> 0`).join(' OR ')}
    ORDER BY ${list(conflict)}
    ON CONFLICT (${list(conflict)}) DO UPDATE SET ${measures.map((m) => `${m} = t.${m} + EXCLUDED.${m}`).join(', ')}`,
  };
}

/** The rows of a transition table (or of the table itself) with the columns the totals read. */
const signed = (t: Totalled, from: string, sign: 1 | -1) =>
  `SELECT ${list([...(t.at ? [t.at] : []), ...t.keys.map(([k]) => k), ...t.sums])}, ${sign} AS sign FROM ${from}`;

/** The trigger function of a table: adds each statement's rows to every total kept of them. */
function triggerFunction(rows: string): string {
  const totals = TOTALLED.filter((t) => t.rows === rows);
  // The upsert's RETURNING cannot feed a DELETE of the same rows in the same statement (a statement
  // may not modify a row twice): the emptied totals are collected, then deleted.
  const apply = (side: (t: Totalled) => string) =>
    totals
      .map((t) => {
        const d = delta(t, side(t));
        return `
      WITH ${d.ctes}, applied AS (
        ${d.upsert}
        RETURNING t.ctid, t.count
      )
      SELECT array_agg(ctid) INTO emptied FROM applied WHERE count = 0;
      IF emptied IS NOT NULL THEN
        DELETE FROM ${t.totals} WHERE ctid = ANY (emptied) AND count = 0;
      END IF;`;
      })
      .join('');
  return `
  CREATE FUNCTION daily_totals_${rows}() RETURNS trigger LANGUAGE plpgsql AS $fn$
  DECLARE
    emptied tid[];
  BEGIN
    IF current_setting('backoffice.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
    IF TG_OP = 'INSERT' THEN${apply((t) => signed(t, 'new_rows', 1))}
    ELSIF TG_OP = 'DELETE' THEN${apply((t) => signed(t, 'old_rows', -1))}
    ELSIF TG_OP = 'UPDATE' THEN
      -- Both sides: an update that changes none of the counted columns nets to nothing and writes nothing.${apply(
        (t) => `${signed(t, 'old_rows', -1)} UNION ALL ${signed(t, 'new_rows', 1)}`,
      )}
    ELSE
      -- TRUNCATE, which has no transition table (nor fires the DELETE triggers)${totals
        .map(
          (t) => `
      DELETE FROM ${t.totals};`,
        )
        .join('')}
    END IF;
    RETURN NULL;
  END $fn$`;
}

const REBUILD = 'rebuild_daily_totals';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of TOTALLED) {
    const columns = [
      ...(t.at
        ? [`grain text NOT NULL CHECK (grain IN ('quarter', 'hour', 'day', 'month'))`, 'bucket timestamptz NOT NULL']
        : []),
      ...t.keys.map(([k, type]) => `${k} ${type} NOT NULL`),
      'count bigint NOT NULL',
      ...t.sums.map((s) => `${s} bigint NOT NULL`),
      `PRIMARY KEY (${list([...(t.at ? ['grain', 'bucket'] : []), ...t.keys.map(([k]) => k)])})`,
    ];
    await sql.raw(`CREATE TABLE ${t.totals} (\n  ${columns.join(',\n  ')}\n)`).execute(db);
  }

  for (const rows of COUNTED) {
    await sql.raw(triggerFunction(rows)).execute(db);
    // One trigger per event: PostgreSQL refuses transition tables on a trigger for several events.
    const events: Array<[string, string]> = [
      ['INSERT', 'REFERENCING NEW TABLE AS new_rows'],
      ['UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
      ['DELETE', 'REFERENCING OLD TABLE AS old_rows'],
      ['TRUNCATE', ''],
    ];
    for (const [event, transition] of events) {
      await sql
        .raw(
          `CREATE TRIGGER daily_totals_${event.toLowerCase()} AFTER ${event} ON ${rows} ${transition}
           FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_${rows}()`,
        )
        .execute(db);
    }
  }

  // The SHARE lock waits for the writers in flight and holds new ones off while the totals are
  // recomputed, so that none of their triggers adds to a total this is about to replace.
  const refills = TOTALLED.map((t) => {
    const d = delta(t, signed(t, t.rows, 1));
    return `
        DELETE FROM ${t.totals};
        WITH ${d.ctes}
        ${d.upsert};`;
  }).join('');
  await sql
    .raw(
      `CREATE FUNCTION ${REBUILD}() RETURNS void LANGUAGE plpgsql AS $fn$
      BEGIN
        LOCK TABLE ${list(COUNTED)} IN SHARE MODE;${refills}
      END $fn$`,
    )
    .execute(db);
  await sql.raw(`SELECT ${REBUILD}()`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP FUNCTION IF EXISTS ${REBUILD}()`).execute(db);
  for (const rows of COUNTED) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql.raw(`DROP TRIGGER IF EXISTS daily_totals_${event} ON ${rows}`).execute(db);
    }
    await sql.raw(`DROP FUNCTION IF EXISTS daily_totals_${rows}()`).execute(db);
  }
  for (const t of TOTALLED) await sql.raw(`DROP TABLE IF EXISTS ${t.totals}`).execute(db);
}
