import type { TSchema } from '@sinclair/typebox';
import { Ok, OkEmpty, OkList } from './common';
import { API_PATHS } from '../constants/paths';
import {
  AdminProfile,
  ChangePasswordBody,
  ChangePasswordResult,
  ForgotPasswordBody,
  LoggedInAdmin,
  ResetPasswordBody,
  SignInBody,
  VerifyResetPasswordTokenQuery,
} from './auth';
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
  UpdatePaymentMethodBody,
} from './payments';

export { API_BASE_PATH, API_PATHS } from '../constants/paths';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path under API_BASE_PATH, as spec section 7 spells it. */
  path: string;
  /** false for the public auth calls; everything else needs a signed-in admin. */
  auth: boolean;
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
    method: 'POST',
    path: API_PATHS.signIn,
    auth: false,
    tag: 'auth',
    summary: 'Sign in with email and password; returns the logged-in admin with a bearer token',
    body: SignInBody,
    reply: Ok(LoggedInAdmin),
  }),
  getUserProfile: endpoint({
    method: 'GET',
    path: API_PATHS.getUserProfile,
    auth: true,
    tag: 'auth',
    summary: "The signed-in admin's profile; used to verify a restored session",
    reply: Ok(AdminProfile),
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: API_PATHS.forgotPassword,
    auth: false,
    tag: 'auth',
    summary: 'Email a password reset link; replies the same whether or not the email is known',
    body: ForgotPasswordBody,
    reply: OkEmpty,
  }),
  verifyResetPasswordToken: endpoint({
    method: 'GET',
    path: API_PATHS.verifyResetPasswordToken,
    auth: false,
    tag: 'auth',
    summary: 'Tell whether a reset token is still valid (does not use it up)',
    querystring: VerifyResetPasswordTokenQuery,
    reply: OkEmpty,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: API_PATHS.resetPassword,
    auth: false,
    tag: 'auth',
    summary: 'Set a new password with a reset token; the token works once and every session ends',
    body: ResetPasswordBody,
    reply: OkEmpty,
  }),
  changePassword: endpoint({
    method: 'PATCH',
    path: API_PATHS.changePassword,
    auth: true,
    tag: 'auth',
    summary: 'Change the password; revokes every session and returns a fresh token',
    body: ChangePasswordBody,
    reply: Ok(ChangePasswordResult),
  }),
  logout: endpoint({
    method: 'POST',
    path: API_PATHS.logout,
    auth: true,
    tag: 'auth',
    summary: 'Revoke the token this request carries',
    reply: OkEmpty,
  }),
  changeStatus: endpoint({
    method: 'PATCH',
    path: API_PATHS.changeStatus,
    auth: true,
    tag: 'people',
    summary: "Activate ('1') or deactivate ('0') a user account",
    querystring: ChangeStatusQuery,
    reply: Ok(ChangeStatusResult),
  }),
  getAllFans: endpoint({
    method: 'GET',
    path: API_PATHS.getAllFans,
    auth: true,
    tag: 'people',
    summary: 'Fans, paged; search matches user name, display name and email',
    querystring: FanListQuery,
    reply: OkList(FanRow),
  }),
  getFanDetail: endpoint({
    method: 'GET',
    path: API_PATHS.getFanDetail,
    auth: true,
    tag: 'people',
    summary: "A fan's full profile",
    querystring: IdQuery,
    reply: Ok(UserProfile),
  }),
  getFanDetails: endpoint({
    method: 'GET',
    path: API_PATHS.getFanDetails,
    auth: true,
    tag: 'people',
    summary:
      "A fan's detail screen: profile summary, totals and one page of each section; page, limit and search apply to the section `tab` names",
    querystring: FanDetailsQuery,
    reply: Ok(FanDetails),
  }),
  getAllInfluencers: endpoint({
    method: 'GET',
    path: API_PATHS.getAllInfluencers,
    auth: true,
    tag: 'people',
    summary: 'Influencers, paged; search matches name, user name, display name and email',
    querystring: InfluencerListQuery,
    reply: OkList(InfluencerRow),
  }),
  getInfluencerDetail: endpoint({
    method: 'GET',
    path: API_PATHS.getInfluencerDetail,
    auth: true,
    tag: 'people',
    summary: "An influencer's full profile",
    querystring: IdQuery,
    reply: Ok(UserProfile),
  }),
  updateUserProfile: endpoint({
    method: 'PATCH',
    path: API_PATHS.updateUserProfile,
    auth: true,
    tag: 'people',
    summary:
      "Change a fan's or an influencer's profile; only the fields sent change. 409 names the field when the email or user name belongs to another account",
    querystring: IdQuery,
    body: UpdateUserProfileBody,
    reply: Ok(UserProfile),
  }),
  getAllRequests: endpoint({
    method: 'GET',
    path: API_PATHS.getAllRequests,
    auth: true,
    tag: 'people',
    summary: 'Applicant requests to become an influencer, paged; search matches the applicant',
    querystring: RequestListQuery,
    reply: OkList(RequestRow),
  }),
  getRequestDetail: endpoint({
    method: 'GET',
    path: API_PATHS.getRequestDetail,
    auth: true,
    tag: 'people',
    summary: 'One application: the applicant profile and the decision, if any',
    querystring: IdQuery,
    reply: Ok(RequestDetail),
  }),
  decideRequest: endpoint({
    method: 'PATCH',
    path: API_PATHS.decideRequest,
    auth: true,
    tag: 'people',
    summary:
      'Approve (the applicant becomes an influencer) or reject (with a reason) a pending request, once; the applicant is emailed. 409 when it was already decided',
    body: DecideRequestBody,
    reply: Ok(RequestDetail),
  }),
  createInfluencerRequest: endpoint({
    method: 'POST',
    path: API_PATHS.createInfluencerRequest,
    auth: true,
    tag: 'people',
    summary:
      "File a fan's application to become an influencer (what the marketplace sends); signed-in admins are told over the socket",
    body: CreateInfluencerRequestBody,
    reply: Ok(RequestRow),
  }),
  getCategories: endpoint({
    method: 'GET',
    path: API_PATHS.getCategories,
    auth: true,
    tag: 'people',
    summary: 'Every category a profile may name, by name',
    reply: Ok(Type.Array(Category)),
  }),
  getLanguages: endpoint({
    method: 'GET',
    path: API_PATHS.getLanguages,
    auth: true,
    tag: 'people',
    summary: 'Every language a profile may name, by name',
    reply: Ok(Type.Array(Language)),
  }),
  getAllRedemptions: endpoint({
    method: 'GET',
    path: API_PATHS.getAllRedemptions,
    auth: true,
    tag: 'catalog',
    summary: 'Redemption history, paged; search matches the display name and the code name',
    querystring: RedemptionListQuery,
    reply: OkList(RedemptionRecord),
  }),
  getAllTransactions: endpoint({
    method: 'GET',
    path: API_PATHS.getAllTransactions,
    auth: true,
    tag: 'payments',
    summary:
      'Payments, paged; search matches the payer (name, display name, email) and the transaction id; filters: status, type, created-on range',
    querystring: TransactionListQuery,
    reply: OkList(TransactionRow),
  }),
  exportTransactions: endpoint({
    method: 'GET',
    path: API_PATHS.exportTransactions,
    auth: true,
    tag: 'payments',
    summary:
      'Every payment the list query selects, as CSV (spec "Transactions export" columns, every cell quoted, dates in `timeZone`), streamed. X-Total-Count says how many rows to expect; a failure part way aborts the response, so a cut-off file is never a complete one',
    querystring: TransactionExportQuery,
    reply: Type.String({ description: 'text/csv' }),
    produces: 'text/csv; charset=utf-8',
  }),
  getAllPayoutRequests: endpoint({
    method: 'GET',
    path: API_PATHS.getAllPayoutRequests,
    auth: true,
    tag: 'payments',
    summary: 'Payout requests, paged; search matches the influencer (name, display name, email)',
    querystring: PayoutRequestListQuery,
    reply: OkList(PayoutRequestRow),
  }),
  getPayoutRequestDetail: endpoint({
    method: 'GET',
    path: API_PATHS.getPayoutRequestDetail,
    auth: true,
    tag: 'payments',
    summary: 'One payout request, with its decision and the payout made',
    querystring: IdQuery,
    reply: Ok(PayoutRequestRow),
  }),
  decidePayoutRequest: endpoint({
    method: 'PATCH',
    path: API_PATHS.decidePayoutRequest,
    auth: true,
    tag: 'payments',
    summary:
      'Approve (pays the influencer, once) or reject (with a reason) a pending payout request. A retry with the same idempotencyKey gets the same answer; another decision of a decided request is a 409 naming who decided and when',
    body: DecidePayoutRequestBody,
    reply: Ok(PayoutRequestRow),
  }),
  createPayoutRequest: endpoint({
    method: 'POST',
    path: API_PATHS.createPayoutRequest,
    auth: true,
    tag: 'payments',
    summary:
      "File an influencer's payout request (what the marketplace sends); signed-in admins are told over the socket",
    body: CreatePayoutRequestBody,
    reply: Ok(PayoutRequestRow),
  }),
  getAllPayouts: endpoint({
    method: 'GET',
    path: API_PATHS.getAllPayouts,
    auth: true,
    tag: 'payments',
    summary: 'Payouts made, paged, with who approved them; search matches the influencer and the reference',
    querystring: PayoutListQuery,
    reply: OkList(PayoutRow),
  }),
  getAllPaymentMethods: endpoint({
    method: 'GET',
    path: API_PATHS.getAllPaymentMethods,
    auth: true,
    tag: 'payments',
    summary: 'Payment methods, paged; search matches the name',
    querystring: PaymentMethodListQuery,
    reply: OkList(PaymentMethod),
  }),
  getPaymentMethodDetail: endpoint({
    method: 'GET',
    path: API_PATHS.getPaymentMethodDetail,
    auth: true,
    tag: 'payments',
    summary: 'One payment method',
    querystring: IdQuery,
    reply: Ok(PaymentMethod),
  }),
  createPaymentMethod: endpoint({
    method: 'POST',
    path: API_PATHS.createPaymentMethod,
    auth: true,
    tag: 'payments',
    summary: 'Add a payment method; 409 on the name when another method has it',
    body: CreatePaymentMethodBody,
    reply: Ok(PaymentMethod),
  }),
  updatePaymentMethod: endpoint({
    method: 'PATCH',
    path: API_PATHS.updatePaymentMethod,
    auth: true,
    tag: 'payments',
    summary: 'Rename, activate or deactivate a payment method; only the fields sent change',
    querystring: IdQuery,
    body: UpdatePaymentMethodBody,
    reply: Ok(PaymentMethod),
  }),
  changePaymentMethodStatus: endpoint({
    method: 'PATCH',
    path: API_PATHS.changePaymentMethodStatus,
    auth: true,
    tag: 'payments',
    summary: 'Activate (isActive=true) or deactivate (false) a payment method',
    querystring: ChangePaymentMethodStatusQuery,
    reply: Ok(PaymentMethod),
  }),
} as const;

export type EndpointName = keyof typeof endpoints;
