import { Button, DataTable, LogoutOutlined, Tag, formatDateTime, type DataTableColumn } from '@backoffice/ui-kit';
import type { AdminSessionRow } from '@backoffice/shared-api';

export interface SessionsTableProps {
  caption: string;
  rows: AdminSessionRow[] | undefined;
  loading: boolean;
  /** Signs one session out; absent: the table only shows. */
  onSignOut?: (session: AdminSessionRow) => void;
  /** The session being signed out, whose button spins. */
  pendingId?: string;
}

/**
 * An admin's sessions: where each signed in from, when, and when it was last seen; the one this
 * page runs in is tagged and has no Sign out (Log out does that).
 */
export function SessionsTable({ caption, rows, loading, onSignOut, pendingId }: SessionsTableProps) {
  const columns: Array<DataTableColumn<AdminSessionRow>> = [
    {
      key: 'browser',
      title: 'Browser',
      render: (s) => (
        <>
          {s.browser || 'Unknown browser'}
          {s.current && (
            <Tag color="blue" style={{ marginInlineStart: 8 }}>
              This session
            </Tag>
          )}
        </>
      ),
    },
    { key: 'address', title: 'Address', render: (s) => s.address || '—' },
    { key: 'signedInAt', title: 'Signed in', render: (s) => formatDateTime(s.signedInAt) },
    { key: 'lastSeenAt', title: 'Last seen', render: (s) => formatDateTime(s.lastSeenAt) },
    ...(onSignOut
      ? [
          {
            key: 'actions',
            title: 'Actions',
            render: (s: AdminSessionRow) =>
              s.current ? null : (
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<LogoutOutlined aria-hidden />}
                  loading={pendingId === s._id}
                  onClick={() => onSignOut(s)}
                  aria-label={`Sign out ${s.browser || 'Unknown browser'} from ${s.address || 'an unknown address'}`}
                  style={{ paddingInline: 0 }}
                >
                  Sign out
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <DataTable<AdminSessionRow>
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(s) => s._id}
      loading={loading}
      skeletonRows={2}
      emptyText="No active sessions"
    />
  );
}
