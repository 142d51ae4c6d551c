import {
  Alert,
  Button,
  Card,
  DataTable,
  ErrorState,
  Flex,
  Space,
  Tag,
  Typography,
  formatDateTime,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import type { ReleaseFigures, RemoteReleases } from '@backoffice/shared-api';
import { SettingScreen } from '../SettingScreen';
import { DeployTokens } from './DeployTokens';
import { StageDialog } from './StageDialog';
import { useReleases } from './useReleases';

type VersionRow = RemoteReleases['versions'][number];

const failures = (f: ReleaseFigures) => f.loadFailures + f.integrityFailures + f.errors;
const kib = (bytes: number) => `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 0 })} KiB`;
const audience = (s: NonNullable<RemoteReleases['staged']>) =>
  s.admins ? s.admins.join(', ') : `${s.percent ?? 0}% of admins`;

function RemoteCard({ r, c }: { r: RemoteReleases; c: ReturnType<typeof useReleases> }) {
  const columns: Array<DataTableColumn<VersionRow>> = [
    {
      key: 'version',
      title: 'Version',
      render: (v) => (
        <Space size={4}>
          <span>{v.version}</span>
          {v.version === r.current && <Tag color="green">Current</Tag>}
          {v.version === r.staged?.version && <Tag color="blue">Staged</Tag>}
        </Space>
      ),
    },
    { key: 'releasedBy', title: 'Released by', wrap: true },
    { key: 'releasedAt', title: 'Released on', render: (v) => formatDateTime(v.releasedAt) },
    { key: 'bytes', title: 'Size', align: 'right', render: (v) => `${kib(v.bytes)}, ${v.files} files` },
    {
      key: 'gate',
      title: 'Gate',
      wrap: true,
      render: (v) => (v.gate.length ? v.gate.join('; ') : 'Passed'),
    },
    { key: 'views', title: 'Views', align: 'right', render: (v) => String(v.figures.views) },
    { key: 'failures', title: 'Failures', align: 'right', render: (v) => String(failures(v.figures)) },
    {
      key: 'actions',
      title: 'Actions',
      render: (v) =>
        v.version === r.current ? null : (
          <Flex gap="small">
            <Button
              size="small"
              loading={c.busy === `promote:${r.remote}:${v.version}`}
              onClick={() => void c.promote(r, v.version)}
              aria-label={`Promote ${v.version}`}
            >
              Promote
            </Button>
            {r.current && (
              <Button size="small" onClick={() => c.openStage(r, v.version)} aria-label={`Stage ${v.version}`}>
                Stage
              </Button>
            )}
          </Flex>
        ),
    },
  ];
  return (
    <Card
      title={r.remote}
      role="region"
      aria-label={`${r.remote} releases`}
      size="small"
      extra={
        <Button
          danger
          disabled={!r.staged && !r.previous}
          loading={c.busy === `rollback:${r.remote}`}
          onClick={() => void c.rollback(r)}
          aria-label={`Roll back ${r.remote}`}
        >
          {r.staged ? 'End the stage' : 'Roll back'}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text>
          Current: <strong>{r.current ?? 'none'}</strong>
          {r.previous && <> · previous: {r.previous}</>}
          {r.staged && (
            <>
              {' '}
              · staged: <strong>{r.staged.version}</strong> to {audience(r.staged)} since{' '}
              {formatDateTime(r.staged.stagedAt)} by {r.staged.stagedBy}
            </>
          )}
        </Typography.Text>
        {r.halted && (
          <Alert
            type="warning"
            showIcon
            title={`The stage of ${r.halted.version} halted itself on ${formatDateTime(r.halted.at)}`}
            description={`${r.halted.reason}. Its admins got the current version back at their next page load.`}
          />
        )}
        <DataTable<VersionRow>
          caption={`Versions of ${r.remote}`}
          columns={columns}
          rows={r.versions}
          rowKey={(v) => v.version}
          skeletonRows={2}
        />
      </Space>
    </Card>
  );
}

/**
 * Setting → Releases (/app/setting/releases), for admins whose role may manage the platform: per
 * remote the current and staged version (to whom), the history with who released each version,
 * when, its size, the gate and its figures, Promote, Stage and Roll back; and the deploy tokens.
 */
export function ReleasesPage() {
  const c = useReleases();
  return (
    <SettingScreen title="Releases" loading={c.loading}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {c.error ? (
          <ErrorState title="The releases could not be loaded" message={c.error} onRetry={c.retry} />
        ) : (
          // One element whatever the count, so that the tokens card below keeps its place (and its form).
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            {c.remotes?.map((r) => (
              <RemoteCard key={r.remote} r={r} c={c} />
            ))}
          </Space>
        )}
        <DeployTokens />
      </Space>
      {c.stage && (
        <StageDialog
          key={c.stage.seq}
          remote={c.stage.target.remote}
          version={c.stage.target.version}
          open={c.stage.open}
          onClose={c.closeStage}
          afterClose={c.stageClosed}
        />
      )}
    </SettingScreen>
  );
}
