import {
  TRANSACTION_SORTS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionExportQuery,
  type TransactionStatus,
  type TransactionType,
} from '@backoffice/shared-api';
import { DATE_RANGE_KEYS, dateRangeBounds, useDateRangeFilter, useListController } from '@backoffice/ui-kit';
import { useTransactionTotalsLine } from './useTransactionTotalsLine';

export const TRANSACTIONS_PAGE_SIZE = 10;

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = ['status', 'type', ...DATE_RANGE_KEYS] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  (values as readonly (string | undefined)[]).includes(value) ? (value as T) : undefined;

/**
 * The Transactions list's logic: page, sort, search and the status, type and date filters from the
 * URL; rows, totals and handlers out. A value the server would refuse (a hand-edited URL) is no filter.
 */
export function useTransactionsListController() {
  const list = useListController({
    endpoint: 'getAllTransactions',
    sorts: TRANSACTION_SORTS,
    defaultSort: 'createdAt',
    filterKeys: FILTER_KEYS,
    pageSize: TRANSACTIONS_PAGE_SIZE,
    toQuery: (base, filters) => ({
      ...base,
      status: oneOf(TRANSACTION_STATUSES, filters.status),
      type: oneOf(TRANSACTION_TYPES, filters.type),
      ...dateRangeBounds(filters),
    }),
  });
  const status = oneOf(TRANSACTION_STATUSES, list.filters.status);
  const type = oneOf(TRANSACTION_TYPES, list.filters.type);
  const range = useDateRangeFilter(list);
  const { page: _page, limit: _limit, ...exportQuery } = list.query;
  const totals = useTransactionTotalsLine(exportQuery);

  return {
    ...list,
    // The list's Retry asks again for what failed with it: the totals come from the same filters.
    retry: () => {
      list.retry();
      totals.retry();
    },
    status,
    type,
    range,
    totals,
    setStatus: (next: TransactionStatus | undefined) => list.setFilter('status', next),
    setType: (next: TransactionType | undefined) => list.setFilter('type', next),
    hasFilters: !!(status || type || range.isSet),
    clearFilters: () => list.setFilters({ status: undefined, type: undefined, ...range.cleared }),
    /** Every row the list selects, without paging: what "Export CSV" sends. */
    exportQuery: exportQuery satisfies TransactionExportQuery,
  };
}
