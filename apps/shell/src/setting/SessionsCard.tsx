import { useEndpointList } from '@backoffice/shared-api';
import { Card, DataTable, ErrorState, Tag, formatDateTime } from '@backoffice/ui-kit';

/**
 * Where the admin is signed in: each session neither logged out nor expired, the one of this page
 * marked. A sign-in or logout in another tab or browser shows at once (the sessionsChanged event).
 */
export function SessionsCard() {
  const sessions = useEndpointList('getSessions', {});
  return (
    <Card title="Your sessions">
      {sessions.error ? (
        <ErrorState
          title="Your sessions could not be loaded"
          message={sessions.error.message}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <DataTable
          caption="Your sessions"
          rows={sessions.data?.data}
          rowKey={(s) => s._id}
          loading={sessions.isFetching}
          skeletonRows={2}
          columns={[
            { key: 'signedInAt', title: 'Signed In', render: (s) => formatDateTime(s.signedInAt) },
            { key: 'expiresAt', title: 'Expires', render: (s) => formatDateTime(s.expiresAt) },
            { key: 'current', title: '', render: (s) => (s.current ? <Tag color="blue">This session</Tag> : null) },
          ]}
        />
      )}
    </Card>
  );
}
