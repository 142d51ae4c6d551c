import { useRef, useState } from 'react';
import { useLocation, useParams } from '@backoffice/ui-kit/router';
import {
  ApiError,
  SOCKET_EVENTS,
  UNKNOWN_ERROR_MESSAGE,
  useDecideRequest,
  useRequestDetail,
  useServerEvent,
} from '@backoffice/shared-api';
import { useToasts } from '@backoffice/ui-kit';

// Ids are UUIDs; anything else cannot name a request, so it is not worth a round trip.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What became of a decision, so the dialog that asked for it knows whether to stay open. */
export type DecisionOutcome = 'decided' | 'conflict' | 'failed' | 'ignored' | { reasonError: string };

type Decision = 'approved' | 'rejected';

const SUCCESS: Record<Decision, string> = { approved: 'Request approved', rejected: 'Request rejected' };

/** The request view's logic: the request, whether it can still be decided, and the decisions. */
export function useRequestViewController() {
  const params = useParams();
  const id = params.id && UUID.test(params.id) ? params.id : undefined;
  const location = useLocation();
  const detail = useRequestDetail(id);
  const mutation = useDecideRequest();
  const toasts = useToasts();
  // isPending arrives with the next render; a second click in the same frame must already see it.
  const inFlight = useRef(false);
  const [conflict, setConflict] = useState<string>();
  const [rejecting, setRejecting] = useState(false);

  // Another admin may decide while this one reads: show that instead of offering stale buttons.
  useServerEvent(SOCKET_EVENTS.influencerRequestDecided, (payload) => {
    if (id && (payload as { _id?: unknown } | null)?._id === id) void detail.refetch();
  });

  const decide = async (decision: Decision, reason?: string): Promise<DecisionOutcome> => {
    if (!id || inFlight.current) return 'ignored';
    inFlight.current = true;
    try {
      await mutation.mutateAsync(reason === undefined ? { id, decision } : { id, decision, reason });
      toasts.show('success', SUCCESS[decision]);
      return 'decided';
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 409) {
        // The hook refetches the request, which then shows who decided it.
        setConflict(err.message);
        return 'conflict';
      }
      const reasonError = err instanceof ApiError ? err.errors?.reason : undefined;
      if (reasonError) return { reasonError };
      toasts.show('error', err instanceof Error ? err.message : UNKNOWN_ERROR_MESSAGE);
      return 'failed';
    } finally {
      inFlight.current = false;
    }
  };

  const request = detail.data;
  const notFound =
    !id || (detail.error instanceof ApiError && (detail.error.statusCode === 404 || detail.error.statusCode === 400));
  const listQuery = (location.state as { listQuery?: unknown } | null)?.listQuery;

  return {
    request,
    notFound,
    loading: !notFound && detail.isPending,
    error: notFound ? undefined : detail.error?.message,
    retry: () => void detail.refetch(),
    /** Back to the list as the admin left it (page, sort, filter), when they came from it. */
    backTo: typeof listQuery === 'string' && listQuery.startsWith('?') ? `..${listQuery}` : '..',
    canDecide: request?.status === 'pending' && !conflict,
    busy: mutation.isPending,
    conflict,
    approve: () => decide('approved'),
    rejecting,
    openReject: () => setRejecting(true),
    closeReject: () => setRejecting(false),
    reject: async (reason: string) => {
      const outcome = await decide('rejected', reason);
      if (outcome === 'decided' || outcome === 'conflict') setRejecting(false);
      return outcome;
    },
  };
}
