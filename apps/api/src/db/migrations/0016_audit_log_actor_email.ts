import { sql, type Kysely } from 'kysely';

/**
 * The audit log filtered by who, by the email they acted as, newest first: a walk of one index.
 * The email, not only the admin's id, because a failed sign-in names an email that may belong to no
 * admin, and an entry keeps the email its admin had when it was written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX audit_log_actor_email_created ON audit_log (lower(actor_email), created_at DESC, id DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS audit_log_actor_email_created`.execute(db);
}
