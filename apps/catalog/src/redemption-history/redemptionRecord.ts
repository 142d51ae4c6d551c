import { REDEMPTION_DEFAULTS, type RedemptionRecord } from '@backoffice/shared-api';

const textOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback;

/**
 * Spec section 3: "N/A" for names, code and type, 0 for the amount, "Inactive" for the status. The
 * server applies them; this guards the screen against a reply (an older server, a proxy) that left a
 * field out, so a cell never reads "undefined" or "$NaN".
 */
export function withRedemptionDefaults(record: Partial<RedemptionRecord>, index: number): RedemptionRecord {
  const amount = record.discountAmount;
  return {
    // Rows are keyed by id; a missing one must not collapse two rows into one.
    _id: textOr(record._id, `row-${index}`),
    displayName: textOr(record.displayName, REDEMPTION_DEFAULTS.displayName),
    discountCode: textOr(record.discountCode, REDEMPTION_DEFAULTS.discountCode),
    discountCodeType: textOr(record.discountCodeType, REDEMPTION_DEFAULTS.discountCodeType),
    discountAmount: typeof amount === 'number' && Number.isFinite(amount) ? amount : REDEMPTION_DEFAULTS.discountAmount,
    status: textOr(record.status, REDEMPTION_DEFAULTS.status),
    redeemedAt: textOr(record.redeemedAt, ''),
  };
}
