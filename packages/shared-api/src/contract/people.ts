import { endpoint, serverEvent } from './endpoint';
import { Ok, OkList } from './common';
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { CreatedRange, Dollars, Id, IdQuery, ListQuery, Page, Limit, Search, Timestamp } from './common';
import { DecisionStatus, UserStatus } from './enums';
import {
  FAN_DETAIL_SECTIONS,
  FAN_SORTS,
  INFLUENCER_SORTS,
  REQUEST_SORTS,
  type FanDetailSection,
  type FanSort,
  type InfluencerSort,
  type RequestSort,
} from '../constants/lists';
import {
  DATE_PATTERN,
  PHONE_PATTERN,
  PICTURE_PATTERN,
  INFLUENCER_ONLY_FIELDS,
  PROFILE_LIMITS as L,
  URL_PATTERN,
  USER_NAME_PATTERN,
  ZIP_CODE_PATTERN,
} from '../constants/profile';

export {
  FAN_DETAIL_SECTIONS,
  FAN_SORTS,
  INFLUENCER_SORTS,
  REQUEST_SORTS,
  type FanDetailSection,
  type FanSort,
  type InfluencerSort,
  type RequestSort,
};

export const SocialLink = Type.Object(
  {
    url: Type.String(),
    /** 1 Twitter … 6 Other (SOCIAL_LINK_TYPES); null on the default empty entry. */
    type: Type.Union([Type.Integer({ minimum: 1, maximum: 6 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type SocialLink = Static<typeof SocialLink>;

/** The user profile of spec section 3 (fans and influencers), field names as the spec spells them. */
export const UserProfile = Type.Object(
  {
    _id: Id,
    firstName: Type.String(),
    lastName: Type.String(),
    userName: Type.String(),
    email: Type.String(),
    displayName: Type.String(),
    isInfluencer: Type.Boolean(),
    isEmailVerified: Type.Boolean(),
    timeZone: Type.String(),
    phone: Type.String(),
    is18Plus: Type.Boolean(),
    acceptTerms: Type.Boolean(),
    acceptPrivacy: Type.Boolean(),
    acceptinfluencerTerms: Type.Boolean(),
    photoId: Type.String(),
    pictureId: Type.String(),
    /** 1 Male, 2 Female, 3 Non-binary, 4 Prefer not to say (GENDERS); null when not given. */
    gender: Type.Union([Type.Integer({ minimum: 1, maximum: 4 }), Type.Null()]),
    callChargesPerMin: Dollars,
    dob: Type.String({ description: 'YYYY-MM-DD, or empty' }),
    country: Type.String({ description: 'ISO 3166-1 alpha-2, or empty' }),
    state: Type.String(),
    city: Type.String(),
    zipCode: Type.String(),
    callDurationInMin: Type.Integer({ minimum: 0 }),
    mainProfilePicture: Type.String(),
    profilePictureOne: Type.String(),
    profilePictureTwo: Type.String(),
    address: Type.String(),
    bio: Type.String(),
    searchKeywords: Type.Array(Type.String()),
    /** Language ids, matched against the language list. */
    spokenLanguage: Type.Array(Type.String()),
    socialMedia: Type.Array(SocialLink),
    /** Category ids, matched against the category list. */
    category: Type.Array(Type.String()),
    displayfullName: Type.Boolean(),
    status: UserStatus,
    lastLoginAt: Type.Union([Timestamp, Type.Null()]),
    lastLogoutAt: Type.Union([Timestamp, Type.Null()]),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false },
);
export type UserProfile = Static<typeof UserProfile>;

/** A fan or an influencer as the Fans and Influencers lists show them (spec section 2). */
export const PersonRow = Type.Object(
  {
    _id: Id,
    userName: Type.String(),
    displayName: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    status: UserStatus,
    createdAt: Timestamp,
  },
  { additionalProperties: false },
);
export type PersonRow = Static<typeof PersonRow>;

export const FanListQuery = ListQuery(FAN_SORTS, 'createdAt', {
  status: Type.Optional(UserStatus),
  /** When the fan joined. */
  ...CreatedRange,
});
export type FanListQuery = Static<typeof FanListQuery>;

export const ChangeStatusQuery = Type.Object({ id: Id, status: UserStatus }, { additionalProperties: false });
export type ChangeStatusQuery = Static<typeof ChangeStatusQuery>;

export const ChangeStatusResult = Type.Object({ _id: Id, status: UserStatus }, { additionalProperties: false });
export type ChangeStatusResult = Static<typeof ChangeStatusResult>;

export const FanDetailsQuery = Type.Object(
  {
    id: Id,
    tab: Type.Optional(Type.Union(FAN_DETAIL_SECTIONS.map((s) => Type.Literal(s)))),
    page: Type.Optional(Page),
    limit: Type.Optional(Limit),
    search: Type.Optional(Search),
  },
  { additionalProperties: false },
);
export type FanDetailsQuery = Static<typeof FanDetailsQuery>;

export const Pagination = Type.Object(
  { page: Type.Integer(), limit: Type.Integer(), total: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type Pagination = Static<typeof Pagination>;

const Section = <T extends TProperties, R extends TSchema>(extra: T, row: R) =>
  Type.Object({ ...extra, data: Type.Array(row), pagination: Pagination }, { additionalProperties: false });

export const FanTransactionRow = Type.Object(
  {
    _id: Id,
    transactionId: Type.String(),
    orderId: Type.Union([Type.String(), Type.Null()]),
    amount: Dollars,
    createdAt: Timestamp,
  },
  { additionalProperties: false },
);
export const FanRefundRow = Type.Object(
  {
    _id: Id,
    orderId: Type.String(),
    amount: Dollars,
    transfer_to: Type.String(),
    status: Type.String(),
    createdAt: Timestamp,
  },
  { additionalProperties: false },
);
export const FanVideoCallRow = Type.Object(
  {
    _id: Id,
    /** null for a call that never started (requested, missed, cancelled, rejected). */
    startedAt: Type.Union([Timestamp, Type.Null()]),
    /** The epoch (1970-01-01T00:00:00.000Z) while the call is ongoing; null if it never started. */
    endedAt: Type.Union([Timestamp, Type.Null()]),
    status: Type.String(),
  },
  { additionalProperties: false },
);
export const FanDiscountCodeRow = Type.Object(
  {
    _id: Id,
    discountCodeId: Id,
    discountCodeName: Type.String(),
    discountCodeType: Type.String(),
    discountAmount: Dollars,
  },
  { additionalProperties: false },
);

/** The fan detail response of spec section 3. */
export const FanDetails = Type.Object(
  {
    userDetails: Type.Object(
      {
        _id: Id,
        displayName: Type.String(),
        userName: Type.String(),
        mainProfilePicture: Type.String(),
        status: UserStatus,
        email: Type.String(),
        lastLoginAt: Type.Union([Timestamp, Type.Null()]),
        lastLogoutAt: Type.Union([Timestamp, Type.Null()]),
      },
      { additionalProperties: false },
    ),
    totalUserCalls: Type.Integer({ minimum: 0 }),
    transactions: Section({ totalAmount: Dollars }, FanTransactionRow),
    refunds: Section({ totalRefundAmount: Dollars }, FanRefundRow),
    videoCalls: Section({}, FanVideoCallRow),
    discountCodes: Section({ totalDiscountCodeRedeem: Type.Integer({ minimum: 0 }) }, FanDiscountCodeRow),
  },
  { additionalProperties: false },
);
export type FanDetails = Static<typeof FanDetails>;

// ---------------------------------------------------------------------------------------------
// Influencers, profile edits, applicant requests and the lists the profile fields refer to.

/** Influencers list (spec section 2): name, user name, display name, email, created on (a PersonRow each). */
export const InfluencerListQuery = ListQuery(INFLUENCER_SORTS, 'createdAt', {
  status: Type.Optional(UserStatus),
});
export type InfluencerListQuery = Static<typeof InfluencerListQuery>;

/** A text that may be left empty, or else must match `pattern`. */
const EmptyOr = (pattern: string, maxLength: number) => Type.String({ maxLength, pattern: `(^$)|(${pattern})` });

export const SocialLinkInput = Type.Object(
  {
    url: EmptyOr(URL_PATTERN, L.urlMax),
    type: Type.Union([Type.Integer({ minimum: 1, maximum: 6 }), Type.Null()]),
  },
  { additionalProperties: false },
);

/**
 * The editable profile fields. Every field is optional (only the ones sent change); the edit forms
 * send them all. The influencer fields are refused for a fan.
 */
export const UpdateUserProfileBody = Type.Object(
  {
    firstName: Type.Optional(Type.String({ minLength: 1, maxLength: L.nameMax })),
    lastName: Type.Optional(Type.String({ minLength: 1, maxLength: L.nameMax })),
    userName: Type.Optional(Type.String({ pattern: USER_NAME_PATTERN })),
    email: Type.Optional(Type.String({ format: 'email', maxLength: L.emailMax })),
    displayName: Type.Optional(Type.String({ minLength: 1, maxLength: L.displayNameMax })),
    phone: Type.Optional(EmptyOr(PHONE_PATTERN, L.phoneMax)),
    gender: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 4 }), Type.Null()])),
    dob: Type.Optional(EmptyOr(DATE_PATTERN, 10)),
    country: Type.Optional(EmptyOr('^[A-Z]{2}$', 2)),
    state: Type.Optional(Type.String({ maxLength: L.placeMax })),
    city: Type.Optional(Type.String({ maxLength: L.placeMax })),
    zipCode: Type.Optional(EmptyOr(ZIP_CODE_PATTERN, L.zipCodeMax)),
    address: Type.Optional(Type.String({ maxLength: L.addressMax })),
    bio: Type.Optional(Type.String({ maxLength: L.bioMax })),
    timeZone: Type.Optional(Type.String({ maxLength: L.timeZoneMax })),
    searchKeywords: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: L.keywordMax }), { maxItems: L.keywordsMax }),
    ),
    spokenLanguage: Type.Optional(Type.Array(Id, { maxItems: L.languagesMax, uniqueItems: true })),
    socialMedia: Type.Optional(Type.Array(SocialLinkInput, { maxItems: L.socialLinksMax })),
    category: Type.Optional(Type.Array(Id, { maxItems: L.categoriesMax, uniqueItems: true })),
    displayfullName: Type.Optional(Type.Boolean()),
    mainProfilePicture: Type.Optional(EmptyOr(PICTURE_PATTERN, L.pictureMaxChars)),
    // Influencer fields.
    callChargesPerMin: Type.Optional(Type.Number({ minimum: 0, maximum: L.callChargesMax, multipleOf: 0.01 })),
    callDurationInMin: Type.Optional(Type.Integer({ minimum: L.callDurationMin, maximum: L.callDurationMax })),
    profilePictureOne: Type.Optional(EmptyOr(PICTURE_PATTERN, L.pictureMaxChars)),
    profilePictureTwo: Type.Optional(EmptyOr(PICTURE_PATTERN, L.pictureMaxChars)),
    photoId: Type.Optional(Type.String({ maxLength: L.photoIdMax })),
  },
  { additionalProperties: false },
);
export type UpdateUserProfileBody = Static<typeof UpdateUserProfileBody>;

// Written in constants/profile.ts so that the client package exports it as a value too.
export { INFLUENCER_ONLY_FIELDS };

export const Category = Type.Object({ _id: Id, name: Type.String() }, { additionalProperties: false });
export type Category = Static<typeof Category>;
export const Language = Type.Object(
  { _id: Id, code: Type.String(), name: Type.String() },
  { additionalProperties: false },
);
export type Language = Static<typeof Language>;

/** Influencer requests list: the applicant's columns plus the request's own (requested on = updatedAt). */
export const RequestRow = Type.Object(
  {
    _id: Id,
    userId: Id,
    firstName: Type.String(),
    lastName: Type.String(),
    userName: Type.String(),
    displayName: Type.String(),
    email: Type.String(),
    /** The applicant's account. */
    createdAt: Timestamp,
    /** Requested on. */
    updatedAt: Timestamp,
    status: DecisionStatus,
  },
  { additionalProperties: false },
);
export type RequestRow = Static<typeof RequestRow>;

export const RequestListQuery = ListQuery(REQUEST_SORTS, 'updatedAt', {
  /** Without it, every request; the screen asks for pending ones first. */
  status: Type.Optional(DecisionStatus),
});
export type RequestListQuery = Static<typeof RequestListQuery>;

export const AdminRef = Type.Object(
  { _id: Id, firstName: Type.String(), lastName: Type.String() },
  { additionalProperties: false },
);
export type AdminRef = Static<typeof AdminRef>;

export const RequestDetail = Type.Object(
  {
    _id: Id,
    status: DecisionStatus,
    /** Why it was rejected (or the note sent with an approval); empty while pending. */
    reason: Type.String(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    decidedAt: Type.Union([Timestamp, Type.Null()]),
    decidedBy: Type.Union([AdminRef, Type.Null()]),
    applicant: UserProfile,
  },
  { additionalProperties: false },
);
export type RequestDetail = Static<typeof RequestDetail>;

export const DecideRequestBody = Type.Object(
  {
    id: Id,
    decision: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
    /** Required for a rejection (it is sent to the applicant); optional note for an approval. */
    reason: Type.Optional(Type.String({ maxLength: L.reasonMax })),
  },
  { additionalProperties: false },
);
export type DecideRequestBody = Static<typeof DecideRequestBody>;

/** What the marketplace sends when a fan applies to become an influencer. */
export const CreateInfluencerRequestBody = Type.Object({ userId: Id }, { additionalProperties: false });
export type CreateInfluencerRequestBody = Static<typeof CreateInfluencerRequestBody>;

const IdAndDecision = Type.Object({ _id: Id, status: DecisionStatus }, { additionalProperties: false });

export const peopleEvents = {
  userUpdated: serverEvent({
    name: 'user:updated',
    summary: "A fan's or an influencer's profile or status changed",
    payload: Type.Object({ _id: Id }, { additionalProperties: false }),
    invalidates: ['people', 'requests', 'dashboard', 'audit'],
  }),
  influencerRequestCreated: serverEvent({
    name: 'influencer-request:new',
    summary: 'The marketplace filed an application to become an influencer',
    payload: RequestRow,
    invalidates: ['requests', 'dashboard', 'audit'],
  }),
  influencerRequestDecided: serverEvent({
    name: 'influencer-request:decided',
    summary: 'An application was approved or rejected',
    payload: IdAndDecision,
    invalidates: ['requests', 'people', 'dashboard', 'audit'],
  }),
};

export const peopleEndpoints = {
  changeStatus: endpoint({
    method: 'PATCH',
    path: '/admin/changeStatus',
    auth: 'admin',
    permission: 'people.write',
    resource: 'people',
    summary: "Activate ('1') or deactivate ('0') a user account",
    querystring: ChangeStatusQuery,
    reply: Ok(ChangeStatusResult),
    emits: ['userUpdated'],
  }),
  getAllFans: endpoint({
    method: 'GET',
    path: '/admin/getAllFans',
    auth: 'admin',
    permission: 'people.read',
    resource: 'people',
    summary: 'Fans, paged; search matches user name, display name and email',
    querystring: FanListQuery,
    reply: OkList(PersonRow),
  }),
  getFanDetail: endpoint({
    method: 'GET',
    path: '/admin/getFanDetail',
    auth: 'admin',
    permission: 'people.read',
    resource: 'people',
    summary: "A fan's full profile",
    querystring: IdQuery,
    reply: Ok(UserProfile),
  }),
  getFanDetails: endpoint({
    method: 'GET',
    path: '/admin/getFanDetails',
    auth: 'admin',
    permission: 'people.read',
    resource: 'people',
    summary:
      "A fan's detail screen: profile summary, totals and one page of each section; page, limit and search apply to the section `tab` names",
    querystring: FanDetailsQuery,
    reply: Ok(FanDetails),
  }),
  getAllInfluencers: endpoint({
    method: 'GET',
    path: '/admin/getAllInfluencers',
    auth: 'admin',
    permission: 'people.read',
    resource: 'people',
    summary: 'Influencers, paged; search matches name, user name, display name and email',
    querystring: InfluencerListQuery,
    reply: OkList(PersonRow),
  }),
  getInfluencerDetail: endpoint({
    method: 'GET',
    path: '/admin/getInfluencerDetail',
    auth: 'admin',
    permission: 'people.read',
    resource: 'people',
    summary: "An influencer's full profile",
    querystring: IdQuery,
    reply: Ok(UserProfile),
  }),
  updateUserProfile: endpoint({
    method: 'PATCH',
    path: '/admin/updateUserProfile',
    auth: 'admin',
    permission: 'people.write',
    resource: 'people',
    summary:
      "Change a fan's or an influencer's profile; only the fields sent change. 409 names the field when the email or user name belongs to another account",
    querystring: IdQuery,
    body: UpdateUserProfileBody,
    reply: Ok(UserProfile),
    emits: ['userUpdated'],
  }),
  getAllRequests: endpoint({
    method: 'GET',
    path: '/admin/getAllRequests',
    auth: 'admin',
    permission: 'people.read',
    resource: 'requests',
    summary: 'Applicant requests to become an influencer, paged; search matches the applicant',
    querystring: RequestListQuery,
    reply: OkList(RequestRow),
  }),
  getRequestDetail: endpoint({
    method: 'GET',
    path: '/admin/getRequestDetail',
    auth: 'admin',
    permission: 'people.read',
    resource: 'requests',
    summary: 'One application: the applicant profile and the decision, if any',
    querystring: IdQuery,
    reply: Ok(RequestDetail),
  }),
  decideRequest: endpoint({
    method: 'PATCH',
    path: '/admin/decideRequest',
    auth: 'admin',
    permission: 'people.write',
    resource: 'requests',
    summary:
      'Approve (the applicant becomes an influencer) or reject (with a reason) a pending request, once; the applicant is emailed. 409 when it was already decided',
    body: DecideRequestBody,
    reply: Ok(RequestDetail),
    emits: ['influencerRequestDecided', 'userUpdated'],
  }),
  createInfluencerRequest: endpoint({
    method: 'POST',
    path: '/admin/createInfluencerRequest',
    auth: 'marketplace',
    resource: 'requests',
    summary:
      "File a fan's application to become an influencer (what the marketplace sends); signed-in admins are told over the socket",
    body: CreateInfluencerRequestBody,
    reply: Ok(RequestRow),
    emits: ['influencerRequestCreated', 'notificationCreated'],
  }),
  getCategories: endpoint({
    method: 'GET',
    path: '/admin/getCategories',
    auth: 'admin',
    permission: 'people.read',
    resource: 'lookups',
    summary: 'Every category a profile may name, by name',
    reply: Ok(Type.Array(Category)),
  }),
  getLanguages: endpoint({
    method: 'GET',
    path: '/admin/getLanguages',
    auth: 'admin',
    permission: 'people.read',
    resource: 'lookups',
    summary: 'Every language a profile may name, by name',
    reply: Ok(Type.Array(Language)),
  }),
};
