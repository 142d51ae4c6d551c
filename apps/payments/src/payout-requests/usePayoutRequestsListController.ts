import {
  DECISION_STATUSES,
  PAYOUT_REQUEST_SORTS,
  usePayoutRequestsList,
  type DecisionStatus,
  type PayoutRequestListQuery,
  type PayoutRequestRow,
  type PayoutRequestSort,
} from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';
import { useKeptRows } from './useKeptRows';
import { usePayoutDecision } from './usePayoutDecision';

export type PayoutStatusFilter = DecisionStatus | 'all';
export const PAYOUT_STATUS_FILTERS: readonly PayoutStatusFilter[] = [...DECISION_STATUSES, 'all'];

/** Pending requests are the work waiting for an admin, so a bare link opens on them. */
const DEFAULT_STATUS: PayoutStatusFilter = 'pending';

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = ['status'] as const;

/** A value the server would refuse (a hand-edited URL) falls back to the default. */
const statusOf = (value: string | undefined): PayoutStatusFilter =>
  (PAYOUT_STATUS_FILTERS as readonly (string | undefined)[]).includes(value)
    ? (value as PayoutStatusFilter)
    : DEFAULT_STATUS;

/**
 * The Payout requests list's logic: URL-kept page, sort, search and status in; rows, handlers and
 * the decisions out. A row decided here stays in place, decided, until the admin moves on.
 */
export function usePayoutRequestsListController() {
  const list = useListController<PayoutRequestSort, PayoutRequestListQuery, PayoutRequestRow>({
    sorts: PAYOUT_REQUEST_SORTS,
    defaultSort: 'createdAt',
    filterKeys: FILTER_KEYS,
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
    useList: usePayoutRequestsList,
  });
  const kept = useKeptRows(list.rows, JSON.stringify(list.query));
  const decision = usePayoutDecision({ onSend: kept.keep, onDecided: kept.keep, onNotDecided: kept.release });
  return {
    ...list,
    rows: kept.rows,
    decision,
    status: statusOf(list.filters.status),
    setStatus: (next: PayoutStatusFilter) => list.setFilter('status', next === DEFAULT_STATUS ? undefined : next),
  };
}
