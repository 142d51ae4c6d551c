import { useLocation } from '@backoffice/ui-kit/router';
import {
  REQUEST_SORTS,
  useRequestsList,
  type RequestListQuery,
  type RequestRow,
  type RequestSort,
} from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';
import { DECISION_STATUS_FILTER_KEY, decisionStatusQueryOf, useDecisionStatusFilter } from '@backoffice/ui-kit/forms';

export const REQUESTS_PAGE_SIZE = 10;

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = [DECISION_STATUS_FILTER_KEY] as const;

/** The Requests list's logic: URL-kept state in, rows and handlers out; the view only renders. */
export function useRequestsListController() {
  const list = useListController<RequestSort, RequestListQuery, RequestRow>({
    sorts: REQUEST_SORTS,
    defaultSort: 'updatedAt',
    filterKeys: FILTER_KEYS,
    pageSize: REQUESTS_PAGE_SIZE,
    toQuery: (base, filters) => ({ ...base, status: decisionStatusQueryOf(filters) }),
    useList: useRequestsList,
  });
  const { status, setStatus } = useDecisionStatusFilter(list);
  const { search: listQuery } = useLocation();
  return {
    ...list,
    status,
    setStatus,
    // Rows of one status need no label; once other statuses can show, each row says its own.
    showStatus: status !== 'pending',
    /** Handed to the view screen so its way back restores this page, sort and filter. */
    linkState: { listQuery },
  };
}
