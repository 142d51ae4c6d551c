import { useCallback, useRef, useState } from 'react';
import { useEndpointMutation, type NotificationRow } from '@backoffice/shared-api';
import { UNKNOWN_ERROR_MESSAGE } from '@backoffice/shared-api/runtime';
import { useToasts } from '@backoffice/ui-kit';

export const ALL_MARKED_READ_MESSAGE = 'All notifications marked as read';

const messageOf = (e: unknown) => (e instanceof Error && e.message ? e.message : UNKNOWN_ERROR_MESSAGE);

/**
 * Mark one or all notifications read. A row changes only once the server has agreed (the list and
 * the unread count, which the endpoints' events change, are read again before the call resolves),
 * and a request in flight is never sent again: the buttons show it loading, and the refs refuse a
 * repeat even before that render has happened.
 */
export function useNotificationActions({ onAllMarked }: { onAllMarked?: () => void } = {}) {
  const toasts = useToasts();
  const { mutateAsync: markOneAsync } = useEndpointMutation('markNotificationRead');
  const { mutateAsync: markAllAsync } = useEndpointMutation('markAllNotificationsRead');
  const sendingIds = useRef(new Set<string>());
  const sendingAll = useRef(false);
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(() => new Set());
  const [markingAll, setMarkingAll] = useState(false);

  const markRead = useCallback(
    async (n: NotificationRow) => {
      if (sendingIds.current.has(n._id)) return;
      sendingIds.current.add(n._id);
      setPendingIds(new Set(sendingIds.current));
      try {
        await markOneAsync({ query: { id: n._id } });
      } catch (e) {
        toasts.show('error', messageOf(e));
      } finally {
        sendingIds.current.delete(n._id);
        setPendingIds(new Set(sendingIds.current));
      }
    },
    [markOneAsync, toasts],
  );

  const markAllRead = useCallback(async () => {
    if (sendingAll.current) return;
    sendingAll.current = true;
    setMarkingAll(true);
    try {
      await markAllAsync({});
      toasts.show('success', ALL_MARKED_READ_MESSAGE);
      onAllMarked?.();
    } catch (e) {
      toasts.show('error', messageOf(e));
    } finally {
      sendingAll.current = false;
      setMarkingAll(false);
    }
  }, [markAllAsync, toasts, onAllMarked]);

  return { markRead, markAllRead, pendingIds, markingAll };
}
