import { useEndpointList, type EndpointQuery, type EndpointRow, type ListEndpointName } from '@backoffice/shared-api';
import { useLocation } from '@backoffice/ui-kit/router';
import { awaitingOtherRows } from './awaitingOtherRows';
import { useRememberFirst } from './useRememberFirstRead';
import { useUrlListState, type UrlListState } from './useUrlListState';

/** What every list asks the server for: the page, its size, the trimmed search and the sort. */
export interface BaseListQuery<S extends string> {
  page: number;
  limit: number;
  search?: string;
  sortBy: S;
  sortOrder: 'asc' | 'desc';
}

export interface ListControllerOptions<N extends ListEndpointName, S extends string> {
  /** The contract's list endpoint the screen shows: `'getAllFans'`. */
  endpoint: N;
  /** The server's whitelist: a sortBy outside it (a hand-edited URL) falls back to `defaultSort`. */
  sorts: readonly S[];
  defaultSort: S;
  defaultOrder?: 'asc' | 'desc';
  /** Filter parameters kept in the URL; pass a module-level array (its identity is memoised on). */
  filterKeys?: readonly string[];
  pageSize?: number;
  /**
   * Adds the list's own filters (typed, with their defaults) to the base query; runs every render.
   * Without it the base query is the whole query.
   */
  toQuery?: (base: BaseListQuery<S>, filters: UrlListState<S>['filters']) => EndpointQuery<N>;
  /** How long a page stays fresh (react-query's staleTime): 0 for a list that must be read afresh. */
  staleTime?: number;
}

/**
 * A list screen's logic, react-admin style: URL-kept page, sort, search and filters in; rows,
 * totals, states and handlers out, read from the contract's endpoint. The view only renders what
 * this returns (ListScreen).
 */
export function useListController<N extends ListEndpointName, S extends string>(opts: ListControllerOptions<N, S>) {
  const pageSize = opts.pageSize ?? 10;
  const url = useUrlListState<S>({
    sortBy: opts.defaultSort,
    sortOrder: opts.defaultOrder ?? 'desc',
    filterKeys: opts.filterKeys,
  });
  const sortBy = opts.sorts.includes(url.sortBy) ? url.sortBy : opts.defaultSort;
  const base: BaseListQuery<S> = {
    page: url.page,
    limit: pageSize,
    search: url.search || undefined,
    sortBy,
    sortOrder: url.sortOrder,
  };
  const query = opts.toQuery ? opts.toQuery(base, url.filters) : (base as unknown as EndpointQuery<N>);
  const result = useEndpointList(
    opts.endpoint,
    query,
    opts.staleTime === undefined ? {} : { staleTime: opts.staleTime },
  );
  const { search } = useLocation();
  // A list read afresh on every visit (staleTime 0) would read its prefetched page again.
  useRememberFirst(opts.endpoint, query, opts.staleTime !== 0);
  return {
    ...url,
    sortBy,
    pageSize,
    /** What the list asked the server for (the export sends the same filters). */
    query,
    rows: result.data?.data as EndpointRow<N>[] | undefined,
    total: result.data?.total ?? 0,
    totalIs: result.data?.totalIs,
    loading: awaitingOtherRows(result),
    error: result.error ? result.error.message : undefined,
    retry: () => void result.refetch(),
    /** State for a row's link, so that the page it opens can go back to this page, sort and search (useBackToList). */
    linkState: { listQuery: search },
  };
}
