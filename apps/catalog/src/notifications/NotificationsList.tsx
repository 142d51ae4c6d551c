import {
  Badge,
  BellOutlined,
  Button,
  CheckOutlined,
  Flex,
  ListScreen,
  Tag,
  Typography,
  UserOutlined,
  formatDateTime,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import { Avatar } from '@backoffice/ui-kit/forms';
import { Segmented } from '@backoffice/ui-kit/forms';
import { notificationText, type NotificationRow } from '@backoffice/shared-api';
import { useCan } from '@backoffice/shared-api/runtime';
import { useNotificationActions } from './useNotificationActions';
import { useNotificationsListController, type ReadFilter } from './useNotificationsListController';

const READ_FILTER_OPTIONS: Array<{ value: ReadFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
];

function NotificationCell({ n }: { n: NotificationRow }) {
  const text = notificationText(n);
  if (n.isRead) return <Typography.Text>{text}</Typography.Text>;
  return (
    <Flex align="center" gap="small">
      <span aria-hidden>
        <Badge color="blue" />
      </span>
      <Typography.Text strong>{text}</Typography.Text>
      <Tag color="blue">New</Tag>
    </Flex>
  );
}

/** The sender as the rest of the back office shows a user; a notice with no sender came from the system. */
function SenderCell({ n }: { n: NotificationRow }) {
  const sender = n.userDetails;
  if (!sender) {
    return (
      <Flex align="center" gap="small">
        <Avatar icon={<BellOutlined aria-hidden />} />
        <Typography.Text>System</Typography.Text>
      </Flex>
    );
  }
  return (
    <Flex align="center" gap="small">
      <Avatar
        // Also the fallback when the stored picture cannot be loaded.
        icon={<UserOutlined aria-hidden />}
        src={sender.mainProfilePicture || undefined}
        alt={`${sender.displayName}'s profile picture`}
      />
      <Flex vertical>
        <Typography.Text>{sender.displayName}</Typography.Text>
        <Typography.Text type="secondary">{`@${sender.userName}`}</Typography.Text>
        <Typography.Text type="secondary">{sender.email}</Typography.Text>
      </Flex>
    </Flex>
  );
}

/** Notifications, newest first: what happened, who it came from, when, and marking it read. */
export function NotificationsList() {
  const list = useNotificationsListController();
  const { setPage, readFilter } = list;
  // Marking read is offered to a role that may; the others see what is unread.
  const canMark = useCan('notifications.send');
  const actions = useNotificationActions({
    // Under Unread, the page the admin was on is now empty.
    onAllMarked: () => readFilter === 'unread' && setPage(1),
  });

  const columns: Array<DataTableColumn<NotificationRow>> = [
    { key: 'description', title: 'Notification', wrap: true, render: (n) => <NotificationCell n={n} /> },
    { key: 'from', title: 'From', render: (n) => <SenderCell n={n} /> },
    { key: 'createdAt', title: 'Received', sortable: true, render: (n) => formatDateTime(n.createdAt) },
    {
      key: 'action',
      title: 'Action',
      render: (n) =>
        n.isRead || !canMark ? (
          <Typography.Text type="secondary">{n.isRead ? 'Read' : 'Unread'}</Typography.Text>
        ) : (
          <Button
            type="link"
            size="small"
            icon={<CheckOutlined aria-hidden />}
            loading={actions.pendingIds.has(n._id)}
            onClick={() => void actions.markRead(n)}
          >
            Mark as read
          </Button>
        ),
    },
  ];

  return (
    <ListScreen<NotificationRow>
      title="Notifications"
      list={list}
      columns={columns}
      rowKey={(n) => n._id}
      errorTitle="Notifications could not be loaded"
      extra={
        <Flex gap="small" wrap align="center">
          <Segmented<ReadFilter>
            aria-label="Show notifications"
            options={READ_FILTER_OPTIONS}
            value={readFilter}
            onChange={list.setReadFilter}
          />
          {canMark && (
            <Button
              icon={<CheckOutlined aria-hidden />}
              disabled={list.unread === 0}
              loading={actions.markingAll}
              onClick={() => void actions.markAllRead()}
            >
              Mark all as read
            </Button>
          )}
        </Flex>
      }
    />
  );
}
