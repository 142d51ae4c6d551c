import { ADMIN_TEAM_MESSAGES, useEndpointMutation, type AdminRow, type EndpointBody } from '@backoffice/shared-api';
import { useEditController } from '@backoffice/ui-kit/forms';

export interface RoleChoice {
  roleId: string;
}

/**
 * The change-role dialog's form, on the one edit controller: the admin's role to start from, the
 * one chosen sent; the same role closes the dialog without a call. The server's refusal (the last
 * active Owner) shows above the form.
 */
export function useChangeRoleForm(admin: AdminRow, close: () => void) {
  const change = useEndpointMutation('changeAdminRole');
  return useEditController<RoleChoice, EndpointBody<'changeAdminRole'>, AdminRow>({
    initial: { roleId: admin.role._id },
    diff: (initial, current) => (current.roleId === initial.roleId ? null : { roleId: current.roleId }),
    save: (body) => change.mutateAsync({ query: { id: admin._id }, body }),
    afterSave: close,
    unchanged: close,
    savedMessage: ADMIN_TEAM_MESSAGES.roleChanged,
  });
}
