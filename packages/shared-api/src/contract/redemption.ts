import { endpoint } from './endpoint';
import { OkList } from './common';
import { Type, type Static } from '@sinclair/typebox';
import { CreatedRange, Dollars, Id, ListQuery, MAX_SEARCH_LENGTH } from './common';
import { REDEMPTION_DEFAULTS, REDEMPTION_SORTS, type RedemptionSort } from '../constants/lists';

export { REDEMPTION_DEFAULTS, REDEMPTION_SORTS, type RedemptionSort };

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

export const RedemptionListQuery = ListQuery(REDEMPTION_SORTS, 'createdAt', {
  /** A discount code's id or its code name: only that code's redemptions. */
  filterValue: Type.Optional(Type.String({ maxLength: MAX_SEARCH_LENGTH })),
  /** When the code was redeemed. */
  ...CreatedRange,
});
export type RedemptionListQuery = Static<typeof RedemptionListQuery>;

export const redemptionEndpoints = {
  getAllRedemptions: endpoint({
    method: 'GET',
    path: '/redemption/getAll',
    auth: 'admin',
    permission: 'catalog.read',
    resource: 'redemptions',
    summary:
      'Redemption history, paged; search matches the display name, the user name and the code name; filterValue names one code (its id or its code name)',
    querystring: RedemptionListQuery,
    reply: OkList(RedemptionRecord),
  }),
};
