import { DATE_RANGE_KEYS, dateRangeBounds, useDateRangeFilter, useListController } from '@backoffice/ui-kit';
import type { EndpointQuery } from '@backoffice/shared-api';
import type { PersonKind } from '../profile/personKinds';
import { useStatusToggle } from './useStatusToggle';

export const PEOPLE_PAGE_SIZE = 10;

/** The contract's lists of people: both answer with PersonRow rows. */
export type PeopleListEndpoint = 'getAllFans' | 'getAllInfluencers';

type SortOf<N extends PeopleListEndpoint> = NonNullable<EndpointQuery<N>['sortBy']>;

export interface PeopleListSource<N extends PeopleListEndpoint = PeopleListEndpoint> {
  kind: PersonKind;
  endpoint: N;
  /** The server's whitelist: a sortBy outside it (a hand-edited URL) falls back to createdAt. */
  sorts: readonly SortOf<N>[];
  /** The list offers a From/To filter on the created-on date (fans: only their list query takes it). */
  createdRange?: boolean;
}

/** A people list's logic: URL-kept state in, rows and handlers out; the view only renders. */
export function usePeopleListController({ endpoint, sorts, createdRange }: PeopleListSource) {
  const list = useListController({
    endpoint,
    sorts,
    defaultSort: 'createdAt',
    pageSize: PEOPLE_PAGE_SIZE,
    filterKeys: createdRange ? DATE_RANGE_KEYS : undefined,
    toQuery: createdRange ? (base, filters) => ({ ...base, ...dateRangeBounds(filters) }) : undefined,
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
