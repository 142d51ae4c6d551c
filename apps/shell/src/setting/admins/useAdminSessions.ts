import { ADMIN_TEAM_MESSAGES, useEndpointList, useEndpointMutation, type AdminRow } from '@backoffice/shared-api';
import { awaitingOtherRows, useToasts } from '@backoffice/ui-kit';

/**
 * Another admin's sessions, for an admin who manages the team, with one signed out at a time.
 * Asked afresh when the dialog opens; read again after a sign-out, since the event that sends
 * (sessionsChanged) refreshes the signed-out admin's own pages, not this one.
 */
export function useAdminSessions(admin: AdminRow) {
  const sessions = useEndpointList('getAdminSessions', { adminId: admin._id }, { staleTime: 0 });
  const revoke = useEndpointMutation('revokeAdminSession');
  const toasts = useToasts();
  return {
    rows: sessions.data?.data,
    loading: awaitingOtherRows(sessions),
    error: sessions.error ? sessions.error.message : undefined,
    retry: () => void sessions.refetch(),
    signOut: (session: { _id: string }) => {
      if (revoke.isPending) return;
      revoke.mutate(
        { query: { id: session._id } },
        {
          onSuccess: (saved) => {
            toasts.show('success', saved.message || ADMIN_TEAM_MESSAGES.sessionEnded);
            void sessions.refetch();
          },
          onError: (error) => toasts.show('error', error.message),
        },
      );
    },
    pendingId: revoke.isPending ? revoke.variables?.query.id : undefined,
  };
}
