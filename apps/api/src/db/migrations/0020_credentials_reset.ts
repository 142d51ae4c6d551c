import { sql, type Kysely } from 'kysely';

/**
 * When an admin's credentials were last replaced without the admin's old ones: a password reset by
 * emailed link, or a second factor reset by an Owner (issue 28). Whoever holds the account since
 * may not be the person it was given to, so for a while it cannot take part in a payout that needs
 * two approvals (modules/auth/credentials.ts). Filled from the audit log for the resets already made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admins ADD COLUMN credentials_reset_at timestamptz`.execute(db);
  await sql`
    UPDATE admins a SET credentials_reset_at = l.at
    FROM (
      SELECT record_id, max(created_at) AS at FROM audit_log
      WHERE action IN ('auth.passwordReset', 'auth.secondFactorReset') AND record_type = 'admin'
      GROUP BY record_id
    ) l
    WHERE l.record_id = a.id::text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admins DROP COLUMN credentials_reset_at`.execute(db);
}
