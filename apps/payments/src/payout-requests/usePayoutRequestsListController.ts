import { PAYOUT_REQUEST_SORTS } from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';
import { DECISION_STATUS_FILTER_KEY, decisionStatusQueryOf, useDecisionStatusFilter } from '@backoffice/ui-kit/forms';
import { useKeptRows } from './useKeptRows';
import { usePayoutDecision } from './usePayoutDecision';

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = [DECISION_STATUS_FILTER_KEY] as const;

/**
 * The Payout requests list's logic: URL-kept page, sort, search and status in; rows, handlers and
 * the decisions out. A row decided here stays in place, decided, until the admin moves on.
 */
export function usePayoutRequestsListController() {
  const list = useListController({
    endpoint: 'getAllPayoutRequests',
    sorts: PAYOUT_REQUEST_SORTS,
    defaultSort: 'createdAt',
    filterKeys: FILTER_KEYS,
    toQuery: (base, filters) => ({ ...base, status: decisionStatusQueryOf(filters) }),
  });
  const kept = useKeptRows(list.rows, JSON.stringify(list.query));
  const statusFilter = useDecisionStatusFilter(list);
  const decision = usePayoutDecision({ onSend: kept.keep, onDecided: kept.keep, onNotDecided: kept.release });
  return {
    ...list,
    rows: kept.rows,
    decision,
    ...statusFilter,
  };
}
