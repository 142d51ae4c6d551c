import { sql, type Kysely } from 'kysely';

/**
 * How many rows each large list has, per day and per value of the filters a list screen offers,
 * kept by the database in the same transaction as the rows (statement-level triggers over the
 * statement's transition tables, so a batch of rows costs one upsert per group, not one per row).
 *
 * Two uses: a list's total without counting its rows (an unfiltered or status-filtered list of
 * millions answers as fast as one of ten), and a deep page without skipping the rows before it (the
 * days before the page add up to its position, and only the rows of one day are skipped).
 *
 * Days are UTC days of the list's default sort column: any split works for positions, and the
 * default sort is what the pager walks. Triggers do nothing during a bulk load (see
 * db/maintained-totals.ts), which calls rebuild_list_counts() once instead.
 */
export interface CountedTable {
  /** The list's name in list_counts. */
  list: string;
  table: string;
  /** The default sort column: what a day is a day of. */
  day: string;
  /** The filter values counted apart: a status, and a kind (type, role). Text; '' when none. */
  status: string;
  kind: string;
}

export const COUNTED_TABLES: readonly CountedTable[] = [
  { list: 'users', table: 'users', day: 'created_at', status: 'status::text', kind: 'is_influencer::text' },
  { list: 'influencer_requests', table: 'influencer_requests', day: 'updated_at', status: 'status', kind: "''" },
  { list: 'video_calls', table: 'video_calls', day: 'created_at', status: 'status', kind: "''" },
  { list: 'transactions', table: 'transactions', day: 'created_at', status: 'status', kind: 'type' },
  { list: 'payout_requests', table: 'payout_requests', day: 'created_at', status: 'status', kind: "''" },
  { list: 'payouts', table: 'payouts', day: 'paid_at', status: "''", kind: "''" },
  { list: 'redemptions', table: 'redemptions', day: 'created_at', status: "''", kind: "''" },
  { list: 'notifications', table: 'notifications', day: 'created_at', status: 'is_read::text', kind: "''" },
];

const dayOf = (c: CountedTable, alias: string) => `(${alias}.${c.day} AT TIME ZONE 'UTC')::date`;
const keyOf = (c: CountedTable, alias: string) =>
  `${dayOf(c, alias)}, (${prefixed(c.status, alias)}), (${prefixed(c.kind, alias)})`;
/** Qualifies the column an expression starts with ("status::text" → "o.status::text"). */
const prefixed = (expr: string, alias: string) => (/^[a-z_]/.test(expr) ? `${alias}.${expr}` : expr);

/** Adds (sign 1) or takes away (sign -1) the rows of `from` to their groups. */
const applyDelta = (c: CountedTable, from: string, sign: 1 | -1) => `
    INSERT INTO list_counts AS lc (list, day, status, kind, n)
    SELECT '${c.list}', ${keyOf(c, 'r')}, ${sign} * count(*) FROM ${from} GROUP BY 1, 2, 3, 4
    ON CONFLICT (list, day, status, kind) DO UPDATE SET n = lc.n + EXCLUDED.n;`;

export function triggerFunction(c: CountedTable): string {
  // An update moves only the rows whose day, status or kind changed; most updates change none.
  const changed = (side: 'o' | 'n') => `(
      SELECT ${side}.* FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (${keyOf(c, 'o')}) IS DISTINCT FROM (${keyOf(c, 'n')})) r`;
  return `
  CREATE FUNCTION list_counts_${c.table}() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    IF current_setting('backoffice.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
    IF TG_OP = 'INSERT' THEN${applyDelta(c, 'new_rows r', 1)}
    ELSIF TG_OP = 'DELETE' THEN${applyDelta(c, 'old_rows r', -1)}
    ELSE${applyDelta(c, changed('o'), -1)}${applyDelta(c, changed('n'), 1)}
    END IF;
    RETURN NULL;
  END $fn$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE list_counts (
      list text NOT NULL,
      day date NOT NULL,
      status text NOT NULL,
      kind text NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (list, day, status, kind)
    )`.execute(db);

  // TRUNCATE has no transition table: it empties the list's counts as it empties the rows.
  await sql`
    CREATE FUNCTION list_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM list_counts WHERE list = TG_ARGV[0];
      RETURN NULL;
    END $fn$`.execute(db);

  for (const c of COUNTED_TABLES) await countTable(db, c);

  // The notifications search: its description by trigram, its senders' notifications by sender.
  await sql`CREATE INDEX notifications_description_trgm ON notifications USING gin (description gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX notifications_sender_created ON notifications (sender_id, created_at, id)`.execute(db);

  await sql.raw(`CREATE FUNCTION ${rebuildFunction(COUNTED_TABLES)}`).execute(db);
  await sql`SELECT rebuild_list_counts()`.execute(db);
}

/** The triggers that keep a table's rows counted in list_counts (its function included). */
export async function countTable(db: Kysely<unknown>, c: CountedTable): Promise<void> {
  await sql
    .raw(
      `CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON ${c.table}
       FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncate('${c.list}')`,
    )
    .execute(db);
  await sql.raw(triggerFunction(c)).execute(db);
  const fn = `list_counts_${c.table}()`;
  await sql
    .raw(
      `CREATE TRIGGER list_counts_insert AFTER INSERT ON ${c.table}
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER list_counts_update AFTER UPDATE ON ${c.table}
       REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER list_counts_delete AFTER DELETE ON ${c.table}
       REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`,
    )
    .execute(db);
}

/** rebuild_list_counts(): every count of `tables` read again from their rows (after a bulk load). */
export function rebuildFunction(tables: readonly CountedTable[]): string {
  const fills = tables
    .map(
      (c) => `
    INSERT INTO list_counts (list, day, status, kind, n)
    SELECT '${c.list}', ${keyOf(c, 'r')}, count(*) FROM ${c.table} r GROUP BY 1, 2, 3, 4;`,
    )
    .join('');
  return `rebuild_list_counts() RETURNS void LANGUAGE plpgsql AS $fn$
       BEGIN
         DELETE FROM list_counts;${fills}
       END $fn$`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of COUNTED_TABLES) {
    for (const t of ['insert', 'update', 'delete', 'truncate']) {
      await sql.raw(`DROP TRIGGER IF EXISTS list_counts_${t} ON ${c.table}`).execute(db);
    }
    await sql.raw(`DROP FUNCTION IF EXISTS list_counts_${c.table}()`).execute(db);
  }
  await sql`DROP INDEX IF EXISTS notifications_sender_created`.execute(db);
  await sql`DROP INDEX IF EXISTS notifications_description_trgm`.execute(db);
  await sql`DROP FUNCTION IF EXISTS rebuild_list_counts()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS list_counts_truncate()`.execute(db);
  await sql`DROP TABLE IF EXISTS list_counts`.execute(db);
}
