import {
  TRANSACTION_SORTS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  useTransactionsList,
  type TransactionExportQuery,
  type TransactionListQuery,
  type TransactionRow,
  type TransactionSort,
  type TransactionStatus,
  type TransactionType,
} from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';
import { endOfLocalDay, startOfLocalDay, validDay } from './localDay';

export const TRANSACTIONS_PAGE_SIZE = 10;

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = ['status', 'type', 'from', 'to'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  (values as readonly (string | undefined)[]).includes(value) ? (value as T) : undefined;

/**
 * The Transactions list's logic: page, sort, search and the status, type and date filters from the
 * URL; rows and handlers out. A value the server would refuse (a hand-edited URL) is no filter.
 */
export function useTransactionsListController() {
  const list = useListController<TransactionSort, TransactionListQuery, TransactionRow>({
    sorts: TRANSACTION_SORTS,
    defaultSort: 'createdAt',
    filterKeys: FILTER_KEYS,
    pageSize: TRANSACTIONS_PAGE_SIZE,
    toQuery: (base, filters) => ({
      ...base,
      status: oneOf(TRANSACTION_STATUSES, filters.status),
      type: oneOf(TRANSACTION_TYPES, filters.type),
      from: startOfLocalDay(filters.from),
      to: endOfLocalDay(filters.to),
    }),
    useList: useTransactionsList,
  });
  const status = oneOf(TRANSACTION_STATUSES, list.filters.status);
  const type = oneOf(TRANSACTION_TYPES, list.filters.type);
  const from = validDay(list.filters.from);
  const to = validDay(list.filters.to);
  const { page: _page, limit: _limit, ...exportQuery } = list.query;

  return {
    ...list,
    status,
    type,
    from,
    to,
    setStatus: (next: TransactionStatus | undefined) => list.setFilter('status', next),
    setType: (next: TransactionType | undefined) => list.setFilter('type', next),
    setFrom: (day: string) => list.setFilter('from', day || undefined),
    setTo: (day: string) => list.setFilter('to', day || undefined),
    hasFilters: !!(status || type || from || to),
    clearFilters: () => list.setFilters(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined]))),
    /** Every row the list selects, without paging: what "Export CSV" sends. */
    exportQuery: exportQuery satisfies TransactionExportQuery,
  };
}
