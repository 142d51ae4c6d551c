import { endpoint, serverEvent } from './endpoint';
import { Ok, OkList } from './common';
import { Type, type Static } from '@sinclair/typebox';
import { CreatedRange, Dollars, Id, IdQuery, ListQuery, Search, Timestamp } from './common';
import {
  CallStatus,
  DiscountCodeStatus,
  DiscountCodeType,
  RefundDestination,
  RefundStatus,
  TransactionStatus,
  TransactionType,
} from './enums';
import {
  CALL_SORTS,
  CATALOG_LIMITS as L,
  DISCOUNT_CODE_NAME_PATTERN,
  DISCOUNT_CODE_SORTS,
  EMAIL_TEMPLATE_SORTS,
  NOTIFICATION_SORTS,
} from '../constants/catalog';

/** A user as a catalog row names them: enough to show and to link to. */
export const UserRef = Type.Object(
  {
    _id: Id,
    displayName: Type.String(),
    userName: Type.String(),
    email: Type.String(),
    mainProfilePicture: Type.String(),
    isInfluencer: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type UserRef = Static<typeof UserRef>;

// ---------------------------------------------------------------------------------------------
// Discount codes

/** Discount codes list (spec section 2): type, code name, status, created on, total redeem, redeem limit. */
export const DiscountCodeRow = Type.Object(
  {
    _id: Id,
    codeName: Type.String(),
    type: DiscountCodeType,
    /** The discount it gives, in dollars. */
    amount: Dollars,
    status: DiscountCodeStatus,
    totalRedeem: Type.Integer({ minimum: 0 }),
    redeemLimit: Type.Integer({ minimum: 1 }),
    /** The influencer an influencer_discount_code belongs to. */
    influencer: Type.Union([UserRef, Type.Null()]),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false },
);
export type DiscountCodeRow = Static<typeof DiscountCodeRow>;

export const DiscountCodeListQuery = ListQuery(DISCOUNT_CODE_SORTS, 'createdAt', {
  type: Type.Optional(DiscountCodeType),
  status: Type.Optional(DiscountCodeStatus),
});
export type DiscountCodeListQuery = Static<typeof DiscountCodeListQuery>;

const CodeName = Type.String({ pattern: DISCOUNT_CODE_NAME_PATTERN, maxLength: L.codeNameMax });
const CodeAmount = Type.Number({ exclusiveMinimum: 0, maximum: L.amountMax, multipleOf: 0.01 });
const RedeemLimit = Type.Integer({ minimum: 1, maximum: L.redeemLimitMax });

export const CreateDiscountCodeBody = Type.Object(
  {
    codeName: CodeName,
    type: DiscountCodeType,
    amount: CodeAmount,
    redeemLimit: RedeemLimit,
    status: Type.Optional(DiscountCodeStatus),
    /** Required for an influencer_discount_code, refused for the other types. */
    influencerId: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateDiscountCodeBody = Static<typeof CreateDiscountCodeBody>;

/** Only the fields sent change; the redeem limit never goes below what was already redeemed. */
export const UpdateDiscountCodeBody = Type.Object(
  {
    codeName: Type.Optional(CodeName),
    type: Type.Optional(DiscountCodeType),
    amount: Type.Optional(CodeAmount),
    redeemLimit: Type.Optional(RedeemLimit),
    status: Type.Optional(DiscountCodeStatus),
    influencerId: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export type UpdateDiscountCodeBody = Static<typeof UpdateDiscountCodeBody>;

// ---------------------------------------------------------------------------------------------
// Email templates

/** Email templates list (spec section 2): name, key string, content (a plain-text preview), updated on. */
export const EmailTemplateRow = Type.Object(
  {
    _id: Id,
    key: Type.String(),
    name: Type.String(),
    subject: Type.String(),
    /** The content as plain text, cut to a short preview. */
    preview: Type.String(),
    updatedAt: Timestamp,
  },
  { additionalProperties: false },
);
export type EmailTemplateRow = Static<typeof EmailTemplateRow>;

export const TemplatePlaceholderSchema = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    required: Type.Boolean(),
    sample: Type.String(),
  },
  { additionalProperties: false },
);

export const EmailTemplate = Type.Object(
  {
    _id: Id,
    key: Type.String(),
    name: Type.String(),
    subject: Type.String(),
    /** Sanitised HTML. */
    content: Type.String(),
    /** What the email this template is sent as fills in; nothing else is filled. */
    placeholders: Type.Array(TemplatePlaceholderSchema),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false },
);
export type EmailTemplate = Static<typeof EmailTemplate>;

export const EmailTemplateListQuery = ListQuery(EMAIL_TEMPLATE_SORTS, 'updatedAt');
export type EmailTemplateListQuery = Static<typeof EmailTemplateListQuery>;

/**
 * Only the fields sent change. The server sanitises the HTML (no scripts, event handlers or
 * javascript: links survive), refuses HTML that is not well formed and placeholders the email
 * does not fill, and says in its message what it removed.
 */
export const UpdateEmailTemplateBody = Type.Object(
  {
    subject: Type.Optional(Type.String({ maxLength: L.templateSubjectMax })),
    content: Type.Optional(Type.String({ maxLength: L.templateContentMax })),
  },
  { additionalProperties: false },
);
export type UpdateEmailTemplateBody = Static<typeof UpdateEmailTemplateBody>;

// ---------------------------------------------------------------------------------------------
// Calls

/**
 * Video call list (spec section 2): call from (host), call to (receiver), date, duration,
 * transaction total, earn amount, refunded amount, status. An ongoing call's end is the epoch;
 * a call that never started has no start or end.
 */
export const CallRow = Type.Object(
  {
    _id: Id,
    host: UserRef,
    receiver: UserRef,
    status: CallStatus,
    createdAt: Timestamp,
    startedAt: Type.Union([Timestamp, Type.Null()]),
    endedAt: Type.Union([Timestamp, Type.Null()]),
    transactionTotal: Dollars,
    earnAmount: Dollars,
    refundedAmount: Dollars,
  },
  { additionalProperties: false },
);
export type CallRow = Static<typeof CallRow>;

export const CallListQuery = ListQuery(CALL_SORTS, 'createdAt', {
  status: Type.Optional(CallStatus),
  /** When the call was requested (its Date column). */
  ...CreatedRange,
});
export type CallListQuery = Static<typeof CallListQuery>;

export const CallTransaction = Type.Object(
  {
    _id: Id,
    transactionId: Type.String(),
    orderId: Type.Union([Type.String(), Type.Null()]),
    type: TransactionType,
    status: TransactionStatus,
    amount: Dollars,
    payable_amount: Dollars,
    createdAt: Timestamp,
  },
  { additionalProperties: false },
);
export type CallTransaction = Static<typeof CallTransaction>;

export const CallRefund = Type.Object(
  {
    _id: Id,
    orderId: Type.String(),
    amount: Dollars,
    transfer_to: RefundDestination,
    status: RefundStatus,
    createdAt: Timestamp,
  },
  { additionalProperties: false },
);
export type CallRefund = Static<typeof CallRefund>;

/** The call view: both parties, times, status, and every transaction and refund of the call. */
export const CallDetail = Type.Object(
  {
    ...CallRow.properties,
    updatedAt: Timestamp,
    transactions: Type.Array(CallTransaction),
    refunds: Type.Array(CallRefund),
  },
  { additionalProperties: false },
);
export type CallDetail = Static<typeof CallDetail>;

// ---------------------------------------------------------------------------------------------
// Notifications

/**
 * Spec section 3: a description holding the sender-name placeholder, which the screens replace
 * with the sender's display name, plus userDetails (the sender; null for a system notice).
 */
export const NotificationRow = Type.Object(
  {
    _id: Id,
    description: Type.String(),
    type: Type.String(),
    isRead: Type.Boolean(),
    createdAt: Timestamp,
    userDetails: Type.Union([UserRef, Type.Null()]),
  },
  { additionalProperties: false },
);
export type NotificationRow = Static<typeof NotificationRow>;

export const NotificationListQuery = ListQuery(NOTIFICATION_SORTS, 'createdAt', {
  /** true: only unread ones. */
  unread: Type.Optional(Type.Boolean()),
});
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const UnreadCount = Type.Object({ unReadCount: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
export type UnreadCount = Static<typeof UnreadCount>;

export const MarkAllReadResult = Type.Object(
  { updated: Type.Integer({ minimum: 0 }), unReadCount: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type MarkAllReadResult = Static<typeof MarkAllReadResult>;

/** What the marketplace sends when something happens that admins should know of. */
export const CreateNotificationBody = Type.Object(
  {
    description: Type.String({ minLength: 1, maxLength: L.notificationDescriptionMax }),
    type: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_]*$', maxLength: L.notificationTypeMax })),
    senderId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type CreateNotificationBody = Static<typeof CreateNotificationBody>;

const IdOnly = Type.Object({ _id: Id }, { additionalProperties: false });

export const catalogEvents = {
  discountCodeUpdated: serverEvent({
    name: 'discount-code:updated',
    summary: 'A discount code was added or changed',
    payload: IdOnly,
    invalidates: ['discountCodes', 'redemptions', 'dashboard', 'audit'],
  }),
  emailTemplateUpdated: serverEvent({
    name: 'email-template:updated',
    summary: 'An email template was changed',
    payload: IdOnly,
    invalidates: ['emailTemplates', 'audit'],
  }),
  notificationCreated: serverEvent({
    name: 'notification:new',
    summary: 'A notification was posted',
    payload: NotificationRow,
    invalidates: ['notifications'],
  }),
  notificationsRead: serverEvent({
    name: 'notification:read',
    summary: 'Notifications were marked read (no _id: all of them), with the unread count now',
    payload: Type.Object(
      { _id: Type.Optional(Id), unReadCount: Type.Integer({ minimum: 0 }) },
      { additionalProperties: false },
    ),
    invalidates: ['notifications', 'audit'],
  }),
};

/** An influencer a discount code can be given to: their names only, no contact details. */
export const InfluencerOption = Type.Object(
  { _id: Id, displayName: Type.String(), userName: Type.String() },
  { additionalProperties: false },
);
export type InfluencerOption = Static<typeof InfluencerOption>;

export const InfluencerOptionsQuery = Type.Object(
  {
    search: Type.Optional(Search),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 20 })),
  },
  { additionalProperties: false },
);

export const catalogEndpoints = {
  getInfluencerOptions: endpoint({
    method: 'GET',
    path: '/discountCode/influencerOptions',
    auth: 'admin',
    // Whoever may write discount codes picks their influencer, without the people lists' emails.
    permission: 'catalog.write',
    resource: 'people',
    summary: 'Influencers a discount code can be given to, by display name, searched by name (names only)',
    querystring: InfluencerOptionsQuery,
    reply: OkList(InfluencerOption),
  }),
  getAllDiscountCodes: endpoint({
    method: 'GET',
    path: '/discountCode/getAll',
    auth: 'admin',
    permission: 'catalog.read',
    resource: 'discountCodes',
    summary: 'Discount codes, paged; search matches the code name; filters: type, status',
    querystring: DiscountCodeListQuery,
    reply: OkList(DiscountCodeRow),
  }),
  getDiscountCodeDetail: endpoint({
    method: 'GET',
    path: '/discountCode/getDetail',
    auth: 'admin',
    permission: 'catalog.read',
    resource: 'discountCodes',
    summary: 'One discount code (its redemptions: /redemption/getAll with filterValue = its id)',
    querystring: IdQuery,
    reply: Ok(DiscountCodeRow),
  }),
  createDiscountCode: endpoint({
    method: 'POST',
    path: '/discountCode/create',
    auth: 'admin',
    permission: 'catalog.write',
    resource: 'discountCodes',
    summary: 'Add a discount code; 409 on codeName when another code has the name in any case',
    body: CreateDiscountCodeBody,
    reply: Ok(DiscountCodeRow),
    emits: ['discountCodeUpdated'],
  }),
  updateDiscountCode: endpoint({
    method: 'PATCH',
    path: '/discountCode/update',
    auth: 'admin',
    permission: 'catalog.write',
    resource: 'discountCodes',
    summary:
      'Change a discount code; only the fields sent change. 409 on codeName when taken; 400 on redeemLimit below what was already redeemed',
    querystring: IdQuery,
    body: UpdateDiscountCodeBody,
    reply: Ok(DiscountCodeRow),
    emits: ['discountCodeUpdated'],
  }),
  getAllEmailTemplates: endpoint({
    method: 'GET',
    path: '/emailTemplate/getAll',
    auth: 'admin',
    permission: 'catalog.read',
    resource: 'emailTemplates',
    summary: 'Email templates, paged, with a plain-text preview of each; search matches the name and the key',
    querystring: EmailTemplateListQuery,
    reply: OkList(EmailTemplateRow),
  }),
  getEmailTemplateDetail: endpoint({
    method: 'GET',
    path: '/emailTemplate/getDetail',
    auth: 'admin',
    permission: 'catalog.read',
    resource: 'emailTemplates',
    summary: 'One email template, with the placeholders its email fills in',
    querystring: IdQuery,
    reply: Ok(EmailTemplate),
  }),
  updateEmailTemplate: endpoint({
    method: 'PATCH',
    path: '/emailTemplate/update',
    auth: 'admin',
    permission: 'templates.edit',
    resource: 'emailTemplates',
    summary:
      "Change a template's subject or HTML. The HTML is sanitised (scripts, event handlers, javascript: links removed; the message says what went); HTML that is not well formed, a placeholder the email does not fill, or a required one left out is a 400 on the field",
    querystring: IdQuery,
    body: UpdateEmailTemplateBody,
    reply: Ok(EmailTemplate),
    emits: ['emailTemplateUpdated'],
  }),
  getAllCalls: endpoint({
    method: 'GET',
    path: '/videoCall/getAll',
    auth: 'admin',
    permission: 'calls.read',
    resource: 'calls',
    summary:
      'Video calls, paged; search matches either party (display name, user name) and the call id; filter: status',
    querystring: CallListQuery,
    reply: OkList(CallRow),
  }),
  getCallDetail: endpoint({
    method: 'GET',
    path: '/videoCall/getDetail',
    auth: 'admin',
    permission: 'calls.read',
    resource: 'calls',
    summary: 'One video call, with both parties, its transactions and its refunds',
    querystring: IdQuery,
    reply: Ok(CallDetail),
  }),
  getAllNotifications: endpoint({
    method: 'GET',
    path: '/notification/getAll',
    auth: 'admin',
    permission: 'notifications.read',
    resource: 'notifications',
    summary: 'Notifications, newest first, paged from page 1, each with its sender (userDetails); filter: unread',
    querystring: NotificationListQuery,
    reply: OkList(NotificationRow),
  }),
  getUnreadNotificationCount: endpoint({
    method: 'GET',
    path: '/notification/getUnreadCount',
    auth: 'admin',
    permission: 'notifications.read',
    resource: 'notifications',
    summary: 'How many notifications are unread',
    reply: Ok(UnreadCount),
  }),
  markNotificationRead: endpoint({
    method: 'PATCH',
    path: '/notification/markRead',
    auth: 'admin',
    permission: 'notifications.send',
    resource: 'notifications',
    summary: 'Mark one notification as read (marking a read one again changes nothing)',
    querystring: IdQuery,
    reply: Ok(NotificationRow),
    emits: ['notificationsRead'],
  }),
  markAllNotificationsRead: endpoint({
    method: 'PATCH',
    path: '/notification/markAllRead',
    auth: 'admin',
    permission: 'notifications.send',
    resource: 'notifications',
    summary: 'Mark every notification as read',
    reply: Ok(MarkAllReadResult),
    emits: ['notificationsRead'],
  }),
  createNotification: endpoint({
    method: 'POST',
    path: '/notification/create',
    auth: 'marketplace',
    resource: 'notifications',
    summary:
      'Post a notification (what the marketplace sends); signed-in admins get it over the socket as notification:new',
    body: CreateNotificationBody,
    reply: Ok(NotificationRow),
    emits: ['notificationCreated'],
  }),
};
