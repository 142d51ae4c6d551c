/**
 * The payments area's vocabulary and rules, written once: the server validates with them, the
 * screens label and check with them, and the CSV export names its columns from them.
 */

export const TRANSACTION_SORTS = [
  'createdAt',
  'displayName',
  'preference',
  'query',
  'amount',
  'payableAmount',
  'platformFee',
  'email',
  'status',
] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

/** The payout list has the payment list's columns (spec section 2), over payout requests. */
export const PAYOUT_REQUEST_SORTS = TRANSACTION_SORTS;
export type PayoutRequestSort = TransactionSort;

export const PAYOUT_SORTS = ['paidAt', 'displayName', 'email', 'amount', 'reference', 'approvedAt'] as const;
export type PayoutSort = (typeof PAYOUT_SORTS)[number];

export const PAYMENT_METHOD_SORTS = ['createdAt', 'updatedAt', 'name', 'isActive'] as const;
export type PaymentMethodSort = (typeof PAYMENT_METHOD_SORTS)[number];

/** Spec section 2, "Transactions export", in the spec's order; the header row of the CSV. */
export const TRANSACTION_EXPORT_COLUMNS = [
  'Video Call ID',
  'Name',
  'Email',
  'Date',
  'Hold Amount',
  'Released Amount',
  'Earning',
  'Transaction Type',
  'Transaction ID',
  'Transaction Status',
] as const;

/** The response header that tells an export's client how many rows to expect, for its progress. */
export const EXPORT_TOTAL_HEADER = 'X-Total-Count';

export const PAYMENT_LIMITS = {
  /** Dollars: the largest single payout request the API accepts. */
  amountMax: 100_000,
  methodNameMax: 50,
  reasonMax: 500,
  timeZoneMax: 64,
} as const;

/** Starts with a letter or digit; then letters, digits, spaces and . & ' ( ) + - */
export const PAYMENT_METHOD_NAME_PATTERN = "^[A-Za-z0-9][A-Za-z0-9 .&'()+-]{0,49}$";

/**
 * Hours an admin account waits, once created or once its password or second factor is reset, before
 * it may give either approval of a payout that needs two: the same person through a second account
 * or a taken-over one does not approve twice at once.
 */
export const PAYOUT_APPROVER_COOLING_OFF_HOURS = 24;

export const PAYMENT_MESSAGES = {
  transactionsExported: 'Transactions exported',
  badDateRange: 'The start date must not be after the end date',
  badTimeZone: 'Unknown time zone',
  payoutRequestNotFound: 'Payout request not found',
  influencerNotFound: 'Influencer not found',
  notAnInfluencer: 'This user is not an influencer',
  transactionNotFound: 'Transaction not found',
  payableOverAmount: 'The payout amount cannot be more than the amount',
  reasonRequired: 'Give the reason for the rejection',
  /** An admin approving a payout they gave the first of its two approvals. */
  secondApprovalBySameAdmin: 'You approved this payout already; it needs the approval of another admin.',
  /** The two approvals of one payout come from two independent admins: neither invited the other. */
  secondApprovalByInvitee: (firstApprover: string) =>
    `The two approvals of a payout must come from independent admins: ${firstApprover}, who gave the first approval, invited you. Another admin must give the second.`,
  secondApprovalByInviter: (firstApprover: string) =>
    `The two approvals of a payout must come from independent admins: you invited ${firstApprover}, who gave the first approval. Another admin must give the second.`,
  /** `from` is 'YYYY-MM-DD HH:mm UTC'. */
  approverCreatedRecently: (from: string) =>
    `Your account was created less than ${PAYOUT_APPROVER_COOLING_OFF_HOURS} hours ago: it can approve payouts that need two approvals from ${from}. Another admin must approve this one.`,
  approverResetRecently: (from: string) =>
    `Your password or second factor was reset less than ${PAYOUT_APPROVER_COOLING_OFF_HOURS} hours ago: you can approve payouts that need two approvals again from ${from}. Another admin must approve this one.`,
  paymentMethodNotFound: 'Payment method not found',
  paymentMethodNameTaken: 'A payment method with this name already exists',
  paymentMethodNameInvalid: "Use 1 to 50 letters, digits, spaces or . & ' ( ) + -, starting with a letter or digit",
  nothingToChange: 'Send at least one field to change',
} as const;

/** Labels the screens show for the stored enum values. */
export const TRANSACTION_STATUS_LABELS = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
} as const;

export const TRANSACTION_TYPE_LABELS = {
  video_call: 'Video call',
  wallet_top_up: 'Wallet top-up',
  tip: 'Tip',
  refund: 'Refund',
} as const;
