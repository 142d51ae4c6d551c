import { sql, type Kysely } from 'kysely';

/**
 * A sign-in's second step (issue 28) is a signed challenge that any API instance accepts, kept
 * stateless; what makes it single use is this count. A challenge names the count it was issued at,
 * and a code accepted with it, an enrolment or a reset moves the count on: every challenge issued
 * before is spent, on every instance, without a table of challenges.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admins ADD COLUMN second_factor_counter integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admins DROP COLUMN second_factor_counter`.execute(db);
}
