import { useLocation } from 'react-router-dom';
import {
  DECISION_STATUSES,
  REQUEST_SORTS,
  useRequestsList,
  type DecisionStatus,
  type RequestListQuery,
  type RequestRow,
  type RequestSort,
} from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';

export const REQUESTS_PAGE_SIZE = 10;

export type StatusFilter = DecisionStatus | 'all';
export const STATUS_FILTERS: readonly StatusFilter[] = [...DECISION_STATUSES, 'all'];

/** Pending requests are the work waiting for an admin, so a bare link opens on them. */
const DEFAULT_STATUS: StatusFilter = 'pending';

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = ['status'] as const;

/** A hand-edited URL falls back to the default rather than sending the server a value it refuses. */
const statusOf = (value: string | undefined): StatusFilter =>
  (STATUS_FILTERS as readonly (string | undefined)[]).includes(value) ? (value as StatusFilter) : DEFAULT_STATUS;

/** The Requests list's logic: URL-kept state in, rows and handlers out; the view only renders. */
export function useRequestsListController() {
  const list = useListController<RequestSort, RequestListQuery, RequestRow>({
    sorts: REQUEST_SORTS,
    defaultSort: 'updatedAt',
    filterKeys: FILTER_KEYS,
    pageSize: REQUESTS_PAGE_SIZE,
    toQuery: ({ page, pageSize, search, sortBy, sortOrder, filters }) => {
      const status = statusOf(filters.status);
      return {
        page,
        limit: pageSize,
        search: search || undefined,
        sortBy,
        sortOrder,
        status: status === 'all' ? undefined : status,
      };
    },
    useList: useRequestsList,
  });
  const status = statusOf(list.filters.status);
  const { search: listQuery } = useLocation();
  return {
    ...list,
    status,
    setStatus: (next: StatusFilter) => list.setFilter('status', next === DEFAULT_STATUS ? undefined : next),
    // Rows of one status need no label; once other statuses can show, each row says its own.
    showStatus: status !== DEFAULT_STATUS,
    /** Handed to the view screen so its way back restores this page, sort and filter. */
    linkState: { listQuery },
  };
}
