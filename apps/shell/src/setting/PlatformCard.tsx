import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  DataTable,
  Flex,
  Input,
  ReloadOutlined,
  Tag,
  Typography,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import { Form, Select } from '@backoffice/ui-kit/forms';
import { OVERRIDE_MESSAGES, REMOTE_NAMES, type RemoteName } from '../remotes/registry';
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
  return (
    <>
      <span>{row.version ?? 'Not published'}</span>
      {row.version && row.staged && (
        <Tag
          color="purple"
          style={{ marginLeft: 8 }}
          title="A staged version: this admin gets it before everyone else does"
        >
          Staged
        </Tag>
      )}
      {row.ignoredOverride && (
        <Tag
          style={{ marginLeft: 8 }}
          title={`Saved in this browser, not allowed by this server: ${row.ignoredOverride}`}
        >
          Override ignored
        </Tag>
      )}
    </>
  );
}

const REMOTE_OPTIONS = REMOTE_NAMES.map((name) => ({ value: name, label: name }));

function OverrideHelp({ origins }: { origins: string[] | undefined }) {
  if (origins === undefined)
    return <Typography.Paragraph type="secondary">Checking what this server allows…</Typography.Paragraph>;
  if (origins.length === 0)
    return <Alert type="info" showIcon title={OVERRIDE_MESSAGES.off} style={{ marginBottom: 16 }} />;
  return (
    <Typography.Paragraph type="secondary">
      Load a remote from your own machine instead of its published version, in this browser only (the page reloads).
      This server accepts overrides from {origins.join(', ')}.
    </Typography.Paragraph>
  );
}

/**
 * A developer's way to try their local build of one remote in this browser, against real data: only
 * on a server started with REMOTE_OVERRIDE_ORIGINS, and only from the origins it names.
 */
function OverrideForm({
  origins,
  onSet,
}: {
  origins: string[] | undefined;
  onSet: (name: RemoteName, url: string) => string | undefined;
}) {
  const [name, setName] = useState<RemoteName>();
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string>();
  const off = !origins?.length;
  return (
    <Form
      layout="vertical"
      onFinish={() => name && setProblem(onSet(name, url))}
      style={{ marginTop: 16 }}
      aria-label="Load a remote from this machine"
    >
      <OverrideHelp origins={origins} />
      <Flex gap={8} wrap align="flex-start">
        <Form.Item label="Remote" htmlFor="override-remote" style={{ marginBottom: 0 }}>
          <Select
            id="override-remote"
            options={REMOTE_OPTIONS}
            value={name}
            placeholder="Choose"
            disabled={off}
            onChange={setName}
            style={{ width: 140 }}
          />
        </Form.Item>
        <Form.Item
          label="Manifest URL"
          htmlFor="override-url"
          validateStatus={problem ? 'error' : undefined}
          help={problem}
          style={{ marginBottom: 0, flex: '1 1 320px' }}
        >
          <Input
            id="override-url"
            value={url}
            placeholder="http://localhost:3001/mf-manifest.json"
            disabled={off}
            onChange={(e) => {
              setUrl(e.target.value);
              setProblem(undefined);
            }}
          />
        </Form.Item>
        <Form.Item label=" " style={{ marginBottom: 0 }}>
          <Button htmlType="submit" disabled={off || !name || !url.trim()}>
            Use override
          </Button>
        </Form.Item>
      </Flex>
    </Form>
  );
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
      render: (row) => (
        <Flex gap={8}>
          {row.status.state === 'failed' && (
            <Button size="small" aria-label={`Retry ${row.name}`} onClick={() => void p.retry(row.name)}>
              Retry
            </Button>
          )}
          {(row.override ?? row.ignoredOverride) && (
            <Button
              size="small"
              aria-label={`Remove the override of ${row.name}`}
              onClick={() => p.setOverride(row.name, undefined)}
            >
              Remove override
            </Button>
          )}
        </Flex>
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
      <OverrideForm origins={p.overrideOrigins} onSet={p.setOverride} />
    </Card>
  );
}
