import { useEffect } from 'react';
import { NOTIFICATION_SORTS, useEndpointQuery } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { useListController } from '@backoffice/ui-kit';

export type ReadFilter = 'all' | 'unread';

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = ['unread'] as const;

/**
 * The Notifications list's logic: URL-kept page, sort and All/Unread filter in; rows, the unread
 * count and handlers out. The page shown is kept in the session's notification group too (spec
 * section 3: notification, totalRecords, currentPage).
 */
export function useNotificationsListController() {
  const list = useListController({
    endpoint: 'getAllNotifications',
    sorts: NOTIFICATION_SORTS,
    defaultSort: 'createdAt',
    filterKeys: FILTER_KEYS,
    // Anything but "true" (a hand-edited URL) reads as All, which is what a bare link shows.
    toQuery: (base, filters) => ({ ...base, unread: filters.unread === 'true' ? true : undefined }),
  });
  const { rows, total, page } = list;
  useEffect(() => {
    if (rows) session.setNotification({ notification: rows, totalRecords: total, currentPage: page });
  }, [rows, total, page]);
  // Until the server has counted, there is nothing known to mark read.
  const unread = useEndpointQuery('getUnreadNotificationCount', {}).data?.unReadCount ?? 0;
  const readFilter: ReadFilter = list.query.unread ? 'unread' : 'all';
  return {
    ...list,
    unread,
    readFilter,
    setReadFilter: (next: ReadFilter) => list.setFilter('unread', next === 'unread' ? 'true' : undefined),
  };
}
