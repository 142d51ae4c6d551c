import {
  Button,
  DataTable,
  EditOutlined,
  ErrorState,
  Flex,
  PlusOutlined,
  Tag,
  Typography,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import type { RoleRow } from '@backoffice/shared-api';
import { SettingScreen } from '../SettingScreen';
import { permissionWords } from './permissionGroups';
import { RoleFormDialog } from './RoleFormDialog';
import { isOwnerRole } from './useRoleForm';
import { useRoles } from './useRoles';

function Grants({ role }: { role: RoleRow }) {
  if (isOwnerRole(role)) return <span>Every permission</span>;
  const words = permissionWords(role.permissions);
  if (!words.length) return <Typography.Text type="secondary">Nothing beyond their own account</Typography.Text>;
  return (
    <Flex vertical>
      {words.map((w) => (
        <span key={w}>{w}</span>
      ))}
    </Flex>
  );
}

/**
 * Setting → Roles (/app/setting/roles): each role with what it grants, whether it needs a second
 * factor and how many active admins have it. An admin who may manage admins creates and edits
 * roles; anyone else who may see admins (an Auditor) reads them.
 */
export function RolesPage() {
  const c = useRoles();
  const columns: Array<DataTableColumn<RoleRow>> = [
    { key: 'name', title: 'Role' },
    { key: 'permissions', title: 'What it grants', wrap: true, render: (r) => <Grants role={r} /> },
    {
      key: 'requiresSecondFactor',
      title: 'Needs a second factor',
      render: (r) => (r.requiresSecondFactor ? <Tag color="blue">Yes</Tag> : <Tag>No</Tag>),
    },
    { key: 'adminCount', title: 'Admins', align: 'right', render: (r) => String(r.adminCount) },
    ...(c.canManage
      ? [
          {
            key: 'actions',
            title: 'Actions',
            render: (r: RoleRow) => (
              <Button
                type="link"
                size="small"
                icon={<EditOutlined aria-hidden />}
                onClick={() => c.edit(r)}
                aria-label={`Edit ${r.name}`}
                style={{ paddingInline: 0 }}
              >
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <SettingScreen
      title="Roles"
      loading={c.loading}
      extra={
        c.canManage && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={c.add}>
            New role
          </Button>
        )
      }
    >
      {c.error ? (
        <ErrorState title="The roles could not be loaded" message={c.error} onRetry={c.retry} />
      ) : (
        <DataTable<RoleRow>
          caption="Roles"
          columns={columns}
          rows={c.rows}
          rowKey={(r) => r._id}
          loading={c.loading}
          skeletonRows={5}
        />
      )}
      {c.canManage && c.editor && (
        <RoleFormDialog
          key={c.editor.seq}
          target={c.editor.target}
          open={c.editor.open}
          onClose={c.closeEditor}
          afterClose={c.editorClosed}
        />
      )}
    </SettingScreen>
  );
}
