import { Type, type Static } from '@sinclair/typebox';
import { Dollars, Id, ListQuery, Page, Limit, Search, Timestamp } from './common';
import { UserStatus } from './enums';
import { FAN_DETAIL_SECTIONS, FAN_SORTS, type FanDetailSection, type FanSort } from '../constants/lists';

export { FAN_DETAIL_SECTIONS, FAN_SORTS, type FanDetailSection, type FanSort };

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

export const FanRow = Type.Object(
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
export type FanRow = Static<typeof FanRow>;

export const FanListQuery = ListQuery(FAN_SORTS, 'createdAt', {
  status: Type.Optional(UserStatus),
});
export type FanListQuery = Static<typeof FanListQuery>;

export const IdQuery = Type.Object({ id: Id }, { additionalProperties: false });
export type IdQuery = Static<typeof IdQuery>;

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

const Section = <T extends Parameters<typeof Type.Object>[0]>(extra: T, row: ReturnType<typeof Type.Object>) =>
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
