import { sql, type Kysely } from 'kysely';
import { COUNTED_TABLES, type CountedTable } from './0007_list_counts';
import { DISCOUNT_CODES } from './0012_discount_code_counts';
import { AUDIT_LOG } from './0016_audit_log_counts';

/**
 * How many rows each counted list has per UTC hour (and per filter value), beside its days
 * (list_counts, migration 0007): a deep page finds its day from the days, then, when that day holds
 * many rows (tens of thousands a day at scale 500), its hour from the day's hours, and skips only
 * the rows of one hour before it instead of the rows of one day.
 *
 * Kept by the same statement-level triggers as the days, in the same statement (the functions of
 * 0007, 0012 and 0016 are re-created here to write both), emptied by the same TRUNCATE trigger, and
 * rebuilt with the days by rebuild_list_counts() after a bulk load.
 */
const TABLES: readonly CountedTable[] = [...COUNTED_TABLES, DISCOUNT_CODES, AUDIT_LOG];

const dayOf = (c: CountedTable, alias: string) => `(${alias}.${c.day} AT TIME ZONE 'UTC')::date`;
/** The UTC hour a row falls on, as a timestamp without time zone (its day's midnight plus hours). */
const hourOf = (c: CountedTable, alias: string) => `date_trunc('hour', ${alias}.${c.day} AT TIME ZONE 'UTC')`;
/** Qualifies the column an expression starts with ("status::text" → "o.status::text"). */
const prefixed = (expr: string, alias: string) => (/^[a-z_]/.test(expr) ? `${alias}.${expr}` : expr);
const filtersOf = (c: CountedTable, alias: string) => `(${prefixed(c.status, alias)}), (${prefixed(c.kind, alias)})`;

/**
 * Adds (sign 1) or takes away (sign -1) the rows of `from` to their days and to their hours, each in
 * key order: two statements inserting rows of the same days and hours then take those counts' row
 * locks in the same order, so that one waits for the other instead of each holding one the other needs.
 */
const applyDelta = (c: CountedTable, from: string, sign: 1 | -1) => `
    INSERT INTO list_counts AS lc (list, day, status, kind, n)
    SELECT '${c.list}', ${dayOf(c, 'r')}, ${filtersOf(c, 'r')}, ${sign} * count(*) FROM ${from} GROUP BY 1, 2, 3, 4
    ORDER BY 2, 3, 4
    ON CONFLICT (list, day, status, kind) DO UPDATE SET n = lc.n + EXCLUDED.n;
    INSERT INTO list_hour_counts AS lh (list, hour, status, kind, n)
    SELECT '${c.list}', ${hourOf(c, 'r')}, ${filtersOf(c, 'r')}, ${sign} * count(*) FROM ${from} GROUP BY 1, 2, 3, 4
    ORDER BY 2, 3, 4
    ON CONFLICT (list, hour, status, kind) DO UPDATE SET n = lh.n + EXCLUDED.n;`;

/** The trigger function of 0007, writing the hours too. */
function triggerFunction(c: CountedTable, hours: boolean): string {
  const delta = hours ? applyDelta : applyDayDelta;
  // An update moves only the rows whose hour, status or kind changed; most updates change none.
  const key = (alias: string) => `${hours ? hourOf(c, alias) : dayOf(c, alias)}, ${filtersOf(c, alias)}`;
  const changed = (side: 'o' | 'n') => `(
      SELECT ${side}.* FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (${key('o')}) IS DISTINCT FROM (${key('n')})) r`;
  return `
  CREATE OR REPLACE FUNCTION list_counts_${c.table}() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    IF current_setting('backoffice.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
    IF TG_OP = 'INSERT' THEN${delta(c, 'new_rows r', 1)}
    ELSIF TG_OP = 'DELETE' THEN${delta(c, 'old_rows r', -1)}
    ELSE${delta(c, changed('o'), -1)}${delta(c, changed('n'), 1)}
    END IF;
    RETURN NULL;
  END $fn$`;
}

/** The days alone, as 0007 wrote them (for down). */
const applyDayDelta = (c: CountedTable, from: string, sign: 1 | -1) => `
    INSERT INTO list_counts AS lc (list, day, status, kind, n)
    SELECT '${c.list}', ${dayOf(c, 'r')}, ${filtersOf(c, 'r')}, ${sign} * count(*) FROM ${from} GROUP BY 1, 2, 3, 4
    ON CONFLICT (list, day, status, kind) DO UPDATE SET n = lc.n + EXCLUDED.n;`;

/** rebuild_list_counts(): the days and (with `hours`) the hours of every counted list, read again from their rows. */
function rebuildFunction(hours: boolean): string {
  const fills = TABLES.map(
    (c) => `
    INSERT INTO list_counts (list, day, status, kind, n)
    SELECT '${c.list}', ${dayOf(c, 'r')}, ${filtersOf(c, 'r')}, count(*) FROM ${c.table} r GROUP BY 1, 2, 3, 4;${
      hours
        ? `
    INSERT INTO list_hour_counts (list, hour, status, kind, n)
    SELECT '${c.list}', ${hourOf(c, 'r')}, ${filtersOf(c, 'r')}, count(*) FROM ${c.table} r GROUP BY 1, 2, 3, 4;`
        : ''
    }`,
  ).join('');
  return `CREATE OR REPLACE FUNCTION rebuild_list_counts() RETURNS void LANGUAGE plpgsql AS $fn$
       BEGIN
         DELETE FROM list_counts;${hours ? '\n         DELETE FROM list_hour_counts;' : ''}${fills}
       END $fn$`;
}

const truncateFunction = (hours: boolean) => `
    CREATE OR REPLACE FUNCTION list_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM list_counts WHERE list = TG_ARGV[0];${hours ? '\n      DELETE FROM list_hour_counts WHERE list = TG_ARGV[0];' : ''}
      RETURN NULL;
    END $fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Hours of one list and filter value in order: a day's 24 hours are one range of the key.
  await sql`
    CREATE TABLE list_hour_counts (
      list text NOT NULL,
      hour timestamp NOT NULL,
      status text NOT NULL,
      kind text NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (list, hour, status, kind)
    )`.execute(db);
  await sql.raw(truncateFunction(true)).execute(db);
  for (const c of TABLES) await sql.raw(triggerFunction(c, true)).execute(db);
  await sql.raw(rebuildFunction(true)).execute(db);
  for (const c of TABLES) {
    await sql
      .raw(
        `INSERT INTO list_hour_counts (list, hour, status, kind, n)
         SELECT '${c.list}', ${hourOf(c, 'r')}, ${filtersOf(c, 'r')}, count(*) FROM ${c.table} r GROUP BY 1, 2, 3, 4`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of TABLES) await sql.raw(triggerFunction(c, false)).execute(db);
  await sql.raw(truncateFunction(false)).execute(db);
  await sql.raw(rebuildFunction(false)).execute(db);
  await sql`DROP TABLE IF EXISTS list_hour_counts`.execute(db);
}
