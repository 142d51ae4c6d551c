import { useEndpointQuery, type TransactionTotals, type TransactionTotalsQuery } from '@backoffice/shared-api';

export type TotalsLine = (
  { state: 'loading' } | { state: 'unavailable' } | { state: 'ready'; totals: TransactionTotals }
) & { retry: () => void };

/**
 * What the rows the Transactions list selects add up to. Sort and page do not change a sum, so
 * only the search and filters are sent (the server refuses anything else). The previous figures
 * are not kept while new ones load: totals shown beside other filters would be wrong.
 */
export function useTransactionTotalsLine({ search, status, type, from, to }: TransactionTotalsQuery): TotalsLine {
  const result = useEndpointQuery('getTransactionTotals', { search, status, type, from, to });
  const retry = () => void result.refetch();
  if (result.data) return { state: 'ready', totals: result.data, retry };
  if (result.error) return { state: 'unavailable', retry };
  return { state: 'loading', retry };
}
