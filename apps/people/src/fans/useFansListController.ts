import { FAN_SORTS, type FanSort } from '@backoffice/shared-api';
import { useFansList } from '@backoffice/shared-api';
import { useUrlListState } from '@backoffice/ui-kit';

export const FANS_PAGE_SIZE = 10;

/** The Fans list's logic: URL-kept state in, rows and handlers out; the view only renders. */
export function useFansListController() {
  const list = useUrlListState<FanSort>({ sortBy: 'createdAt', sortOrder: 'desc' });
  const sortBy = (FAN_SORTS as readonly string[]).includes(list.sortBy) ? list.sortBy : 'createdAt';
  const query = useFansList({
    page: list.page,
    limit: FANS_PAGE_SIZE,
    search: list.search || undefined,
    sortBy,
    sortOrder: list.sortOrder,
  });
  return {
    ...list,
    sortBy,
    rows: query.data?.data,
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    error: query.error ? query.error.message : undefined,
    retry: () => void query.refetch(),
  };
}
