import {
  Button,
  Card,
  DataTable,
  ErrorState,
  Flex,
  MailOutlined,
  StopOutlined,
  Tag,
  Typography,
  formatDateTime,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import type { AdminInviteRow } from '@backoffice/shared-api';
import { useAdminInvites } from './useAdminInvites';

const orDash = (name: string) => name.trim() || '—';

/** Below the admins: the invitations still waiting, each with Resend and Cancel for an admin who manages the team. */
export function AdminInvites({ canManage }: { canManage: boolean }) {
  const c = useAdminInvites();
  const columns: Array<DataTableColumn<AdminInviteRow>> = [
    { key: 'email', title: 'Email' },
    { key: 'name', title: 'Name', render: (i) => orDash(`${i.firstName} ${i.lastName}`) },
    { key: 'role', title: 'Role', render: (i) => i.role.name },
    {
      key: 'invitedBy',
      title: 'Invited by',
      render: (i) => (i.invitedBy ? `${i.invitedBy.firstName} ${i.invitedBy.lastName}` : '—'),
    },
    { key: 'createdAt', title: 'Sent', render: (i) => formatDateTime(i.createdAt) },
    {
      key: 'expiresAt',
      title: 'Expires',
      render: (i) =>
        i.expired ? (
          <Flex gap={8} align="center">
            <Tag color="warning">Expired</Tag>
            <Typography.Text type="secondary">{formatDateTime(i.expiresAt)}</Typography.Text>
          </Flex>
        ) : (
          formatDateTime(i.expiresAt)
        ),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: 'Actions',
            render: (i: AdminInviteRow) => (
              <Flex gap="small">
                <Button
                  type="link"
                  size="small"
                  icon={<MailOutlined aria-hidden />}
                  loading={c.resendingId === i._id}
                  onClick={() => c.resend(i)}
                  aria-label={`Resend the invitation to ${i.email}`}
                  style={{ paddingInline: 0 }}
                >
                  Resend
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<StopOutlined aria-hidden />}
                  loading={c.cancellingId === i._id}
                  onClick={() => c.cancel(i)}
                  aria-label={`Cancel the invitation to ${i.email}`}
                  style={{ paddingInline: 0 }}
                >
                  Cancel
                </Button>
              </Flex>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          Pending invitations
        </Typography.Title>
      }
    >
      {c.error ? (
        <ErrorState title="The invitations could not be loaded" message={c.error} onRetry={c.retry} />
      ) : (
        <DataTable<AdminInviteRow>
          caption="Pending invitations"
          columns={columns}
          rows={c.rows}
          rowKey={(i) => i._id}
          loading={c.loading}
          skeletonRows={2}
          emptyText="No invitations are waiting"
        />
      )}
    </Card>
  );
}
