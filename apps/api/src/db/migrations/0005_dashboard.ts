import { sql, type Kysely } from 'kysely';

/**
 * The dashboard: its figures and 30-day charts read a range of days of completed payments and of
 * calls. These indexes hold every column those queries read, so they are answered from the index
 * alone (index-only scans) instead of visiting thousands of table rows per request. Plain CREATE
 * INDEX, since migrations run inside a transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const indexes: Array<[string, string]> = [
    // Revenue and platform fees of a period, and per day: completed payments by date, with their
    // money. Partial: the dashboard never sums payments of another status, and the index stays small.
    [
      'transactions_completed_created',
      `transactions (created_at) INCLUDE (amount_cents, payable_amount_cents) WHERE status = 'completed'`,
    ],
    // Calls requested in a period, and per day and status.
    ['video_calls_created_status', 'video_calls (created_at) INCLUDE (status)'],
  ];
  for (const [name, on] of indexes) await sql.raw(`CREATE INDEX ${name} ON ${on}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['video_calls_created_status', 'transactions_completed_created']) {
    await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
  }
}
