import { ADMIN_TEAM_MESSAGES, useEndpointMutation, type AdminRow } from '@backoffice/shared-api';
import { useConfirmedAction } from '@backoffice/ui-kit';
import { adminName } from './adminName';

/**
 * A row's actions that ask first, then do: deactivate (every session of theirs ends), reactivate,
 * and reset their second factor. The list shows the change once the server has agreed (each
 * mutation refreshes the 'admins' resource), never before.
 */
export function useAdminActions() {
  const confirm = useConfirmedAction();
  const deactivate = useEndpointMutation('deactivateAdmin');
  const reactivate = useEndpointMutation('reactivateAdmin');
  const resetFactor = useEndpointMutation('resetAdminSecondFactor');
  const pending = [deactivate, reactivate, resetFactor].find((m) => m.isPending);

  return {
    deactivate: (admin: AdminRow) => {
      const name = adminName(admin);
      confirm({
        title: `Deactivate ${name}?`,
        content: `Every session of ${name} ends at once, and they cannot sign in until reactivated.`,
        okText: 'Deactivate',
        danger: true,
        run: async () =>
          (await deactivate.mutateAsync({ query: { id: admin._id } })).message || ADMIN_TEAM_MESSAGES.deactivated,
      });
    },
    reactivate: (admin: AdminRow) => {
      const name = adminName(admin);
      confirm({
        title: `Reactivate ${name}?`,
        content: `${name} can sign in again, with the role ${admin.role.name}.`,
        okText: 'Reactivate',
        run: async () =>
          (await reactivate.mutateAsync({ query: { id: admin._id } })).message || ADMIN_TEAM_MESSAGES.reactivated,
      });
    },
    resetSecondFactor: (admin: AdminRow) => {
      const name = adminName(admin);
      confirm({
        title: `Reset the second factor of ${name}?`,
        content: `Their authenticator app and recovery codes stop working and every session of ${name} ends. They set up two-factor sign-in again at their next sign-in.`,
        okText: 'Reset second factor',
        danger: true,
        run: async () => (await resetFactor.mutateAsync({ query: { id: admin._id } })).message,
      });
    },
    /** The admin whose action is on its way, whose buttons wait. */
    pendingId: pending?.variables?.query.id,
  };
}
