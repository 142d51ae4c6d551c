import { sql, type Kysely } from 'kysely';

/**
 * Emails go through a table (issue 30): a change and the email it causes are written in one
 * transaction, and each instance's worker sends them later (modules/mail/outbox.ts), so no request
 * waits on a mail server and no email announces a change that was rolled back.
 *
 * - email_outbox_due: what a worker looks for, every second on every instance; only the emails not
 *   yet sent nor given up are in it, so it stays as small as the backlog.
 * - email_outbox_sent: the sweep of sent rows past their keeping time reads it, not the table.
 * - A statement-level trigger NOTIFYs on insert, which PostgreSQL delivers when the transaction
 *   commits: a worker wakes as soon as an email can be seen, not at its next poll.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      recipient text NOT NULL,
      subject text NOT NULL,
      html text NOT NULL,
      text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      sent_at timestamptz,
      failed_at timestamptz,
      last_error text
    )`.execute(db);
  await sql`
    CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at, id)
    WHERE sent_at IS NULL AND failed_at IS NULL`.execute(db);
  await sql`CREATE INDEX email_outbox_sent ON email_outbox (sent_at) WHERE sent_at IS NOT NULL`.execute(db);
  await sql`
    CREATE FUNCTION email_outbox_queued() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('email_outbox', '');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER email_outbox_queued AFTER INSERT ON email_outbox
    FOR EACH STATEMENT EXECUTE FUNCTION email_outbox_queued()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE email_outbox`.execute(db);
  await sql`DROP FUNCTION email_outbox_queued()`.execute(db);
}
