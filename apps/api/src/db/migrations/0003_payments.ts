import { sql, type Kysely } from 'kysely';

/**
 * The payments remote: an idempotency key on payout decisions, and indexes for every sort and
 * search of the transactions, payout requests, payouts and payment methods lists (each ends in id,
 * so ties page stably). Plain CREATE INDEX, since migrations run inside a transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The key the deciding client sent: a retry of the same decision is recognised and answered with
  // it, never applied twice.
  await sql`ALTER TABLE payout_requests ADD COLUMN decision_key uuid`.execute(db);
  await sql`CREATE UNIQUE INDEX payout_requests_decision_key ON payout_requests (decision_key) WHERE decision_key IS NOT NULL`.execute(
    db,
  );

  const indexes: Array<[string, string]> = [
    // Transactions: filters by status and type, newest first; the money sorts; the fee is computed.
    ['transactions_status_created', 'transactions (status, created_at, id)'],
    ['transactions_type_created', 'transactions (type, created_at, id)'],
    ['transactions_amount', 'transactions (amount_cents, id)'],
    ['transactions_payable', 'transactions (payable_amount_cents, id)'],
    ['transactions_fee', 'transactions ((amount_cents - payable_amount_cents), id)'],
    ['transactions_preference', 'transactions (preference, id)'],
    ['transactions_query', 'transactions (query, id)'],
    // Payout requests: the unfiltered list and its money sorts (status + created_at exists).
    ['payout_requests_created', 'payout_requests (created_at, id)'],
    ['payout_requests_amount', 'payout_requests (amount_cents, id)'],
    ['payout_requests_payable', 'payout_requests (payable_amount_cents, id)'],
    ['payout_requests_fee', 'payout_requests ((amount_cents - payable_amount_cents), id)'],
    // Payouts history: amount and reference sorts, reference search, an influencer's payouts.
    ['payouts_amount', 'payouts (amount_cents, id)'],
    ['payouts_reference', 'payouts (reference, id)'],
    ['payouts_reference_trgm', 'payouts USING gin (reference gin_trgm_ops)'],
    ['payouts_influencer', 'payouts (influencer_id, paid_at)'],
    // Payment methods: each sort of its list.
    ['payment_methods_created', 'payment_methods (created_at, id)'],
    ['payment_methods_updated', 'payment_methods (updated_at, id)'],
    ['payment_methods_active', 'payment_methods (is_active, id)'],
  ];
  for (const [name, on] of indexes) await sql.raw(`CREATE INDEX ${name} ON ${on}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'payment_methods_active',
    'payment_methods_updated',
    'payment_methods_created',
    'payouts_influencer',
    'payouts_reference_trgm',
    'payouts_reference',
    'payouts_amount',
    'payout_requests_fee',
    'payout_requests_payable',
    'payout_requests_amount',
    'payout_requests_created',
    'transactions_query',
    'transactions_preference',
    'transactions_fee',
    'transactions_payable',
    'transactions_amount',
    'transactions_type_created',
    'transactions_status_created',
    'payout_requests_decision_key',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
  }
  await sql`ALTER TABLE payout_requests DROP COLUMN IF EXISTS decision_key`.execute(db);
}
