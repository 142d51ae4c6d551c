/** Spec section 3, numbered as the spec numbers them. */
export const GENDERS = { 1: 'Male', 2: 'Female', 3: 'Non-binary', 4: 'Prefer not to say' } as const;
export type GenderCode = keyof typeof GENDERS;

export const SOCIAL_LINK_TYPES = {
  1: 'Twitter',
  2: 'Facebook',
  3: 'Instagram',
  4: 'Onlyfans',
  5: 'Website',
  6: 'Other',
} as const;
export type SocialLinkTypeCode = keyof typeof SOCIAL_LINK_TYPES;

export const CALL_STATUSES = [
  'Requested',
  'Cancelled',
  'Accepted',
  'Missed',
  'Ongoing',
  'Completed',
  'Rejected',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export const DISCOUNT_CODE_TYPES = [
  'wallet_top_up',
  'first_paid_call',
  'refferal',
  'signup',
  'influencer_discount_code',
  'promo_code',
] as const;
export type DiscountCodeType = (typeof DISCOUNT_CODE_TYPES)[number];

export const DISCOUNT_CODE_STATUSES = ['Active', 'Inactive'] as const;
export type DiscountCodeStatus = (typeof DISCOUNT_CODE_STATUSES)[number];

/** Account status of a user: '1' active, anything else inactive (spec: "Active when status is '1'"). */
export type UserStatus = '1' | '0';

/** Admin availability: '1' available, '0' not. */
export type AvailabilityStatus = '1' | '0';

export const REDEMPTION_STATUSES = ['Active', 'Inactive'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

export const TRANSACTION_TYPES = ['video_call', 'wallet_top_up', 'tip', 'refund'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_DESTINATIONS = ['wallet', 'original_payment_method', 'bank_account'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

export const DECISION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];
