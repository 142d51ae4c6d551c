import { sql, type Kysely } from 'kysely';

/**
 * What a name search reads per matched person (lib/list.ts peopleSearchPageIds), from indexes alone:
 * - each person's newest rows in the list's order, id included: payout requests, payouts and
 *   applications were indexed by person and date without the id (applications by person alone),
 *   so every row of each person was fetched from the table and sorted; at 2M payments, 1,543 of a
 *   payout-request search's 2,884 buffers;
 * - the influencers a search matches, through a trigram index of influencers' names only: payout
 *   requests and payouts name influencers, whom the index over everyone found among 7 times as
 *   many people (850 of 995 for "smith" read and thrown away).
 * Each new index holds the columns of the one it replaces first, so it serves what that served.
 */
const REPLACED: readonly ReplacedIndex[] = [
  [
    'payout_requests_influencer',
    'payout_requests_influencer_created',
    'payout_requests (influencer_id, created_at, id)',
    'payout_requests (influencer_id, created_at)',
  ],
  [
    'payouts_influencer',
    'payouts_influencer_paid',
    'payouts (influencer_id, paid_at, id)',
    'payouts (influencer_id, paid_at)',
  ],
  [
    'influencer_requests_user',
    'influencer_requests_user_updated',
    'influencer_requests (user_id, updated_at, id)',
    'influencer_requests (user_id)',
  ],
];

/** An index replaced by one that holds its columns first: [old name, new name, new and old definition]. */
export type ReplacedIndex = readonly [old: string, created: string, definition: string, oldDefinition: string];

/** Creates each new index, then drops the one it replaces. */
export async function replaceIndexes(db: Kysely<unknown>, replaced: readonly ReplacedIndex[]): Promise<void> {
  for (const [old, created, definition] of replaced) {
    await sql.raw(`CREATE INDEX ${created} ON ${definition}`).execute(db);
    await sql.raw(`DROP INDEX ${old}`).execute(db);
  }
}

/** Undoes replaceIndexes. */
export async function restoreIndexes(db: Kysely<unknown>, replaced: readonly ReplacedIndex[]): Promise<void> {
  for (const [old, created, , oldDefinition] of replaced) {
    await sql.raw(`CREATE INDEX ${old} ON ${oldDefinition}`).execute(db);
    await sql.raw(`DROP INDEX ${created}`).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceIndexes(db, REPLACED);
  await sql`CREATE INDEX people_names_influencer_person_trgm ON people_names USING gin (person gin_trgm_ops)
    WHERE is_influencer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS people_names_influencer_person_trgm`.execute(db);
  await restoreIndexes(db, REPLACED);
}
