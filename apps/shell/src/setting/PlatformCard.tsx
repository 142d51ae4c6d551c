import {
  Alert,
  Button,
  Card,
  DataTable,
  ReloadOutlined,
  Tag,
  Typography,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import type { RemoteStatus } from '../remotes/remoteStatus';
import { usePlatform, type PlatformRow } from './usePlatform';

function Status({ status }: { status: RemoteStatus }) {
  switch (status.state) {
    case 'loaded':
      return <Tag color="success">Loaded</Tag>;
    case 'loading':
      return <Tag color="processing">Loading…</Tag>;
    case 'failed':
      return <Typography.Text type="danger">Failed to load: {status.reason}</Typography.Text>;
    default:
      return <Tag>Not loaded yet</Tag>;
  }
}

function Version({ row }: { row: PlatformRow }) {
  if (row.override) {
    return (
      <>
        <Tag color="warning">Override</Tag>
        {row.override}
      </>
    );
  }
  return <>{row.version ?? 'Not published'}</>;
}

/** Which version of each remote this shell runs, and whether it loaded, with Retry for one that did not. */
export function PlatformCard() {
  const p = usePlatform();
  const columns: Array<DataTableColumn<PlatformRow>> = [
    { key: 'name', title: 'Remote' },
    { key: 'version', title: 'Version', render: (row) => <Version row={row} /> },
    { key: 'status', title: 'Status', render: (row) => <Status status={row.status} /> },
    {
      key: 'action',
      title: 'Action',
      render: (row) =>
        row.status.state === 'failed' && (
          <Button size="small" aria-label={`Retry ${row.name}`} onClick={() => void p.retry(row.name)}>
            Retry
          </Button>
        ),
    },
  ];
  return (
    <Card
      title="Platform"
      extra={
        <Button icon={<ReloadOutlined />} disabled={p.allLoaded} onClick={() => void p.checkAll()}>
          Check all
        </Button>
      }
    >
      {p.registryError && <Alert type="error" showIcon title={p.registryError} style={{ marginBottom: 16 }} />}
      <DataTable caption="Remotes" columns={columns} rows={p.rows} rowKey={(row) => row.name} />
    </Card>
  );
}
