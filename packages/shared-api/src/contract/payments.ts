import { endpoint, serverEvent } from './endpoint';
import { Ok, OkList } from './common';
import { Type, type Static } from '@sinclair/typebox';
import { CreatedRange, Dollars, Id, IdQuery, ListQuery, Search, Timestamp } from './common';
import { DecisionStatus, TransactionStatus, TransactionType } from './enums';
import { AdminRef } from './people';
import {
  PAYMENT_LIMITS as L,
  PAYMENT_METHOD_NAME_PATTERN,
  PAYMENT_METHOD_SORTS,
  PAYOUT_REQUEST_SORTS,
  PAYOUT_SORTS,
  TRANSACTION_SORTS,
} from '../constants/payments';

/**
 * A payment of the payment list (spec section 2): who paid, what for, and the money. Amounts are
 * dollars with 2 decimals; the platform fee is amount minus payable amount, computed, never stored.
 */
export const TransactionRow = Type.Object(
  {
    _id: Id,
    transactionId: Type.String(),
    orderId: Type.Union([Type.String(), Type.Null()]),
    videoCallId: Type.Union([Id, Type.Null()]),
    userId: Id,
    /** The paying user's first and last name. */
    name: Type.String(),
    displayName: Type.String(),
    email: Type.String(),
    preference: Type.String(),
    query: Type.String(),
    type: TransactionType,
    status: TransactionStatus,
    amount: Dollars,
    payable_amount: Dollars,
    platformFee: Dollars,
    hold_amount: Dollars,
    released_amount: Dollars,
    earning: Dollars,
    createdAt: Timestamp,
  },
  { additionalProperties: false },
);
export type TransactionRow = Static<typeof TransactionRow>;

/** What narrows the payment list and its export: status, type and a created-on range. */
const TransactionFilters = {
  status: Type.Optional(TransactionStatus),
  type: Type.Optional(TransactionType),
  ...CreatedRange,
};

export const TransactionListQuery = ListQuery(TRANSACTION_SORTS, 'createdAt', TransactionFilters);
export type TransactionListQuery = Static<typeof TransactionListQuery>;

/** The rows the list's search and filters select, whatever the page. */
export const TransactionTotalsQuery = Type.Object(
  { search: Type.Optional(Search), ...TransactionFilters },
  { additionalProperties: false },
);
export type TransactionTotalsQuery = Static<typeof TransactionTotalsQuery>;

/**
 * What the selected payments add up to (spec section 9 names totalTransactionAmount a currency
 * field): the sums the dashboard's revenue and platform fee cards show, for the list they link to.
 */
export const TransactionTotals = Type.Object(
  {
    count: Type.Integer({ minimum: 0 }),
    totalTransactionAmount: Dollars,
    totalPayableAmount: Dollars,
    totalPlatformFee: Dollars,
  },
  { additionalProperties: false },
);
export type TransactionTotals = Static<typeof TransactionTotals>;

/** Every row the list's filters, search and sort select, without paging; dates in `timeZone`. */
export const TransactionExportQuery = Type.Object(
  {
    search: Type.Optional(Search),
    sortBy: Type.Optional(
      Type.Union(
        TRANSACTION_SORTS.map((s) => Type.Literal(s)),
        { default: 'createdAt' },
      ),
    ),
    sortOrder: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
    ...TransactionFilters,
    /** IANA zone the Date column is written in (the admin's local time); UTC when left out. */
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: L.timeZoneMax })),
  },
  { additionalProperties: false },
);
export type TransactionExportQuery = Static<typeof TransactionExportQuery>;

export const PayoutRef = Type.Object(
  { _id: Id, reference: Type.String(), amount: Dollars, paidAt: Timestamp },
  { additionalProperties: false },
);
export type PayoutRef = Static<typeof PayoutRef>;

/** One admin's approval of a payout request. */
export const PayoutApproval = Type.Object({ by: AdminRef, at: Timestamp }, { additionalProperties: false });
export type PayoutApproval = Static<typeof PayoutApproval>;

/**
 * A payout request of the payout list: the payment list's columns over the influencer who asked
 * (spec section 2: payable amount labelled payout amount), with its decision.
 */
export const PayoutRequestRow = Type.Object(
  {
    _id: Id,
    influencerId: Id,
    name: Type.String(),
    displayName: Type.String(),
    email: Type.String(),
    /** Of the earning the request pays out; empty when it is not linked to one. */
    preference: Type.String(),
    query: Type.String(),
    amount: Dollars,
    payable_amount: Dollars,
    platformFee: Dollars,
    status: DecisionStatus,
    /** Why it was rejected; empty otherwise. */
    reason: Type.String(),
    createdAt: Timestamp,
    decidedAt: Type.Union([Timestamp, Type.Null()]),
    decidedBy: Type.Union([AdminRef, Type.Null()]),
    /**
     * How many different admins must approve it: 2 when its payout amount is above the amount the
     * server is configured to want a second approval for, else 1.
     */
    approvalsNeeded: Type.Integer({ minimum: 1, maximum: 2 }),
    /**
     * The approvals given, in order. A pending request with fewer than approvalsNeeded waits for
     * another admin than the ones named here; an approved one lists everyone who approved it.
     */
    approvals: Type.Array(PayoutApproval, { maxItems: 2 }),
    /** The payment made, once approved. */
    payout: Type.Union([PayoutRef, Type.Null()]),
  },
  { additionalProperties: false },
);
export type PayoutRequestRow = Static<typeof PayoutRequestRow>;

export const PayoutRequestListQuery = ListQuery(PAYOUT_REQUEST_SORTS, 'createdAt', {
  /** Without it, every request; the screen asks for pending ones first. */
  status: Type.Optional(DecisionStatus),
});
export type PayoutRequestListQuery = Static<typeof PayoutRequestListQuery>;

export const DecidePayoutRequestBody = Type.Object(
  {
    id: Id,
    decision: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
    /** Required for a rejection (the influencer is told); ignored for an approval. */
    reason: Type.Optional(Type.String({ maxLength: L.reasonMax })),
    /**
     * Chosen by the client once per decision and sent again on every retry of it: a retry of a
     * decision that was already applied gets that decision back, never a second payment.
     */
    idempotencyKey: Id,
  },
  { additionalProperties: false },
);
export type DecidePayoutRequestBody = Static<typeof DecidePayoutRequestBody>;

const Amount = Type.Number({ exclusiveMinimum: 0, maximum: L.amountMax, multipleOf: 0.01 });

/**
 * What the marketplace sends when an influencer asks to be paid. The payout amount is held to what
 * the influencer earned and has not yet asked for (pending and approved requests count; rejected
 * ones do not), and a linked earning to its own amount; an earning is paid out once.
 */
export const CreatePayoutRequestBody = Type.Object(
  {
    influencerId: Id,
    amount: Amount,
    /** What the influencer receives; at most the amount (the rest is the platform fee). */
    payable_amount: Amount,
    /** The earning it pays out, if any. */
    transactionId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type CreatePayoutRequestBody = Static<typeof CreatePayoutRequestBody>;

/** A payout that was made (payouts history). */
export const PayoutRow = Type.Object(
  {
    _id: Id,
    payoutRequestId: Id,
    influencerId: Id,
    name: Type.String(),
    displayName: Type.String(),
    email: Type.String(),
    /** What was paid: the request's payout amount. */
    amount: Dollars,
    reference: Type.String(),
    paidAt: Timestamp,
    approvedAt: Type.Union([Timestamp, Type.Null()]),
    approvedBy: Type.Union([AdminRef, Type.Null()]),
  },
  { additionalProperties: false },
);
export type PayoutRow = Static<typeof PayoutRow>;

export const PayoutListQuery = ListQuery(PAYOUT_SORTS, 'paidAt');
export type PayoutListQuery = Static<typeof PayoutListQuery>;

/** Spec section 3: method name, isActive flag, created and updated dates. */
export const PaymentMethod = Type.Object(
  { _id: Id, name: Type.String(), isActive: Type.Boolean(), createdAt: Timestamp, updatedAt: Timestamp },
  { additionalProperties: false },
);
export type PaymentMethod = Static<typeof PaymentMethod>;

export const PaymentMethodListQuery = ListQuery(PAYMENT_METHOD_SORTS, 'createdAt', {
  isActive: Type.Optional(Type.Boolean()),
});
export type PaymentMethodListQuery = Static<typeof PaymentMethodListQuery>;

const MethodName = Type.String({ pattern: PAYMENT_METHOD_NAME_PATTERN, maxLength: L.methodNameMax });

export const CreatePaymentMethodBody = Type.Object(
  { name: MethodName, isActive: Type.Optional(Type.Boolean({ default: true })) },
  { additionalProperties: false },
);
export type CreatePaymentMethodBody = Static<typeof CreatePaymentMethodBody>;

/** Only the fields sent change. */
export const UpdatePaymentMethodBody = Type.Object(
  { name: Type.Optional(MethodName), isActive: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type UpdatePaymentMethodBody = Static<typeof UpdatePaymentMethodBody>;

export const ChangePaymentMethodStatusQuery = Type.Object(
  { id: Id, isActive: Type.Boolean() },
  { additionalProperties: false },
);
export type ChangePaymentMethodStatusQuery = Static<typeof ChangePaymentMethodStatusQuery>;

export const paymentsEvents = {
  payoutRequestCreated: serverEvent({
    name: 'payout-request:new',
    summary: "The marketplace filed an influencer's payout request",
    payload: PayoutRequestRow,
    invalidates: ['payouts', 'dashboard', 'audit'],
  }),
  payoutRequestDecided: serverEvent({
    name: 'payout-request:decided',
    summary: 'A payout request was approved (once or twice) or rejected',
    payload: Type.Object({ _id: Id, status: DecisionStatus }, { additionalProperties: false }),
    invalidates: ['payouts', 'dashboard', 'audit'],
  }),
  paymentMethodUpdated: serverEvent({
    name: 'payment-method:updated',
    summary: 'A payment method was added, renamed, activated or deactivated',
    payload: Type.Object({ _id: Id }, { additionalProperties: false }),
    invalidates: ['paymentMethods', 'audit'],
  }),
};

export const paymentsEndpoints = {
  getAllTransactions: endpoint({
    method: 'GET',
    path: '/transaction/getAll',
    auth: 'admin',
    permission: 'payments.read',
    resource: 'transactions',
    summary:
      'Payments, paged; search matches the payer (name, display name, email) and the transaction id; filters: status, type, created-on range',
    querystring: TransactionListQuery,
    reply: OkList(TransactionRow),
  }),
  getTransactionTotals: endpoint({
    method: 'GET',
    path: '/transaction/getTotals',
    auth: 'admin',
    permission: 'payments.read',
    resource: 'transactions',
    summary:
      'What the payments the list selects (same search and filters) add up to: count, amount, payable amount and platform fee',
    querystring: TransactionTotalsQuery,
    reply: Ok(TransactionTotals),
  }),
  exportTransactions: endpoint({
    method: 'GET',
    path: '/transaction/export',
    auth: 'admin',
    permission: 'payments.export',
    resource: 'transactions',
    summary:
      'Every payment the list query selects, as CSV (spec "Transactions export" columns, every cell quoted, dates in `timeZone`), streamed. X-Total-Count says how many rows to expect; a failure part way aborts the response, so a cut-off file is never a complete one',
    querystring: TransactionExportQuery,
    reply: Type.String({ description: 'text/csv' }),
    produces: 'text/csv; charset=utf-8',
  }),
  getAllPayoutRequests: endpoint({
    method: 'GET',
    path: '/payout/getAllRequests',
    auth: 'admin',
    permission: 'payments.read',
    resource: 'payouts',
    summary: 'Payout requests, paged; search matches the influencer (name, display name, email)',
    querystring: PayoutRequestListQuery,
    reply: OkList(PayoutRequestRow),
  }),
  getPayoutRequestDetail: endpoint({
    method: 'GET',
    path: '/payout/getRequestDetail',
    auth: 'admin',
    permission: 'payments.read',
    resource: 'payouts',
    summary: 'One payout request, with its decision and the payout made',
    querystring: IdQuery,
    reply: Ok(PayoutRequestRow),
  }),
  decidePayoutRequest: endpoint({
    method: 'PATCH',
    path: '/payout/decideRequest',
    auth: 'admin',
    permission: 'payouts.decide',
    resource: 'payouts',
    summary:
      'Approve (pays the influencer, once) or reject (with a reason) a pending payout request. A retry with the same idempotencyKey gets the same answer; another decision of a decided request is a 409 naming who decided and when',
    body: DecidePayoutRequestBody,
    reply: Ok(PayoutRequestRow),
    emits: ['payoutRequestDecided'],
  }),
  createPayoutRequest: endpoint({
    method: 'POST',
    path: '/payout/createRequest',
    auth: 'marketplace',
    resource: 'payouts',
    summary:
      "File an influencer's payout request (what the marketplace sends); signed-in admins are told over the socket",
    body: CreatePayoutRequestBody,
    reply: Ok(PayoutRequestRow),
    emits: ['payoutRequestCreated', 'notificationCreated'],
  }),
  getAllPayouts: endpoint({
    method: 'GET',
    path: '/payout/getAll',
    auth: 'admin',
    permission: 'payments.read',
    resource: 'payouts',
    summary: 'Payouts made, paged, with who approved them; search matches the influencer and the reference',
    querystring: PayoutListQuery,
    reply: OkList(PayoutRow),
  }),
  getAllPaymentMethods: endpoint({
    method: 'GET',
    path: '/paymentMethod/getAll',
    auth: 'admin',
    permission: 'payments.read',
    resource: 'paymentMethods',
    summary: 'Payment methods, paged; search matches the name',
    querystring: PaymentMethodListQuery,
    reply: OkList(PaymentMethod),
  }),
  getPaymentMethodDetail: endpoint({
    method: 'GET',
    path: '/paymentMethod/getDetail',
    auth: 'admin',
    permission: 'payments.read',
    resource: 'paymentMethods',
    summary: 'One payment method',
    querystring: IdQuery,
    reply: Ok(PaymentMethod),
  }),
  createPaymentMethod: endpoint({
    method: 'POST',
    path: '/paymentMethod/create',
    auth: 'admin',
    permission: 'payments.write',
    resource: 'paymentMethods',
    summary: 'Add a payment method; 409 on the name when another method has it',
    body: CreatePaymentMethodBody,
    reply: Ok(PaymentMethod),
    emits: ['paymentMethodUpdated'],
  }),
  updatePaymentMethod: endpoint({
    method: 'PATCH',
    path: '/paymentMethod/update',
    auth: 'admin',
    permission: 'payments.write',
    resource: 'paymentMethods',
    summary: 'Rename, activate or deactivate a payment method; only the fields sent change',
    querystring: IdQuery,
    body: UpdatePaymentMethodBody,
    reply: Ok(PaymentMethod),
    emits: ['paymentMethodUpdated'],
  }),
  changePaymentMethodStatus: endpoint({
    method: 'PATCH',
    path: '/paymentMethod/changeStatus',
    auth: 'admin',
    permission: 'payments.write',
    resource: 'paymentMethods',
    summary: 'Activate (isActive=true) or deactivate (false) a payment method',
    querystring: ChangePaymentMethodStatusQuery,
    reply: Ok(PaymentMethod),
    emits: ['paymentMethodUpdated'],
  }),
};
