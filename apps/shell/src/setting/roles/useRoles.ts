import { useState } from 'react';
import { useEndpointList, type RoleRow } from '@backoffice/shared-api';
import { useCan } from '@backoffice/shared-api/runtime';
import type { RoleTarget } from './useRoleForm';

/** One opening of the role form; `seq` remounts it, so each opening starts clean. */
interface Editor {
  seq: number;
  target: RoleTarget;
  open: boolean;
}

/**
 * The Roles screen's logic: every role (a handful, so one page) with what it grants, and the form
 * that creates or edits one, offered only to an admin whose role may manage admins. Another
 * admin's change shows at once (the adminsChanged event refreshes the 'admins' resource).
 */
export function useRoles() {
  const roles = useEndpointList('getRoles', {});
  const canManage = useCan('admins.manage');
  const [editor, setEditor] = useState<Editor>();
  // A second click while the form is open must not replace it.
  const openEditor = (target: RoleTarget) =>
    setEditor((current) => (current?.open ? current : { seq: (current?.seq ?? 0) + 1, target, open: true }));
  return {
    rows: roles.data?.data,
    loading: roles.isFetching,
    error: roles.error ? roles.error.message : undefined,
    retry: () => void roles.refetch(),
    canManage,
    editor,
    add: () => openEditor({ mode: 'add' }),
    edit: (role: RoleRow) => openEditor({ mode: 'edit', role }),
    closeEditor: () => setEditor((e) => e && { ...e, open: false }),
    editorClosed: () => setEditor((e) => (e?.open ? e : undefined)),
  };
}
