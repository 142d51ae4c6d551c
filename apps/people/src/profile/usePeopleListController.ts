import { DATE_RANGE_KEYS, dateRangeBounds, useDateRangeFilter, useListController } from '@backoffice/ui-kit';
import type { FanRow, ListResult, PersonKind } from '@backoffice/shared-api';
import { useStatusToggle } from './useStatusToggle';

export const PEOPLE_PAGE_SIZE = 10;

/** What a people list asks its query hook for; fans and influencers take the same shape. */
export interface PeopleListQuery<S extends string> {
  page: number;
  limit: number;
  search?: string;
  sortBy: S;
  sortOrder: 'asc' | 'desc';
  /** The created-on range, as instants; sent only for a source with `createdRange`. */
  from?: string;
  to?: string;
}

export interface PeopleListQueryResult {
  data?: ListResult<FanRow>;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface PeopleListSource<S extends string> {
  kind: PersonKind;
  /** The server's whitelist: a sortBy outside it (a hand-edited URL) falls back to createdAt. */
  sorts: readonly S[];
  useList: (query: PeopleListQuery<S>) => PeopleListQueryResult;
  /** The list offers a From/To filter on the created-on date (fans: only their list query takes it). */
  createdRange?: boolean;
}

/** A people list's logic: URL-kept state in, rows and handlers out; the view only renders. */
export function usePeopleListController<S extends string>({ sorts, useList, createdRange }: PeopleListSource<S>) {
  const list = useListController<S, PeopleListQuery<S>, FanRow>({
    sorts,
    defaultSort: 'createdAt' as S,
    pageSize: PEOPLE_PAGE_SIZE,
    filterKeys: createdRange ? DATE_RANGE_KEYS : undefined,
    toQuery: createdRange ? (base, filters) => ({ ...base, ...dateRangeBounds(filters) }) : undefined,
    useList,
  });
  const range = useDateRangeFilter(list);
  const status = useStatusToggle();
  return {
    ...list,
    /** The From/To filter, for a list that has one. */
    range: createdRange ? range : undefined,
    hasFilters: range.isSet,
    clearFilters: () => list.setFilters(range.cleared),
    toggleStatus: status.toggle,
    statusPendingId: status.pendingId,
  };
}
