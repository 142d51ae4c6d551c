import type { Static, TSchema } from '@sinclair/typebox';
import { Ok, OkEmpty, OkList } from './common';
import { API_ROUTES, type ApiMethod } from '../constants/paths';
import {
  AdminProfile,
  ChangePasswordBody,
  ChangePasswordResult,
  ForgotPasswordBody,
  LoggedInAdmin,
  ResetPasswordBody,
  SignInBody,
  UpdateAdminProfileBody,
  UpdateAvailabilityBody,
  VerifyResetPasswordTokenQuery,
} from './auth';
import { DashboardQuery, DashboardSummary } from './dashboard';
import { AuditEntryRow, AuditLogQuery } from './audit';
import { AdminRemoteRegistry } from './remotes';
import { Type } from '@sinclair/typebox';
import {
  Category,
  ChangeStatusQuery,
  ChangeStatusResult,
  CreateInfluencerRequestBody,
  DecideRequestBody,
  FanDetails,
  FanDetailsQuery,
  FanListQuery,
  FanRow,
  IdQuery,
  InfluencerListQuery,
  InfluencerRow,
  Language,
  RequestDetail,
  RequestListQuery,
  RequestRow,
  UpdateUserProfileBody,
  UserProfile,
} from './people';
import { RedemptionListQuery, RedemptionRecord } from './redemption';
import {
  ChangePaymentMethodStatusQuery,
  CreatePaymentMethodBody,
  CreatePayoutRequestBody,
  DecidePayoutRequestBody,
  PaymentMethod,
  PaymentMethodListQuery,
  PayoutListQuery,
  PayoutRequestListQuery,
  PayoutRequestRow,
  PayoutRow,
  TransactionExportQuery,
  TransactionListQuery,
  TransactionRow,
  TransactionTotals,
  TransactionTotalsQuery,
  UpdatePaymentMethodBody,
} from './payments';
import {
  CallDetail,
  CallListQuery,
  CallRow,
  CreateDiscountCodeBody,
  CreateNotificationBody,
  DiscountCodeListQuery,
  DiscountCodeRow,
  EmailTemplate,
  EmailTemplateListQuery,
  EmailTemplateRow,
  MarkAllReadResult,
  NotificationListQuery,
  NotificationRow,
  UnreadCount,
  UpdateDiscountCodeBody,
  UpdateEmailTemplateBody,
} from './catalog';

export { API_BASE_PATH, API_PATHS, API_ROUTES, type ApiMethod } from '../constants/paths';

export type EndpointAuth = 'public' | 'admin' | 'marketplace';

export interface Endpoint {
  method: ApiMethod;
  /** Path under API_BASE_PATH, as spec section 7 spells it. */
  path: string;
  /**
   * Who may call it: 'public' (the four sign-in and reset calls), 'admin' (a signed-in admin's
   * bearer token), or 'marketplace' (the marketplace's own credential; an admin session is refused).
   * The server's route registration reads this and nothing else, so an endpoint cannot be left open
   * by forgetting an option.
   */
  auth: EndpointAuth;
  summary: string;
  tag: string;
  querystring?: TSchema;
  body?: TSchema;
  /** The 200 reply; every error reply is ErrorReply. */
  reply: TSchema;
  /** Set when the 200 reply is not the JSON envelope but a file of this media type (streamed). */
  produces?: string;
}

const endpoint = <E extends Endpoint>(e: E) => e;

/**
 * Every call of the API, written once: the server registers and validates with these schemas and
 * publishes them as OpenAPI; the apps take their paths and types from here.
 */
export const endpoints = {
  signIn: endpoint({
    ...API_ROUTES.signIn,
    auth: 'public',
    tag: 'auth',
    summary: 'Sign in with email and password; returns the logged-in admin with a bearer token',
    body: SignInBody,
    reply: Ok(LoggedInAdmin),
  }),
  updateAdminProfile: endpoint({
    ...API_ROUTES.updateAdminProfile,
    auth: 'admin',
    tag: 'auth',
    summary:
      "Save the signed-in admin's own profile (names, email, bio, picture, time zone); their other tabs get it over the socket as admin:updated",
    body: UpdateAdminProfileBody,
    reply: Ok(AdminProfile),
  }),
  updateAvailability: endpoint({
    ...API_ROUTES.updateAvailability,
    auth: 'admin',
    tag: 'auth',
    summary: "Set the signed-in admin's availability ('1' available, '0' not), kept on the server",
    body: UpdateAvailabilityBody,
    reply: Ok(AdminProfile),
  }),
  getDashboard: endpoint({
    ...API_ROUTES.getDashboard,
    auth: 'admin',
    tag: 'dashboard',
    summary:
      'Every figure of the dashboard in one reply, in the days of `timeZone`: what waits for a decision, calls, revenue, fees, new fans, redemptions, 30-day charts and the newest requests. A figure that could not be computed is null',
    querystring: DashboardQuery,
    reply: Ok(DashboardSummary),
  }),
  getUserProfile: endpoint({
    ...API_ROUTES.getUserProfile,
    auth: 'admin',
    tag: 'auth',
    summary: "The signed-in admin's profile; used to verify a restored session",
    reply: Ok(AdminProfile),
  }),
  forgotPassword: endpoint({
    ...API_ROUTES.forgotPassword,
    auth: 'public',
    tag: 'auth',
    summary: 'Email a password reset link; replies the same whether or not the email is known',
    body: ForgotPasswordBody,
    reply: OkEmpty,
  }),
  verifyResetPasswordToken: endpoint({
    ...API_ROUTES.verifyResetPasswordToken,
    auth: 'public',
    tag: 'auth',
    summary: 'Tell whether a reset token is still valid (does not use it up)',
    querystring: VerifyResetPasswordTokenQuery,
    reply: OkEmpty,
  }),
  resetPassword: endpoint({
    ...API_ROUTES.resetPassword,
    auth: 'public',
    tag: 'auth',
    summary: 'Set a new password with a reset token; the token works once and every session ends',
    body: ResetPasswordBody,
    reply: OkEmpty,
  }),
  changePassword: endpoint({
    ...API_ROUTES.changePassword,
    auth: 'admin',
    tag: 'auth',
    summary: 'Change the password; revokes every session and returns a fresh token',
    body: ChangePasswordBody,
    reply: Ok(ChangePasswordResult),
  }),
  logout: endpoint({
    ...API_ROUTES.logout,
    auth: 'admin',
    tag: 'auth',
    summary: 'Revoke the token this request carries',
    reply: OkEmpty,
  }),
  changeStatus: endpoint({
    ...API_ROUTES.changeStatus,
    auth: 'admin',
    tag: 'people',
    summary: "Activate ('1') or deactivate ('0') a user account",
    querystring: ChangeStatusQuery,
    reply: Ok(ChangeStatusResult),
  }),
  getAllFans: endpoint({
    ...API_ROUTES.getAllFans,
    auth: 'admin',
    tag: 'people',
    summary: 'Fans, paged; search matches user name, display name and email',
    querystring: FanListQuery,
    reply: OkList(FanRow),
  }),
  getFanDetail: endpoint({
    ...API_ROUTES.getFanDetail,
    auth: 'admin',
    tag: 'people',
    summary: "A fan's full profile",
    querystring: IdQuery,
    reply: Ok(UserProfile),
  }),
  getFanDetails: endpoint({
    ...API_ROUTES.getFanDetails,
    auth: 'admin',
    tag: 'people',
    summary:
      "A fan's detail screen: profile summary, totals and one page of each section; page, limit and search apply to the section `tab` names",
    querystring: FanDetailsQuery,
    reply: Ok(FanDetails),
  }),
  getAllInfluencers: endpoint({
    ...API_ROUTES.getAllInfluencers,
    auth: 'admin',
    tag: 'people',
    summary: 'Influencers, paged; search matches name, user name, display name and email',
    querystring: InfluencerListQuery,
    reply: OkList(InfluencerRow),
  }),
  getInfluencerDetail: endpoint({
    ...API_ROUTES.getInfluencerDetail,
    auth: 'admin',
    tag: 'people',
    summary: "An influencer's full profile",
    querystring: IdQuery,
    reply: Ok(UserProfile),
  }),
  updateUserProfile: endpoint({
    ...API_ROUTES.updateUserProfile,
    auth: 'admin',
    tag: 'people',
    summary:
      "Change a fan's or an influencer's profile; only the fields sent change. 409 names the field when the email or user name belongs to another account",
    querystring: IdQuery,
    body: UpdateUserProfileBody,
    reply: Ok(UserProfile),
  }),
  getAllRequests: endpoint({
    ...API_ROUTES.getAllRequests,
    auth: 'admin',
    tag: 'people',
    summary: 'Applicant requests to become an influencer, paged; search matches the applicant',
    querystring: RequestListQuery,
    reply: OkList(RequestRow),
  }),
  getRequestDetail: endpoint({
    ...API_ROUTES.getRequestDetail,
    auth: 'admin',
    tag: 'people',
    summary: 'One application: the applicant profile and the decision, if any',
    querystring: IdQuery,
    reply: Ok(RequestDetail),
  }),
  decideRequest: endpoint({
    ...API_ROUTES.decideRequest,
    auth: 'admin',
    tag: 'people',
    summary:
      'Approve (the applicant becomes an influencer) or reject (with a reason) a pending request, once; the applicant is emailed. 409 when it was already decided',
    body: DecideRequestBody,
    reply: Ok(RequestDetail),
  }),
  createInfluencerRequest: endpoint({
    ...API_ROUTES.createInfluencerRequest,
    auth: 'marketplace',
    tag: 'people',
    summary:
      "File a fan's application to become an influencer (what the marketplace sends); signed-in admins are told over the socket",
    body: CreateInfluencerRequestBody,
    reply: Ok(RequestRow),
  }),
  getCategories: endpoint({
    ...API_ROUTES.getCategories,
    auth: 'admin',
    tag: 'people',
    summary: 'Every category a profile may name, by name',
    reply: Ok(Type.Array(Category)),
  }),
  getLanguages: endpoint({
    ...API_ROUTES.getLanguages,
    auth: 'admin',
    tag: 'people',
    summary: 'Every language a profile may name, by name',
    reply: Ok(Type.Array(Language)),
  }),
  getAllRedemptions: endpoint({
    ...API_ROUTES.getAllRedemptions,
    auth: 'admin',
    tag: 'catalog',
    summary:
      'Redemption history, paged; search matches the display name, the user name and the code name; filterValue names one code (its id or its code name)',
    querystring: RedemptionListQuery,
    reply: OkList(RedemptionRecord),
  }),
  getAllTransactions: endpoint({
    ...API_ROUTES.getAllTransactions,
    auth: 'admin',
    tag: 'payments',
    summary:
      'Payments, paged; search matches the payer (name, display name, email) and the transaction id; filters: status, type, created-on range',
    querystring: TransactionListQuery,
    reply: OkList(TransactionRow),
  }),
  getTransactionTotals: endpoint({
    ...API_ROUTES.getTransactionTotals,
    auth: 'admin',
    tag: 'payments',
    summary:
      'What the payments the list selects (same search and filters) add up to: count, amount, payable amount and platform fee',
    querystring: TransactionTotalsQuery,
    reply: Ok(TransactionTotals),
  }),
  exportTransactions: endpoint({
    ...API_ROUTES.exportTransactions,
    auth: 'admin',
    tag: 'payments',
    summary:
      'Every payment the list query selects, as CSV (spec "Transactions export" columns, every cell quoted, dates in `timeZone`), streamed. X-Total-Count says how many rows to expect; a failure part way aborts the response, so a cut-off file is never a complete one',
    querystring: TransactionExportQuery,
    reply: Type.String({ description: 'text/csv' }),
    produces: 'text/csv; charset=utf-8',
  }),
  getAllPayoutRequests: endpoint({
    ...API_ROUTES.getAllPayoutRequests,
    auth: 'admin',
    tag: 'payments',
    summary: 'Payout requests, paged; search matches the influencer (name, display name, email)',
    querystring: PayoutRequestListQuery,
    reply: OkList(PayoutRequestRow),
  }),
  getPayoutRequestDetail: endpoint({
    ...API_ROUTES.getPayoutRequestDetail,
    auth: 'admin',
    tag: 'payments',
    summary: 'One payout request, with its decision and the payout made',
    querystring: IdQuery,
    reply: Ok(PayoutRequestRow),
  }),
  decidePayoutRequest: endpoint({
    ...API_ROUTES.decidePayoutRequest,
    auth: 'admin',
    tag: 'payments',
    summary:
      'Approve (pays the influencer, once) or reject (with a reason) a pending payout request. A retry with the same idempotencyKey gets the same answer; another decision of a decided request is a 409 naming who decided and when',
    body: DecidePayoutRequestBody,
    reply: Ok(PayoutRequestRow),
  }),
  createPayoutRequest: endpoint({
    ...API_ROUTES.createPayoutRequest,
    auth: 'marketplace',
    tag: 'payments',
    summary:
      "File an influencer's payout request (what the marketplace sends); signed-in admins are told over the socket",
    body: CreatePayoutRequestBody,
    reply: Ok(PayoutRequestRow),
  }),
  getAllPayouts: endpoint({
    ...API_ROUTES.getAllPayouts,
    auth: 'admin',
    tag: 'payments',
    summary: 'Payouts made, paged, with who approved them; search matches the influencer and the reference',
    querystring: PayoutListQuery,
    reply: OkList(PayoutRow),
  }),
  getAllPaymentMethods: endpoint({
    ...API_ROUTES.getAllPaymentMethods,
    auth: 'admin',
    tag: 'payments',
    summary: 'Payment methods, paged; search matches the name',
    querystring: PaymentMethodListQuery,
    reply: OkList(PaymentMethod),
  }),
  getPaymentMethodDetail: endpoint({
    ...API_ROUTES.getPaymentMethodDetail,
    auth: 'admin',
    tag: 'payments',
    summary: 'One payment method',
    querystring: IdQuery,
    reply: Ok(PaymentMethod),
  }),
  createPaymentMethod: endpoint({
    ...API_ROUTES.createPaymentMethod,
    auth: 'admin',
    tag: 'payments',
    summary: 'Add a payment method; 409 on the name when another method has it',
    body: CreatePaymentMethodBody,
    reply: Ok(PaymentMethod),
  }),
  updatePaymentMethod: endpoint({
    ...API_ROUTES.updatePaymentMethod,
    auth: 'admin',
    tag: 'payments',
    summary: 'Rename, activate or deactivate a payment method; only the fields sent change',
    querystring: IdQuery,
    body: UpdatePaymentMethodBody,
    reply: Ok(PaymentMethod),
  }),
  changePaymentMethodStatus: endpoint({
    ...API_ROUTES.changePaymentMethodStatus,
    auth: 'admin',
    tag: 'payments',
    summary: 'Activate (isActive=true) or deactivate (false) a payment method',
    querystring: ChangePaymentMethodStatusQuery,
    reply: Ok(PaymentMethod),
  }),
  getAllDiscountCodes: endpoint({
    ...API_ROUTES.getAllDiscountCodes,
    auth: 'admin',
    tag: 'catalog',
    summary: 'Discount codes, paged; search matches the code name; filters: type, status',
    querystring: DiscountCodeListQuery,
    reply: OkList(DiscountCodeRow),
  }),
  getDiscountCodeDetail: endpoint({
    ...API_ROUTES.getDiscountCodeDetail,
    auth: 'admin',
    tag: 'catalog',
    summary: 'One discount code (its redemptions: /redemption/getAll with filterValue = its id)',
    querystring: IdQuery,
    reply: Ok(DiscountCodeRow),
  }),
  createDiscountCode: endpoint({
    ...API_ROUTES.createDiscountCode,
    auth: 'admin',
    tag: 'catalog',
    summary: 'Add a discount code; 409 on codeName when another code has the name in any case',
    body: CreateDiscountCodeBody,
    reply: Ok(DiscountCodeRow),
  }),
  updateDiscountCode: endpoint({
    ...API_ROUTES.updateDiscountCode,
    auth: 'admin',
    tag: 'catalog',
    summary:
      'Change a discount code; only the fields sent change. 409 on codeName when taken; 400 on redeemLimit below what was already redeemed',
    querystring: IdQuery,
    body: UpdateDiscountCodeBody,
    reply: Ok(DiscountCodeRow),
  }),
  getAllEmailTemplates: endpoint({
    ...API_ROUTES.getAllEmailTemplates,
    auth: 'admin',
    tag: 'catalog',
    summary: 'Email templates, paged, with a plain-text preview of each; search matches the name and the key',
    querystring: EmailTemplateListQuery,
    reply: OkList(EmailTemplateRow),
  }),
  getEmailTemplateDetail: endpoint({
    ...API_ROUTES.getEmailTemplateDetail,
    auth: 'admin',
    tag: 'catalog',
    summary: 'One email template, with the placeholders its email fills in',
    querystring: IdQuery,
    reply: Ok(EmailTemplate),
  }),
  updateEmailTemplate: endpoint({
    ...API_ROUTES.updateEmailTemplate,
    auth: 'admin',
    tag: 'catalog',
    summary:
      "Change a template's subject or HTML. The HTML is sanitised (scripts, event handlers, javascript: links removed; the message says what went); HTML that is not well formed, a placeholder the email does not fill, or a required one left out is a 400 on the field",
    querystring: IdQuery,
    body: UpdateEmailTemplateBody,
    reply: Ok(EmailTemplate),
  }),
  getAllCalls: endpoint({
    ...API_ROUTES.getAllCalls,
    auth: 'admin',
    tag: 'catalog',
    summary:
      'Video calls, paged; search matches either party (display name, user name) and the call id; filter: status',
    querystring: CallListQuery,
    reply: OkList(CallRow),
  }),
  getCallDetail: endpoint({
    ...API_ROUTES.getCallDetail,
    auth: 'admin',
    tag: 'catalog',
    summary: 'One video call, with both parties, its transactions and its refunds',
    querystring: IdQuery,
    reply: Ok(CallDetail),
  }),
  getAllNotifications: endpoint({
    ...API_ROUTES.getAllNotifications,
    auth: 'admin',
    tag: 'catalog',
    summary: 'Notifications, newest first, paged from page 1, each with its sender (userDetails); filter: unread',
    querystring: NotificationListQuery,
    reply: OkList(NotificationRow),
  }),
  getUnreadNotificationCount: endpoint({
    ...API_ROUTES.getUnreadNotificationCount,
    auth: 'admin',
    tag: 'catalog',
    summary: 'How many notifications are unread',
    reply: Ok(UnreadCount),
  }),
  markNotificationRead: endpoint({
    ...API_ROUTES.markNotificationRead,
    auth: 'admin',
    tag: 'catalog',
    summary: 'Mark one notification as read (marking a read one again changes nothing)',
    querystring: IdQuery,
    reply: Ok(NotificationRow),
  }),
  markAllNotificationsRead: endpoint({
    ...API_ROUTES.markAllNotificationsRead,
    auth: 'admin',
    tag: 'catalog',
    summary: 'Mark every notification as read',
    reply: Ok(MarkAllReadResult),
  }),
  createNotification: endpoint({
    ...API_ROUTES.createNotification,
    auth: 'marketplace',
    tag: 'catalog',
    summary:
      'Post a notification (what the marketplace sends); signed-in admins get it over the socket as notification:new',
    body: CreateNotificationBody,
    reply: Ok(NotificationRow),
  }),
  getAuditLog: endpoint({
    ...API_ROUTES.getAuditLog,
    auth: 'admin',
    tag: 'audit',
    summary:
      'The audit log, newest first, paged: every security event and every change an admin made (who, what, which record, when, from where, the fields before and after; never a secret); filters: actorId, actorEmail, action, recordType (+ recordId), from/to',
    querystring: AuditLogQuery,
    reply: OkList(AuditEntryRow),
  }),
  getRemoteRegistry: endpoint({
    ...API_ROUTES.getRemoteRegistry,
    auth: 'admin',
    tag: 'platform',
    summary:
      "The remote registry as the signed-in admin gets it: per remote the version this admin runs (a staged version when the admin is in that remote's stage, named or by percentage; else the current one), its manifest and integrity hashes, and the origins a developer's override may load from",
    reply: Ok(AdminRemoteRegistry),
  }),
} as const;

export type EndpointName = keyof typeof endpoints;

// What an endpoint's schemas let through, for the server's handlers and the apps' client alike.

/** The query an endpoint reads; none declared: no query at all. */
export type QueryOf<E> = E extends { querystring: infer Q extends TSchema } ? Static<Q> : Record<string, never>;
/** The body an endpoint reads; none declared: no body. */
export type BodyOf<E> = E extends { body: infer B extends TSchema } ? Static<B> : undefined;
/** The 200 reply of an endpoint. */
export type ReplyOf<E> = E extends { reply: infer R extends TSchema } ? Static<R> : never;
/** The `data` of an endpoint's 200 envelope; unknown for a reply that carries none. */
export type DataOf<E> = ReplyOf<E> extends { data: infer D } ? D : unknown;
