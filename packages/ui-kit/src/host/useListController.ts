import { useLocation } from '@backoffice/ui-kit/router';
import { useUrlListState, type UrlListState } from './useUrlListState';

/** What a list's query hook returns (react-query's result, narrowed to what a list screen reads). */
export interface ListQueryResult<Row> {
  data?: { data: Row[]; total: number; totalIs?: 'about' | 'atLeast' };
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** What every list asks the server for: the page, its size, the trimmed search and the sort. */
export interface BaseListQuery<S extends string> {
  page: number;
  limit: number;
  search?: string;
  sortBy: S;
  sortOrder: 'asc' | 'desc';
}

export interface ListControllerOptions<S extends string, Q extends Partial<BaseListQuery<S>>, Row> {
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
  toQuery?: (base: BaseListQuery<S>, filters: UrlListState<S>['filters']) => Q;
  useList: (query: Q) => ListQueryResult<Row>;
}

/**
 * A list screen's logic, react-admin style: URL-kept page, sort, search and filters in; rows,
 * totals, states and handlers out. The view only renders what this returns.
 */
export function useListController<S extends string, Q extends Partial<BaseListQuery<S>>, Row>(
  opts: ListControllerOptions<S, Q, Row>,
) {
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
  const query = opts.toQuery ? opts.toQuery(base, url.filters) : (base as Q);
  const result = opts.useList(query);
  const { search } = useLocation();
  return {
    ...url,
    sortBy,
    pageSize,
    /** What the list asked the server for (the export sends the same filters). */
    query,
    rows: result.data?.data,
    total: result.data?.total ?? 0,
    totalIs: result.data?.totalIs,
    loading: result.isFetching,
    error: result.error ? result.error.message : undefined,
    retry: () => void result.refetch(),
    /** State for a row's link, so that the page it opens can go back to this page, sort and search (useBackToList). */
    linkState: { listQuery: search },
  };
}
