import { useEndpointList, type RoleRow } from '@backoffice/shared-api';
import { useCan } from '@backoffice/shared-api/runtime';
import { awaitingOtherRows, useDialogOpening } from '@backoffice/ui-kit';
import type { RoleTarget } from './useRoleForm';

/**
 * The Roles screen's logic: every role (a handful, so one page) with what it grants, and the form
 * that creates or edits one, offered only to an admin whose role may manage admins. Another
 * admin's change shows at once (the adminsChanged event refreshes the 'admins' resource).
 */
export function useRoles() {
  const roles = useEndpointList('getRoles', {});
  const canManage = useCan('admins.manage');
  const editor = useDialogOpening<RoleTarget>();
  return {
    rows: roles.data?.data,
    loading: awaitingOtherRows(roles),
    error: roles.error ? roles.error.message : undefined,
    retry: () => void roles.refetch(),
    canManage,
    editor: editor.opening,
    add: () => editor.open({ mode: 'add' }),
    edit: (role: RoleRow) => editor.open({ mode: 'edit', role }),
    closeEditor: editor.close,
    editorClosed: editor.closed,
  };
}
