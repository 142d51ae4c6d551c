/**
 * The catalog area's vocabulary and rules (discount codes, email templates, calls, notifications),
 * written once: the server validates with them and the screens label and check with them.
 */
import type { CallStatus, DiscountCodeType } from './enums';

export const DISCOUNT_CODE_SORTS = [
  'createdAt',
  'codeName',
  'type',
  'amount',
  'status',
  'totalRedeem',
  'redeemLimit',
] as const;
export type DiscountCodeSort = (typeof DISCOUNT_CODE_SORTS)[number];

/** Spec section 3 spells the types in snake case ("refferal" included); screens show them spaced. */
export const DISCOUNT_CODE_TYPE_LABELS: Record<DiscountCodeType, string> = {
  wallet_top_up: 'Wallet top up',
  first_paid_call: 'First paid call',
  refferal: 'Refferal',
  signup: 'Signup',
  influencer_discount_code: 'Influencer discount code',
  promo_code: 'Promo code',
};

/** 3 to 30 letters, digits, "_" or "-", starting with a letter or digit; case is kept but not unique. */
export const DISCOUNT_CODE_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{2,29}$';

export const EMAIL_TEMPLATE_SORTS = ['updatedAt', 'createdAt', 'name', 'key'] as const;
export type EmailTemplateSort = (typeof EMAIL_TEMPLATE_SORTS)[number];

/** "Date" is when the call was placed; duration and the money columns sort too. */
export const CALL_SORTS = [
  'createdAt',
  'startedAt',
  'duration',
  'hostName',
  'receiverName',
  'transactionTotal',
  'earnAmount',
  'refundedAmount',
  'status',
] as const;
export type CallSort = (typeof CALL_SORTS)[number];

export const NOTIFICATION_SORTS = ['createdAt'] as const;
export type NotificationSort = (typeof NOTIFICATION_SORTS)[number];

/** The placeholder a notification's description holds for its sender (spec section 3). */
export const SENDER_NAME_PLACEHOLDER = '{{senderName}}';

export const CATALOG_LIMITS = {
  /** Dollars: the largest discount a code may give. */
  amountMax: 10_000,
  redeemLimitMax: 1_000_000,
  codeNameMax: 30,
  templateSubjectMax: 200,
  /** Characters of HTML; generous for an email, small enough to keep a save cheap. */
  templateContentMax: 100_000,
  templatePreviewLength: 120,
  notificationDescriptionMax: 500,
  notificationTypeMax: 40,
} as const;

export const CATALOG_MESSAGES = {
  discountCodeNotFound: 'Discount code not found',
  codeNameTaken: 'A discount code with this name already exists',
  codeNameInvalid: 'Use 3 to 30 letters, digits, "_" or "-", starting with a letter or digit',
  amountInvalid: 'Enter an amount from $0.01 to $10,000.00, in whole cents',
  redeemLimitInvalid: 'Enter a whole number from 1 to 1,000,000',
  /** Followed by the count, e.g. "…below the 12 redemptions already made". */
  redeemLimitBelowUsed: (used: number) =>
    `The redeem limit cannot be below the ${used} redemption${used === 1 ? '' : 's'} already made`,
  nothingToChange: 'Send at least one field to change',
  influencerRequired: 'Choose the influencer this code belongs to',
  influencerNotFound: 'No influencer has this id',
  influencerNotAllowed: 'Only an influencer discount code belongs to an influencer',
  emailTemplateNotFound: 'Email template not found',
  subjectRequired: 'Enter a subject',
  contentRequired: 'Enter the email content',
  subjectHasHtml: 'The subject is plain text: remove the HTML tags',
  callNotFound: 'Call not found',
  notificationNotFound: 'Notification not found',
  senderNotFound: 'Sender not found',
  descriptionRequired: 'Enter a description',
  /**
   * A link that carries a secret (a reset or invite token) is the one link the server draws: the
   * placeholder is the whole address of a link and nothing else. `where` says where it was found
   * ("in the src of an <img>", "in the text").
   */
  secretLinkMisplaced: (placeholder: string, where: string) =>
    `{{${placeholder}}} may only be the address of a link: href="{{${placeholder}}}"; here it is ${where}`,
  secretLinkInSubject: (placeholder: string) =>
    `{{${placeholder}}} may only be the address of a link in the content: href="{{${placeholder}}}", never in the subject`,
  /** `allowed` is the public address's host and EMAIL_LINK_HOSTS. */
  linkHostNotAllowed: (host: string, allowed: readonly string[]) =>
    `Links and images may point only to ${orList(allowed)}: ${host} is not one of them (ask an operator to add it to EMAIL_LINK_HOSTS)`,
  linkNotWhole: (url: string, allowed: readonly string[]) =>
    `Write each link and image as a whole address on ${orList(allowed)} (https://${allowed[0] ?? 'host'}/…), or a mailto: link: "${url}" is not one`,
} as const;

/** "a", "a or b", "a, b or c". */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

export interface TemplatePlaceholder {
  name: string;
  description: string;
  /** The email does not work without it (a reset email with no link). */
  required?: boolean;
  /** What the editor's preview shows in its place. */
  sample: string;
}

const firstName: TemplatePlaceholder = { name: 'firstName', description: "The recipient's first name", sample: 'Jane' };
const displayName: TemplatePlaceholder = {
  name: 'displayName',
  description: "The recipient's display name",
  sample: 'Jane Streams',
};
const amount: TemplatePlaceholder = { name: 'amount', description: 'The amount, in dollars', sample: '$98.76' };
const reason: TemplatePlaceholder = {
  name: 'reason',
  description: "The admin's reason",
  sample: 'Documents verified.',
};

/**
 * The placeholders each email the API sends fills in: the editor lists them, and the server refuses
 * a template that uses one its email does not fill or drops a required one.
 */
export const EMAIL_TEMPLATE_PLACEHOLDERS: Readonly<Record<string, readonly TemplatePlaceholder[]>> = {
  'forgot-password': [
    firstName,
    {
      name: 'resetLink',
      description: 'The one-time password reset link',
      required: true,
      sample: 'https://example.com/reset-password?token=sample',
    },
    { name: 'expiresInMinutes', description: 'Minutes until the link expires', sample: '30' },
  ],
  'admin-invite': [
    firstName,
    {
      name: 'inviteLink',
      description: 'The one-time link to accept the invitation and choose a password',
      required: true,
      sample: 'https://example.com/accept-invite?token=sample',
    },
    { name: 'invitedBy', description: 'The admin who sent the invitation', sample: 'Ada Admin' },
    { name: 'roleName', description: 'The role the invitation gives', sample: 'Support' },
    { name: 'expiresInHours', description: 'Hours until the link expires', sample: '48' },
  ],
  'influencer-request-approved': [firstName, displayName, reason],
  'influencer-request-rejected': [firstName, displayName, reason],
  welcome: [firstName, { name: 'userName', description: "The recipient's user name", sample: 'jane.streams' }],
  'payout-approved': [
    firstName,
    amount,
    { name: 'reference', description: 'The payout reference', sample: 'PAY-2026-000123' },
  ],
  'payout-rejected': [firstName, amount, reason],
  'refund-processed': [
    firstName,
    amount,
    { name: 'orderId', description: 'The refunded order', sample: 'ord_3f9a1c2b7d4e' },
    { name: 'transferTo', description: 'Where the money went', sample: 'wallet' },
  ],
};

/**
 * The emails whose change every Owner is told of: each carries a link that opens an account (a
 * reset, an invitation), so a change to it is a change to who can get in.
 */
export const SECURITY_EMAIL_TEMPLATES: readonly string[] = ['forgot-password', 'admin-invite'];

/**
 * The placeholders that carry a secret link (a reset or invite token), in any email. A template may
 * hold one only as the whole address of a link, href="{{resetLink}}", which the server fills with
 * its own link: anywhere else (an image's address, another host's URL, the text) it would hand the
 * token to whoever reads or loads that.
 */
export const SECRET_LINK_PLACEHOLDERS: readonly string[] = ['resetLink', 'inviteLink'];

/** `{{ name }}` with optional spaces, as the mailer fills them. */
export const PLACEHOLDER_REGEX = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

export const CALL_STATUS_COLORS: Record<CallStatus, string> = {
  Requested: 'blue',
  Cancelled: 'default',
  Accepted: 'cyan',
  Missed: 'orange',
  Ongoing: 'processing',
  Completed: 'green',
  Rejected: 'red',
};
