import type { Kysely } from 'kysely';
import { replaceIndexes, restoreIndexes, type ReplacedIndex } from './0028_person_row_indexes';

/**
 * When a name search matches many people, its page walks the list's date index and keeps each row
 * whose person matched (lib/list.ts peopleSearchPageIds): with the person in the index, the walk
 * reads the index alone instead of fetching every row it passes from the table (at 2M payments,
 * 1,337 of an application search's 2,198 buffers). Done for the lists whose tables are small beside
 * what a search reads; the payments' and calls' date indexes (25M and 10M rows at scale 500) would
 * have to be rebuilt whole at the upgrade for less than a fifth of a search.
 */
const REPLACED: readonly ReplacedIndex[] = [
  [
    'influencer_requests_updated',
    'influencer_requests_updated_user',
    'influencer_requests (updated_at, id) INCLUDE (user_id)',
    'influencer_requests (updated_at, id)',
  ],
  [
    'redemptions_created',
    'redemptions_created_user',
    'redemptions (created_at, id) INCLUDE (user_id)',
    'redemptions (created_at, id)',
  ],
  [
    'notifications_created',
    'notifications_created_sender',
    'notifications (created_at, id) INCLUDE (sender_id)',
    'notifications (created_at, id)',
  ],
  [
    'payout_requests_created',
    'payout_requests_created_influencer',
    'payout_requests (created_at, id) INCLUDE (influencer_id)',
    'payout_requests (created_at, id)',
  ],
  ['payouts_paid', 'payouts_paid_influencer', 'payouts (paid_at, id) INCLUDE (influencer_id)', 'payouts (paid_at, id)'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceIndexes(db, REPLACED);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await restoreIndexes(db, REPLACED);
}
