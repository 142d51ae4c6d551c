/** List vocabularies shared by the server's validation and the apps' screens. */
import { DECISION_STATUSES, type DecisionStatus } from './enums';

/** The status filter of a list of decisions (influencer requests, payout requests). */
export type DecisionStatusFilter = DecisionStatus | 'all';
export const DECISION_STATUS_FILTERS: readonly DecisionStatusFilter[] = [...DECISION_STATUSES, 'all'];

/** How a decision's status reads on every screen (requests, payout requests, the dashboard). */
export const DECISION_STATUS_LABELS: Record<DecisionStatusFilter, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  all: 'All',
};

export const FAN_SORTS = ['createdAt', 'userName', 'displayName', 'email'] as const;
export type FanSort = (typeof FAN_SORTS)[number];

/** The sections of the fan detail reply that page and search; `tab` names the one they apply to. */
export const FAN_DETAIL_SECTIONS = ['videoCalls', 'transactions', 'refunds', 'discountCodes'] as const;
export type FanDetailSection = (typeof FAN_DETAIL_SECTIONS)[number];

export const REDEMPTION_SORTS = [
  'createdAt',
  'redeemedAt',
  'displayName',
  'discountCode',
  'discountCodeType',
  'discountAmount',
  'status',
] as const;
export type RedemptionSort = (typeof REDEMPTION_SORTS)[number];

/** Spec section 3: the redemption record's defaults. */
export const REDEMPTION_DEFAULTS = {
  displayName: 'N/A',
  discountCode: 'N/A',
  discountCodeType: 'N/A',
  discountAmount: 0,
  status: 'Inactive',
} as const;

/** `name` sorts by first then last name. */
export const INFLUENCER_SORTS = ['createdAt', 'name', 'userName', 'displayName', 'email'] as const;
export type InfluencerSort = (typeof INFLUENCER_SORTS)[number];

/** `createdAt` is the applicant's account; `updatedAt` is "requested on" (spec section 2). */
export const REQUEST_SORTS = ['updatedAt', 'createdAt', 'name', 'userName', 'displayName', 'email'] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];
