import {
  ADMIN_TEAM_MESSAGES,
  useEndpointList,
  useEndpointMutation,
  type AdminSessionRow,
} from '@backoffice/shared-api';
import { awaitingOtherRows, useConfirmedAction, useToasts } from '@backoffice/ui-kit';

/**
 * Setting → Sessions' logic: the signed-in admin's own sessions, kept current by the sessionsChanged
 * event a sign-in, logout or sign-out elsewhere sends; one signed out at a time, or every one but
 * this page's after the admin confirms.
 */
export function useSessions() {
  const sessions = useEndpointList('getSessions', {});
  const revoke = useEndpointMutation('revokeSession');
  const revokeOthers = useEndpointMutation('revokeOtherSessions');
  const toasts = useToasts();
  const confirm = useConfirmedAction();
  const rows = sessions.data?.data;
  const others = rows?.filter((s) => !s.current).length ?? 0;

  return {
    rows,
    loading: awaitingOtherRows(sessions),
    error: sessions.error ? sessions.error.message : undefined,
    retry: () => void sessions.refetch(),
    /** How many sessions besides this page's are open. */
    others,
    signOut: (session: AdminSessionRow) => {
      if (revoke.isPending) return;
      revoke.mutate(
        { query: { id: session._id } },
        {
          onSuccess: (saved) => toasts.show('success', saved.message || ADMIN_TEAM_MESSAGES.sessionEnded),
          onError: (error) => toasts.show('error', error.message),
        },
      );
    },
    pendingId: revoke.isPending ? revoke.variables?.query.id : undefined,
    signOutOthers: () =>
      confirm({
        title: 'Sign out everywhere else?',
        content:
          others === 1
            ? 'The other session ends at once; this one stays signed in.'
            : `The ${others} other sessions end at once; this one stays signed in.`,
        okText: 'Sign out everywhere else',
        danger: true,
        run: async () => {
          const saved = await revokeOthers.mutateAsync({});
          return saved.message || ADMIN_TEAM_MESSAGES.otherSessionsEnded(saved.data.count);
        },
      }),
    signingOutOthers: revokeOthers.isPending,
  };
}
