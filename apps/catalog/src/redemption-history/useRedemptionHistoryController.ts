import { useMemo } from 'react';
import { REDEMPTION_SORTS } from '@backoffice/shared-api';
import { DATE_RANGE_KEYS, dateRangeBounds, useDateRangeFilter, useListController } from '@backoffice/ui-kit';
import { withRedemptionDefaults } from './redemptionRecord';

/** Spec sections 2 and 9: page size 10. */
export const REDEMPTION_PAGE_SIZE = 10;

/** Spec section 2: the optional `value` query parameter names a code (its id or code name). */
export const CODE_FILTER_PARAM = 'value';

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = [CODE_FILTER_PARAM, ...DATE_RANGE_KEYS] as const;

/**
 * The Redemption history's logic: page, sort (createdAt descending by default), trimmed search and
 * the `value` code filter and the redeemed-on range (the admin's days) from the URL, sent to
 * GET /redemption/getAll; rows with the spec's defaults out.
 */
export function useRedemptionHistoryController() {
  const list = useListController({
    endpoint: 'getAllRedemptions',
    sorts: REDEMPTION_SORTS,
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    filterKeys: FILTER_KEYS,
    pageSize: REDEMPTION_PAGE_SIZE,
    toQuery: (base, filters) => ({
      ...base,
      filterValue: filters[CODE_FILTER_PARAM]?.trim() || undefined,
      ...dateRangeBounds(filters),
    }),
  });
  const rows = useMemo(() => list.rows?.map(withRedemptionDefaults), [list.rows]);
  const code = list.query.filterValue;
  const range = useDateRangeFilter(list);
  return {
    ...list,
    rows,
    /** The code the list is narrowed to, if any. */
    code,
    clearCode: () => list.setFilter(CODE_FILTER_PARAM, undefined),
    range,
    hasFilters: !!(code || range.isSet),
    clearFilters: () => list.setFilters({ [CODE_FILTER_PARAM]: undefined, ...range.cleared }),
  };
}
