import { Link } from '@backoffice/ui-kit/router';
import {
  AUDIT_ACTIONS,
  AUDIT_RECORD_TYPES,
  linkTo,
  type AuditAction,
  type AuditEntryRow,
  type AuditRecordType,
} from '@backoffice/shared-api';
import { useAuthUser } from '@backoffice/shared-api/runtime';
import {
  Button,
  DateRangeFilter,
  FilterBar,
  Flex,
  ListScreen,
  SearchBox,
  Typography,
  formatDateTime,
  shortId,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import { FilterSelect } from '@backoffice/ui-kit/forms';
import { useBase } from '../../layout/useBase';
import { actionLabel, changeLines, recordPath, recordTypeLabel } from './auditEntry';
import { useAuditLogController } from './useAuditLogController';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }));
const RECORD_TYPE_OPTIONS = AUDIT_RECORD_TYPES.map((t) => ({ value: t, label: recordTypeLabel(t) }));

function Who({ entry }: { entry: AuditEntryRow }) {
  if (!entry.actor && !entry.actorEmail) return <Typography.Text type="secondary">System</Typography.Text>;
  return (
    <Flex vertical>
      {entry.actor?.name && <span>{entry.actor.name}</span>}
      <Typography.Text type="secondary">{entry.actorEmail ?? entry.actor?.email}</Typography.Text>
    </Flex>
  );
}

function Changes({ entry }: { entry: AuditEntryRow }) {
  const lines = changeLines(entry);
  if (!lines.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical style={{ fontSize: 12, maxWidth: 420, overflowWrap: 'anywhere' }}>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </Flex>
  );
}

/**
 * Setting → Audit log (/app/setting/audit-log): who did what to which record, when and from where,
 * newest first; filters by who, action, record and days, all kept in the URL. Each record links to
 * its own screen, and to its whole history here.
 */
export function AuditLogPage() {
  const c = useAuditLogController();
  const { base } = useBase();
  const self = useAuthUser()?._id;

  const columns: Array<DataTableColumn<AuditEntryRow>> = [
    {
      key: 'createdAt',
      title: 'When',
      render: (e) => <span title={e.createdAt}>{formatDateTime(e.createdAt)}</span>,
    },
    { key: 'who', title: 'Who', render: (e) => <Who entry={e} /> },
    { key: 'action', title: 'Action', render: (e) => actionLabel(e.action) },
    {
      key: 'record',
      title: 'Record',
      render: (e) => {
        if (!e.recordType) return <Typography.Text type="secondary">—</Typography.Text>;
        const name = `${recordTypeLabel(e.recordType)} ${shortId(e.recordId)}`.trim();
        const to = recordPath(base, e.recordType, e.recordId, self);
        return (
          <Flex vertical align="start">
            {to ? <Link to={to}>{name}</Link> : <span>{name}</span>}
            {e.recordId && (
              <Button
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto' }}
                onClick={() => c.showRecord(e.recordType!, e.recordId!)}
                aria-label={`History of ${name}`}
              >
                History
              </Button>
            )}
          </Flex>
        );
      },
    },
    { key: 'ip', title: 'From', render: (e) => e.ip ?? '—' },
    { key: 'changes', title: 'Changes', render: (e) => <Changes entry={e} /> },
  ];

  return (
    <ListScreen<AuditEntryRow>
      title="Audit log"
      trail={[{ title: 'Setting', to: linkTo(base, 'setting') }]}
      list={c}
      columns={columns}
      rowKey={(e) => e._id}
      errorTitle="The audit log could not be loaded"
      toolbar={
        <FilterBar hasFilters={c.hasFilters} onClear={c.clearFilters}>
          <SearchBox placeholder="Who (admin email)" ariaLabel="Who" value={c.who ?? ''} onSearch={c.setWho} />
          <FilterSelect<AuditAction>
            id="audit-action"
            label="Action"
            options={ACTION_OPTIONS}
            value={c.action}
            onChange={c.setAction}
            width={240}
            searchable
          />
          <FilterSelect<AuditRecordType>
            id="audit-record-type"
            label="Record"
            options={RECORD_TYPE_OPTIONS}
            value={c.recordType}
            onChange={c.setRecordType}
            width={170}
          />
          {c.recordType && (
            <SearchBox
              placeholder="Record id"
              ariaLabel="Record id"
              value={c.recordId ?? ''}
              onSearch={c.setRecordId}
            />
          )}
          <DateRangeFilter idPrefix="audit" range={c.range} />
        </FilterBar>
      }
    />
  );
}
