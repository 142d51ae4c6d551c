import { useRef, useState } from 'react';
import { useEndpointMutation } from '@backoffice/shared-api';
import { ApiError, UNKNOWN_ERROR_MESSAGE, useCan } from '@backoffice/shared-api/runtime';
import { useBackToList, useRecordController, useToasts } from '@backoffice/ui-kit';

/** What became of a decision, so the dialog that asked for it knows whether to stay open. */
export type DecisionOutcome = 'decided' | 'conflict' | 'failed' | 'ignored' | { reasonError: string };

type Decision = 'approved' | 'rejected';

const SUCCESS: Record<Decision, string> = { approved: 'Request approved', rejected: 'Request rejected' };

/**
 * The request view's logic: the request, whether it can still be decided, and the decisions. A
 * decision made elsewhere (another admin, another tab) reaches the open request through the live
 * updates, which refresh it.
 */
export function useRequestViewController() {
  const load = useRecordController('getRequestDetail');
  const request = load.state === 'ready' ? load.data : undefined;
  // A 409 (decided meanwhile) refreshes the request too: it then shows who decided it.
  const mutation = useEndpointMutation('decideRequest');
  const mayDecide = useCan('people.write');
  const toasts = useToasts();
  // isPending arrives with the next render; a second click in the same frame must already see it.
  const inFlight = useRef(false);
  const [conflict, setConflict] = useState<string>();
  const [rejecting, setRejecting] = useState(false);

  const decide = async (decision: Decision, reason?: string): Promise<DecisionOutcome> => {
    if (!request || inFlight.current) return 'ignored';
    inFlight.current = true;
    const id = request._id;
    try {
      await mutation.mutateAsync({ body: reason === undefined ? { id, decision } : { id, decision, reason } });
      toasts.show('success', SUCCESS[decision]);
      return 'decided';
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 409) {
        // The request is read again, and then shows who decided it.
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

  return {
    load,
    /** Back to the list as the admin left it (page, sort, filter), when they came from it. */
    backTo: useBackToList('requests'),
    // Approve and Reject are offered to a role that may decide, on a request still pending.
    canDecide: mayDecide && request?.status === 'pending' && !conflict,
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
