import { sql, type Kysely } from 'kysely';

/**
 * A session opened with the documented default password may only change it (issue 16): the flag
 * lives on the session, so the password change's fresh session is an ordinary one, and an install
 * upgraded with the default still in place is caught at its next sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admin_sessions ADD COLUMN password_change_required boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admin_sessions DROP COLUMN password_change_required`.execute(db);
}
