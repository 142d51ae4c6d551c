import { ADMIN_TEAM_MESSAGES, useEndpointList, useEndpointMutation, type AdminInviteRow } from '@backoffice/shared-api';
import { awaitingOtherRows, useConfirmedAction, useToasts } from '@backoffice/ui-kit';

/**
 * The invitations neither accepted nor cancelled (expired ones too, to send again), with Resend (a
 * new link and 48 more hours) and Cancel (the link stops working, after the admin confirms).
 */
export function useAdminInvites() {
  const invites = useEndpointList('getAdminInvites', {});
  const resend = useEndpointMutation('resendAdminInvite');
  const cancel = useEndpointMutation('cancelAdminInvite');
  const toasts = useToasts();
  const confirm = useConfirmedAction();
  return {
    rows: invites.data?.data,
    loading: awaitingOtherRows(invites),
    error: invites.error ? invites.error.message : undefined,
    retry: () => void invites.refetch(),
    resend: (invite: AdminInviteRow) => {
      if (resend.isPending) return;
      resend.mutate(
        { query: { id: invite._id } },
        {
          onSuccess: (saved) => toasts.show('success', saved.message || ADMIN_TEAM_MESSAGES.inviteResent(invite.email)),
          onError: (error) => toasts.show('error', error.message),
        },
      );
    },
    resendingId: resend.isPending ? resend.variables?.query.id : undefined,
    cancel: (invite: AdminInviteRow) =>
      confirm({
        title: `Cancel the invitation to ${invite.email}?`,
        content: 'Its link stops working. You can invite the address again later.',
        okText: 'Cancel invitation',
        danger: true,
        run: async () =>
          (await cancel.mutateAsync({ query: { id: invite._id } })).message || ADMIN_TEAM_MESSAGES.inviteCancelled,
      }),
    cancellingId: cancel.isPending ? cancel.variables?.query.id : undefined,
  };
}
