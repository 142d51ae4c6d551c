import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/*
 * Credentials replaced without the old ones (issue 28, "no admin can act as another"). A password
 * reset by emailed link and a second factor reset by an Owner both hand an account to whoever holds
 * the link or signs in next, who may not be the person the account was given to. For a cooling-off
 * period such an account, like one just created, cannot take part in a payout that needs two
 * approvals (payments/payouts.ts): taking over a second account does not give a second approval
 * at once, and the account's owner has a day to notice the reset email or their factor gone.
 */

/** How long a newly created or reset account waits before it may approve a two-approval payout. */
export const CREDENTIALS_COOLING_OFF_HOURS = 24;

/**
 * Records that the admin's credentials were just replaced without the old ones. Call it in the
 * transaction of the reset itself (the password reset by link, the second-factor reset).
 */
export async function markCredentialsReset(trx: Kysely<DB> | Transaction<DB>, adminId: string): Promise<void> {
  await trx
    .updateTable('admins')
    .set({ credentials_reset_at: sql<Date>`now()` })
    .where('id', '=', adminId)
    .execute();
}

/** Until when a newly created or reset account waits, as the database reads the clock. */
export const coolingOffEnd = (createdAt: Date, credentialsResetAt: Date | null): Date => {
  const since = Math.max(createdAt.getTime(), credentialsResetAt?.getTime() ?? 0);
  return new Date(since + CREDENTIALS_COOLING_OFF_HOURS * 3600_000);
};
