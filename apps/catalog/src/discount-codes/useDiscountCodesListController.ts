import {
  DISCOUNT_CODE_SORTS,
  DISCOUNT_CODE_STATUSES,
  DISCOUNT_CODE_TYPES,
  type DiscountCodeStatus,
  type DiscountCodeType,
} from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';
import { oneOf } from './discountCodeLabels';

export const DISCOUNT_CODES_PAGE_SIZE = 10;

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = ['type', 'status'] as const;

/** The Discount codes list's logic: page, sort, search and the type and status filters from the URL. */
export function useDiscountCodesListController() {
  const list = useListController({
    endpoint: 'getAllDiscountCodes',
    sorts: DISCOUNT_CODE_SORTS,
    defaultSort: 'createdAt',
    filterKeys: FILTER_KEYS,
    pageSize: DISCOUNT_CODES_PAGE_SIZE,
    toQuery: (base, filters) => ({
      ...base,
      type: oneOf(DISCOUNT_CODE_TYPES, filters.type),
      status: oneOf(DISCOUNT_CODE_STATUSES, filters.status),
    }),
  });
  const { type, status } = list.query;
  return {
    ...list,
    type,
    status,
    setType: (next: DiscountCodeType | undefined) => list.setFilter('type', next),
    setStatus: (next: DiscountCodeStatus | undefined) => list.setFilter('status', next),
    hasFilters: !!(type || status),
    clearFilters: () => list.setFilters({ type: undefined, status: undefined }),
  };
}
