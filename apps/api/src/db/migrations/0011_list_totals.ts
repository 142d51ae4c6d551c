import { sql, type Kysely } from 'kysely';

/**
 * Each counted list's total per filter value, whatever the day: what list_counts (migration 0007)
 * adds up to, kept beside it so that a list's "of Z entries" reads a handful of rows instead of
 * summing one row per day and filter value (about 7,000 for two years of transactions: 1.2 ms on
 * every page, and growing with the years kept).
 *
 * Kept by statement-level triggers on list_counts itself, so that everything that moves a count
 * there (the tables' own triggers, a TRUNCATE's delete, rebuild_list_counts() after a bulk load)
 * moves this total in the same statement; list_counts' triggers already stay still during a bulk
 * load. Rows are locked in key order, so two writers never wait on each other in a circle.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE list_totals (
      list text NOT NULL,
      status text NOT NULL,
      kind text NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (list, status, kind)
    )`.execute(db);
  const add = (deltas: string) => `
      INSERT INTO list_totals AS lt (list, status, kind, n)
      SELECT list, status, kind, sum(n) FROM (${deltas}) AS d (list, status, kind, n) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (list, status, kind) DO UPDATE SET n = lt.n + EXCLUDED.n;`;
  await sql
    .raw(
      `CREATE FUNCTION list_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
       BEGIN
         IF TG_OP = 'INSERT' THEN${add('SELECT list, status, kind, n FROM new_rows')}
         ELSIF TG_OP = 'DELETE' THEN${add('SELECT list, status, kind, -n FROM old_rows')}
         ELSE${add('SELECT list, status, kind, n FROM new_rows UNION ALL SELECT list, status, kind, -n FROM old_rows')}
         END IF;
         RETURN NULL;
       END $fn$`,
    )
    .execute(db);
  await sql`
    CREATE TRIGGER list_totals_insert AFTER INSERT ON list_counts
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_totals_follow()`.execute(db);
  await sql`
    CREATE TRIGGER list_totals_update AFTER UPDATE ON list_counts
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_totals_follow()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER list_totals_delete AFTER DELETE ON list_counts
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_totals_follow()`.execute(db);
  await sql`
    INSERT INTO list_totals (list, status, kind, n)
    SELECT list, status, kind, sum(n) FROM list_counts GROUP BY 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['insert', 'update', 'delete']) {
    await sql.raw(`DROP TRIGGER IF EXISTS list_totals_${t} ON list_counts`).execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS list_totals_follow()`.execute(db);
  await sql`DROP TABLE IF EXISTS list_totals`.execute(db);
}
