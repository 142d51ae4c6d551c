import { sql, type Kysely } from 'kysely';

/**
 * Every instance keeps the remote registry in memory (it is read on every page load) and drops it
 * when told the registry changed. The database tells them, whatever made the change: a release, a
 * halt, a start-up import, an operator's SQL. A statement-level trigger NOTIFYs on any write, which
 * PostgreSQL delivers to every listening instance only when the transaction commits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION release_registry_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('release_registry', '');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER release_registry_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON release_registry
    FOR EACH STATEMENT EXECUTE FUNCTION release_registry_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER release_registry_changed ON release_registry`.execute(db);
  await sql`DROP FUNCTION release_registry_changed()`.execute(db);
}
