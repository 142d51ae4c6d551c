import { Link } from '@backoffice/ui-kit/router';
import {
  Button,
  CheckOutlined,
  FilterBar,
  Flex,
  ListScreen,
  LockOutlined,
  SearchBox,
  StopOutlined,
  Tag,
  TeamOutlined,
  Typography,
  UserAddOutlined,
  formatDateTime,
  useLinkTo,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import { FilterSelect } from '@backoffice/ui-kit/forms';
import { ADMIN_STATUSES, ADMIN_STATUS_LABELS, type AdminRow, type AdminStatus } from '@backoffice/shared-api';
import { AdminInvites } from './AdminInvites';
import { AdminSessionsDialog } from './AdminSessionsDialog';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { InviteAdminDialog } from './InviteAdminDialog';
import { adminName } from './adminName';
import { useAdminActions } from './useAdminActions';
import { useAdminsController } from './useAdminsController';

const STATUS_OPTIONS = ADMIN_STATUSES.map((s) => ({ value: s, label: ADMIN_STATUS_LABELS[s] }));
const actionButton = { type: 'link', size: 'small', style: { paddingInline: 0 } } as const;

function Name({ admin, self }: { admin: AdminRow; self: boolean }) {
  return (
    <span>
      {`${admin.firstName} ${admin.lastName}`.trim() || <Typography.Text type="secondary">—</Typography.Text>}
      {self && (
        <Tag color="blue" style={{ marginInlineStart: 8 }}>
          You
        </Tag>
      )}
    </span>
  );
}

/**
 * Setting → Admins (/app/setting/admins): the team, paged, searchable by name and email, sortable,
 * filtered by status and role, with the invitations still waiting below. An admin whose role may
 * manage admins invites, changes roles, deactivates and reactivates, ends sessions and resets a
 * second factor; not on their own row, which the server refuses.
 */
export function AdminsPage() {
  const c = useAdminsController();
  const actions = useAdminActions();
  const link = useLinkTo();
  const roleOptions = c.roles.map((r) => ({ value: r._id, label: r.name }));

  const rowActions = (a: AdminRow) => {
    if (c.isSelf(a)) return <Link to={link('sessions')}>Your sessions</Link>;
    const busy = actions.pendingId === a._id;
    const name = adminName(a);
    const active = a.status === 'active';
    return (
      <Flex gap="small" wrap>
        <Button
          {...actionButton}
          onClick={() => c.openDialog({ kind: 'role', admin: a })}
          aria-label={`Change role of ${name}`}
        >
          Change role
        </Button>
        {active && (
          <Button
            {...actionButton}
            icon={<TeamOutlined aria-hidden />}
            onClick={() => c.openDialog({ kind: 'sessions', admin: a })}
            aria-label={`Sessions of ${name}`}
          >
            Sessions
          </Button>
        )}
        {a.secondFactorEnabled && (
          <Button
            {...actionButton}
            danger
            icon={<LockOutlined aria-hidden />}
            disabled={busy}
            onClick={() => actions.resetSecondFactor(a)}
            aria-label={`Reset second factor of ${name}`}
          >
            Reset second factor
          </Button>
        )}
        <Button
          {...actionButton}
          danger={active}
          icon={active ? <StopOutlined aria-hidden /> : <CheckOutlined aria-hidden />}
          loading={busy}
          onClick={() => (active ? actions.deactivate(a) : actions.reactivate(a))}
          aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${name}`}
        >
          {active ? 'Deactivate' : 'Reactivate'}
        </Button>
      </Flex>
    );
  };

  const columns: Array<DataTableColumn<AdminRow>> = [
    { key: 'name', title: 'Name', sortable: true, render: (a) => <Name admin={a} self={c.isSelf(a)} /> },
    { key: 'email', title: 'Email', sortable: true },
    { key: 'role', title: 'Role', render: (a) => a.role.name },
    {
      key: 'status',
      title: 'Status',
      render: (a) =>
        a.status === 'active' ? (
          <Tag color="green">{ADMIN_STATUS_LABELS.active}</Tag>
        ) : (
          <Tag>{ADMIN_STATUS_LABELS.inactive}</Tag>
        ),
    },
    {
      key: 'secondFactorEnabled',
      title: 'Two-factor',
      render: (a) => (a.secondFactorEnabled ? <Tag color="green">On</Tag> : <Tag>Off</Tag>),
    },
    {
      key: 'lastActiveAt',
      title: 'Last active',
      render: (a) => (a.lastActiveAt ? formatDateTime(a.lastActiveAt) : 'Never'),
    },
    {
      key: 'invitedBy',
      title: 'Invited by',
      render: (a) => (a.invitedBy ? `${a.invitedBy.firstName} ${a.invitedBy.lastName}` : '—'),
    },
    { key: 'createdAt', title: 'Added', sortable: true, render: (a) => formatDateTime(a.createdAt) },
    ...(c.canManage ? [{ key: 'actions', title: 'Actions', stickyRight: true, render: rowActions }] : []),
  ];

  const open = c.dialog;
  return (
    <ListScreen<AdminRow>
      title="Admins"
      trail={[{ title: 'Setting', to: link('setting') }]}
      list={c}
      columns={columns}
      rowKey={(a) => a._id}
      errorTitle="The admins could not be loaded"
      extra={
        <Flex gap="small" wrap align="center">
          <SearchBox placeholder="Search by name or email" value={c.search} onSearch={c.setSearch} />
          {c.canManage && (
            <Button
              type="primary"
              icon={<UserAddOutlined aria-hidden />}
              onClick={() => c.openDialog({ kind: 'invite' })}
            >
              Invite admin
            </Button>
          )}
        </Flex>
      }
      toolbar={
        <FilterBar hasFilters={c.hasFilters} onClear={c.clearFilters}>
          <FilterSelect<AdminStatus>
            id="admins-status"
            label="Status"
            options={STATUS_OPTIONS}
            value={c.status}
            onChange={c.setStatus}
          />
          <FilterSelect<string>
            id="admins-role"
            label="Role"
            options={roleOptions}
            value={c.roleId}
            onChange={c.setRole}
            width={170}
          />
        </FilterBar>
      }
    >
      <AdminInvites canManage={c.canManage} />
      {c.canManage && open?.target.kind === 'invite' && (
        <InviteAdminDialog
          key={open.seq}
          roles={c.roles}
          open={open.open}
          onClose={c.closeDialog}
          afterClose={c.dialogClosed}
        />
      )}
      {c.canManage && open?.target.kind === 'role' && (
        <ChangeRoleDialog
          key={open.seq}
          admin={open.target.admin}
          roles={c.roles}
          open={open.open}
          onClose={c.closeDialog}
          afterClose={c.dialogClosed}
        />
      )}
      {c.canManage && open?.target.kind === 'sessions' && (
        <AdminSessionsDialog
          key={open.seq}
          admin={open.target.admin}
          open={open.open}
          onClose={c.closeDialog}
          afterClose={c.dialogClosed}
        />
      )}
    </ListScreen>
  );
}
