import { Type, type Static } from '@sinclair/typebox';
import { Dollars, Id, ListQuery, MAX_SEARCH_LENGTH } from './common';

/** The redemption record of spec section 3, with its defaults applied by the server. */
export const RedemptionRecord = Type.Object(
  {
    _id: Id,
    displayName: Type.String({ description: '"N/A" when the user has none' }),
    discountCode: Type.String({ description: '"N/A" when unknown' }),
    discountCodeType: Type.String({ description: '"N/A" when unknown' }),
    discountAmount: Dollars,
    status: Type.String({ description: '"Inactive" unless the redemption is active' }),
    redeemedAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type RedemptionRecord = Static<typeof RedemptionRecord>;

export const REDEMPTION_DEFAULTS = {
  displayName: 'N/A',
  discountCode: 'N/A',
  discountCodeType: 'N/A',
  discountAmount: 0,
  status: 'Inactive',
} as const;

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

export const RedemptionListQuery = ListQuery(REDEMPTION_SORTS, 'createdAt', {
  /** A discount code's id or its code name: only that code's redemptions. */
  filterValue: Type.Optional(Type.String({ maxLength: MAX_SEARCH_LENGTH })),
});
export type RedemptionListQuery = Static<typeof RedemptionListQuery>;
