import { Link } from '@backoffice/ui-kit/router';
import { Badge, BellOutlined, theme, useToasts } from '@backoffice/ui-kit';
import { notificationText, useNewNotifications, useUnreadNotificationCount } from '@backoffice/shared-api';
import { useBase } from './useBase';

/**
 * The header's bell: the unread count (kept current by the server and the socket, cleared by
 * logout), a link to the Notifications screen, and a toast for each notification as it arrives.
 */
export function NotificationBell() {
  const { base } = useBase();
  const { token } = theme.useToken();
  const toasts = useToasts();
  const unread = useUnreadNotificationCount();
  useNewNotifications((n) => toasts.show('info', notificationText(n)));

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      to={`${base}/notifications`}
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
