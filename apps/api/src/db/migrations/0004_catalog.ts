import { sql, type Kysely } from 'kysely';

/**
 * The catalog remote: indexes for every sort of the discount codes, video calls and redemption
 * history lists (each ends in id, so ties page stably), the call id prefix search and the lookups of
 * a call's refunds. Plain CREATE INDEX, since migrations run inside a transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const indexes: Array<[string, string]> = [
    // Discount codes: type and status sort newest first within a value, so that the same index
    // serves the type and status filters of the default sort. The name is unique (0001), so its own
    // index orders it with no tie left for the id; created_at is indexed in 0001 too.
    ['discount_codes_type_created', 'discount_codes (type, created_at, id)'],
    ['discount_codes_status_created', 'discount_codes (status, created_at, id)'],
    ['discount_codes_amount', 'discount_codes (amount_cents, id)'],
    ['discount_codes_total_redeem', 'discount_codes (total_redeem, id)'],
    ['discount_codes_redeem_limit', 'discount_codes (redeem_limit, id)'],
    ['discount_codes_influencer', 'discount_codes (influencer_id) WHERE influencer_id IS NOT NULL'],

    // Video calls. Unknown values (a call never started, an ongoing call's duration) come last in
    // both directions, and a backward scan turns NULLS LAST into NULLS FIRST: hence two indexes
    // for each of those sorts. The duration is written exactly as the list query writes it.
    ['video_calls_started', 'video_calls (started_at ASC NULLS LAST, id ASC)'],
    ['video_calls_started_desc', 'video_calls (started_at DESC NULLS LAST, id DESC)'],
    [
      'video_calls_duration',
      `video_calls ((CASE WHEN ended_at <> '1970-01-01T00:00:00Z' THEN ended_at - started_at END) ASC NULLS LAST, id ASC)`,
    ],
    [
      'video_calls_duration_desc',
      `video_calls ((CASE WHEN ended_at <> '1970-01-01T00:00:00Z' THEN ended_at - started_at END) DESC NULLS LAST, id DESC)`,
    ],
    ['video_calls_transaction_total', 'video_calls (transaction_total_cents, id)'],
    ['video_calls_earn_amount', 'video_calls (earn_amount_cents, id)'],
    ['video_calls_refunded_amount', 'video_calls (refunded_amount_cents, id)'],
    // The party-name sorts walk users by name into each one's calls (by host_id or receiver_id,
    // indexed in 0001), sorting only a party's own calls by id.
    ['users_display_name', 'users (display_name, id)'],
    // Search by the first characters of a call id, as the screens show it ("1a2b3c4d…").
    ['video_calls_id_text', 'video_calls ((id::text) text_pattern_ops)'],
    // A call's refunds, oldest first (transactions_call of 0001 serves its transactions).
    ['refunds_call_created', 'refunds (video_call_id, created_at, id)'],

    // Redemption history: its sorts on the redemption's own columns, and a code's history by date.
    ['redemptions_redeemed', 'redemptions (redeemed_at, id)'],
    ['redemptions_amount', 'redemptions (discount_amount_cents, id)'],
    ['redemptions_status', 'redemptions (status, id)'],
    ['redemptions_code_redeemed', 'redemptions (discount_code_id, redeemed_at, id)'],
  ];
  for (const [name, on] of indexes) await sql.raw(`CREATE INDEX ${name} ON ${on}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'redemptions_code_redeemed',
    'redemptions_status',
    'redemptions_amount',
    'redemptions_redeemed',
    'refunds_call_created',
    'video_calls_id_text',
    'users_display_name',
    'video_calls_refunded_amount',
    'video_calls_earn_amount',
    'video_calls_transaction_total',
    'video_calls_duration_desc',
    'video_calls_duration',
    'video_calls_started_desc',
    'video_calls_started',
    'discount_codes_influencer',
    'discount_codes_redeem_limit',
    'discount_codes_total_redeem',
    'discount_codes_amount',
    'discount_codes_status_created',
    'discount_codes_type_created',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
  }
}
