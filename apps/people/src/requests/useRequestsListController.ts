import { useLocation } from 'react-router-dom';
import {
  DECISION_STATUSES,
  REQUEST_SORTS,
  useRequestsList,
  type DecisionStatus,
  type RequestSort,
} from '@backoffice/shared-api';
import { useUrlListState } from '@backoffice/ui-kit';

export const REQUESTS_PAGE_SIZE = 10;

export type StatusFilter = DecisionStatus | 'all';
export const STATUS_FILTERS: readonly StatusFilter[] = [...DECISION_STATUSES, 'all'];

/** Pending requests are the work waiting for an admin, so a bare link opens on them. */
const DEFAULT_STATUS: StatusFilter = 'pending';

// Module-level so the reference is stable: useUrlListState memoizes on it.
const FILTER_KEYS = ['status'] as const;

const isOneOf = <T extends string>(values: readonly T[], value: string | undefined): value is T =>
  (values as readonly (string | undefined)[]).includes(value);

/** The Requests list's logic: URL-kept state in, rows and handlers out; the view only renders. */
export function useRequestsListController() {
  const url = useUrlListState<RequestSort>({ sortBy: 'updatedAt', filterKeys: FILTER_KEYS });
  // A hand-edited URL falls back to the defaults rather than sending the server a value it refuses.
  const sortBy = isOneOf(REQUEST_SORTS, url.sortBy) ? url.sortBy : 'updatedAt';
  const status = isOneOf(STATUS_FILTERS, url.filters.status) ? url.filters.status : DEFAULT_STATUS;
  const { data, isFetching, error, refetch } = useRequestsList({
    page: url.page,
    limit: REQUESTS_PAGE_SIZE,
    search: url.search || undefined,
    sortBy,
    sortOrder: url.sortOrder,
    status: status === 'all' ? undefined : status,
  });
  const { search: listQuery } = useLocation();
  return {
    ...url,
    sortBy,
    status,
    setStatus: (next: StatusFilter) => url.setFilter('status', next === DEFAULT_STATUS ? undefined : next),
    // Rows of one status need no label; once other statuses can show, each row says its own.
    showStatus: status !== DEFAULT_STATUS,
    rows: data?.data,
    total: data?.total ?? 0,
    loading: isFetching,
    error: error?.message,
    retry: () => void refetch(),
    /** Handed to the view screen so its way back restores this page, sort and filter. */
    linkState: { listQuery },
  };
}
