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
} as const;

export type EndpointName = keyof typeof endpoints;
