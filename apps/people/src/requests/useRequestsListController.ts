import { REQUEST_SORTS } from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';
import { DECISION_STATUS_FILTER_KEY, decisionStatusQueryOf, useDecisionStatusFilter } from '@backoffice/ui-kit/forms';

export const REQUESTS_PAGE_SIZE = 10;

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = [DECISION_STATUS_FILTER_KEY] as const;

/** The Requests list's logic: URL-kept state in, rows and handlers out; the view only renders. */
export function useRequestsListController() {
  const list = useListController({
    endpoint: 'getAllRequests',
    sorts: REQUEST_SORTS,
    defaultSort: 'updatedAt',
    filterKeys: FILTER_KEYS,
    pageSize: REQUESTS_PAGE_SIZE,
    toQuery: (base, filters) => ({ ...base, status: decisionStatusQueryOf(filters) }),
  });
  const { status, setStatus } = useDecisionStatusFilter(list);
  return {
    ...list,
    status,
    setStatus,
    // Rows of one status need no label; once other statuses can show, each row says its own.
    showStatus: status !== 'pending',
  };
}
