import { conflict, type HttpError } from './http-errors';
import { iso } from './list';

/** 'YYYY-MM-DD HH:mm UTC': the same for every admin who reads it, wherever they are. */
export const utcMinute = (d: Date | string) => `${iso(d).slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The 409 for a decision someone else already made (an influencer request, a payout request): what
 * it became, who decided and when, so that the admin who lost the race knows what happened.
 */
export function alreadyDecided(
  subject: string,
  r: {
    status: string;
    decided_at: Date | string | null;
    updated_at: Date | string;
    first_name: string | null;
    last_name: string | null;
  },
): HttpError {
  const by = r.first_name !== null ? ` by ${`${r.first_name} ${r.last_name ?? ''}`.trim()}` : '';
  return conflict(`${subject} was already ${r.status}${by} on ${utcMinute(r.decided_at ?? r.updated_at)}.`);
}
