import { sql, type Kysely } from 'kysely';

/**
 * The audit log: who did what to which record, when, from where, and the fields before and after.
 * Append-only — the API has no path that updates or deletes an entry. An entry outlives its admin
 * (actor_id is cleared, actor_email keeps the name of who it was).
 *
 * Each filter of the screen, newest first, is a walk of one index, so a page costs the same at
 * millions of entries: all of them, one admin's, one action's, one record type's, one record's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      created_at timestamptz NOT NULL DEFAULT now(),
      actor_id uuid REFERENCES admins(id) ON DELETE SET NULL,
      actor_email text,
      action text NOT NULL,
      record_type text,
      record_id text,
      ip text,
      before jsonb,
      after jsonb
    )`.execute(db);
  const indexes: Array<[string, string]> = [
    ['audit_log_created', 'audit_log (created_at DESC, id DESC)'],
    ['audit_log_actor_created', 'audit_log (actor_id, created_at DESC, id DESC)'],
    ['audit_log_action_created', 'audit_log (action, created_at DESC, id DESC)'],
    ['audit_log_record_type_created', 'audit_log (record_type, created_at DESC, id DESC)'],
    ['audit_log_record_created', 'audit_log (record_type, record_id, created_at DESC, id DESC)'],
    // By the email acted as, not only the admin's id: a failed sign-in names an email that may be no
    // admin's, and an entry keeps the email its admin had when it was written.
    ['audit_log_actor_email_created', 'audit_log (lower(actor_email), created_at DESC, id DESC)'],
  ];
  for (const [name, on] of indexes) await sql.raw(`CREATE INDEX ${name} ON ${on}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS audit_log`.execute(db);
}
