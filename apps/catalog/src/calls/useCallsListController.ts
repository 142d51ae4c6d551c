import { CALL_SORTS, CALL_STATUSES, type CallStatus } from '@backoffice/shared-api';
import { DATE_RANGE_KEYS, dateRangeBounds, useDateRangeFilter, useListController } from '@backoffice/ui-kit';

export const CALLS_PAGE_SIZE = 10;

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = ['status', ...DATE_RANGE_KEYS] as const;

/** A status the server knows, or none: a hand-edited URL must not turn into a 400. */
export function callStatusOf(value: string | undefined): CallStatus | undefined {
  return (CALL_STATUSES as readonly (string | undefined)[]).includes(value) ? (value as CallStatus) : undefined;
}

/**
 * The Calls list's logic: page, sort, search, the status filter and the requested-on range (the
 * Date column, in the admin's days) from the URL; rows and handlers out.
 */
export function useCallsListController() {
  const list = useListController({
    endpoint: 'getAllCalls',
    sorts: CALL_SORTS,
    defaultSort: 'createdAt',
    filterKeys: FILTER_KEYS,
    pageSize: CALLS_PAGE_SIZE,
    toQuery: (base, filters) => ({ ...base, status: callStatusOf(filters.status), ...dateRangeBounds(filters) }),
  });
  const status = callStatusOf(list.filters.status);
  const range = useDateRangeFilter(list);
  return {
    ...list,
    status,
    range,
    setStatus: (next: CallStatus | undefined) => list.setFilter('status', next),
    hasFilters: !!(status || range.isSet),
    clearFilters: () => list.setFilters({ status: undefined, ...range.cleared }),
  };
}
