import { useEffect, useState } from 'react';
import { Link } from '@backoffice/ui-kit/router';
import { Badge, BellOutlined, theme, useLinkTo, useToasts } from '@backoffice/ui-kit';
import { notificationText, useEndpointQuery, useLiveEvent } from '@backoffice/shared-api';
import { firstScreenDrawn, session, useSession } from '@backoffice/shared-api/runtime';

/**
 * The unread count the header shows. It lives in the notification state group (spec section 3),
 * which logout resets; the server's answer, read again whenever a notification is posted or read
 * (the contract's events), keeps it current. An answer landing after logout must not bring back the
 * count that logout cleared; each answer is applied, even one equal to the last (logout set 0).
 */
function useUnreadCount(): number {
  const signedIn = useSession((s) => !!s.auth.user);
  // Asked once the first screen is drawn (as the live updates connect): its answer, and the header's
  // render it causes, would otherwise compete with the screen's own first render.
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let live = true;
    void firstScreenDrawn().then(() => live && setDrawn(true));
    return () => {
      live = false;
    };
  }, []);
  const reply = useEndpointQuery('getUnreadNotificationCount', {}, { enabled: signedIn && drawn, staleTime: 0 });
  const fetched = reply.data?.unReadCount;
  const answeredAt = reply.dataUpdatedAt;
  useEffect(() => {
    if (fetched !== undefined && session.getState().auth.user) session.setNotification({ unReadCount: fetched });
  }, [fetched, answeredAt]);
  return useSession((s) => s.notification.unReadCount);
}

/**
 * The header's bell: the unread count, a link to the Notifications screen, and a toast for each
 * notification as it arrives.
 */
export function NotificationBell() {
  const link = useLinkTo();
  const { token } = theme.useToken();
  const toasts = useToasts();
  const unread = useUnreadCount();
  useLiveEvent('notificationCreated', (n) => toasts.show('info', notificationText(n)));

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      to={link('notifications')}
      aria-label={label}
      title={label}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        padding: `${token.paddingXXS}px ${token.paddingXS}px`,
        borderRadius: token.borderRadius,
        color: token.colorText,
        lineHeight: 1,
      }}
    >
      <Badge count={unread} size="small" overflowCount={99}>
        <BellOutlined aria-hidden style={{ fontSize: 20 }} />
      </Badge>
    </Link>
  );
}
