import {
  DISCOUNT_CODE_STATUSES,
  DISCOUNT_CODE_TYPES,
  DISCOUNT_CODE_TYPE_LABELS,
  type DiscountCodeType,
  type UserRef,
} from '@backoffice/shared-api';
import { underscoresToSpaces } from '@backoffice/ui-kit';

/** The contract's label; a type this build does not know yet still reads as words. */
export const typeLabel = (type: string): string =>
  DISCOUNT_CODE_TYPE_LABELS[type as DiscountCodeType] ?? underscoresToSpaces(type);

export const TYPE_OPTIONS = DISCOUNT_CODE_TYPES.map((value) => ({ value, label: DISCOUNT_CODE_TYPE_LABELS[value] }));
export const STATUS_OPTIONS = DISCOUNT_CODE_STATUSES.map((value) => ({ value, label: value }));

/** Only this type belongs to an influencer; the API requires one for it and refuses one for the others. */
export const INFLUENCER_TYPE: DiscountCodeType = 'influencer_discount_code';

export const influencerLabel = (u: Pick<UserRef, 'displayName' | 'userName'>): string =>
  u.displayName ? `${u.displayName} (@${u.userName})` : `@${u.userName}`;

/** A value the server would refuse (a hand-edited URL) is no value. */
export const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  (values as readonly (string | undefined)[]).includes(value) ? (value as T) : undefined;
