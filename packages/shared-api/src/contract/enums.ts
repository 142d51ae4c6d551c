import { Type, type Static } from '@sinclair/typebox';
import {
  CALL_STATUSES,
  DECISION_STATUSES,
  DISCOUNT_CODE_STATUSES,
  DISCOUNT_CODE_TYPES,
  REFUND_DESTINATIONS,
  REFUND_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '../constants/enums';

export * from '../constants/enums';

export const CallStatus = Type.Union(CALL_STATUSES.map((s) => Type.Literal(s)));
export type CallStatus = Static<typeof CallStatus>;
export const DiscountCodeType = Type.Union(DISCOUNT_CODE_TYPES.map((s) => Type.Literal(s)));
export type DiscountCodeType = Static<typeof DiscountCodeType>;
/** Account status of a user: '1' active, anything else inactive (spec: "Active when status is '1'"). */
export const UserStatus = Type.Union([Type.Literal('1'), Type.Literal('0')]);
export type UserStatus = Static<typeof UserStatus>;
/** Admin availability: '1' available, '0' not. */
export const AvailabilityStatus = Type.Union([Type.Literal('1'), Type.Literal('0')]);
export type AvailabilityStatus = Static<typeof AvailabilityStatus>;
/** A request's or a payout request's state: pending until an admin decides, once. */
export const DecisionStatus = Type.Union(DECISION_STATUSES.map((s) => Type.Literal(s)));
export type DecisionStatus = Static<typeof DecisionStatus>;
export const TransactionStatus = Type.Union(TRANSACTION_STATUSES.map((s) => Type.Literal(s)));
export type TransactionStatus = Static<typeof TransactionStatus>;
export const TransactionType = Type.Union(TRANSACTION_TYPES.map((s) => Type.Literal(s)));
export type TransactionType = Static<typeof TransactionType>;
export const RefundStatus = Type.Union(REFUND_STATUSES.map((s) => Type.Literal(s)));
export type RefundStatus = Static<typeof RefundStatus>;
export const RefundDestination = Type.Union(REFUND_DESTINATIONS.map((s) => Type.Literal(s)));
export type RefundDestination = Static<typeof RefundDestination>;
export const DiscountCodeStatus = Type.Union(DISCOUNT_CODE_STATUSES.map((s) => Type.Literal(s)));
export type DiscountCodeStatus = Static<typeof DiscountCodeStatus>;
