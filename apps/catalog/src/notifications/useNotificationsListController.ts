import {
  NOTIFICATION_SORTS,
  useNotificationsList,
  type NotificationListQuery,
  type NotificationRow,
  type NotificationSort,
} from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';

export type ReadFilter = 'all' | 'unread';

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = ['unread'] as const;

/** The Notifications list's logic: URL-kept page, sort and All/Unread filter in; rows and handlers out. */
export function useNotificationsListController() {
  const list = useListController<NotificationSort, NotificationListQuery, NotificationRow>({
    sorts: NOTIFICATION_SORTS,
    defaultSort: 'createdAt',
    filterKeys: FILTER_KEYS,
    // Anything but "true" (a hand-edited URL) reads as All, which is what a bare link shows.
    toQuery: (base, filters) => ({ ...base, unread: filters.unread === 'true' ? true : undefined }),
    useList: useNotificationsList,
  });
  const readFilter: ReadFilter = list.query.unread ? 'unread' : 'all';
  return {
    ...list,
    readFilter,
    setReadFilter: (next: ReadFilter) => list.setFilter('unread', next === 'unread' ? 'true' : undefined),
  };
}
