import { useRef, useState } from 'react';
import { useEndpointMutation, type PayoutRequestRow } from '@backoffice/shared-api';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '@backoffice/shared-api/runtime';
import { useToasts } from '@backoffice/ui-kit';
import { newIdempotencyKey } from './idempotencyKey';

export type Decision = 'approved' | 'rejected';

/** What became of a decision, so the dialog that asked for it knows whether to stay open. */
export type DecisionOutcome = 'decided' | 'conflict' | 'failed' | 'ignored' | { reasonError: string };

export interface DecisionDialogState {
  row: PayoutRequestRow;
  decision: Decision;
  /**
   * Chosen when the dialog opens and sent with every attempt from it: a retry after a timeout whose
   * first attempt did reach the server gets that decision back, never a second payment.
   */
  idempotencyKey: string;
  /** False while the dialog animates out; the content stays until then. */
  open: boolean;
}

/** Whom the admin is paying, as the list's first column names them. */
export const influencerOf = (row: PayoutRequestRow) => row.displayName || row.name || row.email;

/** Lets the list keep a row in place while it is decided, and show it decided afterwards. */
export interface DecisionListener {
  onSend?: (row: PayoutRequestRow) => void;
  onDecided?: (row: PayoutRequestRow) => void;
  /** Not decided here: refused, failed, or another admin decided first. */
  onNotDecided?: (id: string) => void;
}

/**
 * Approving or rejecting a payout request: one dialog at a time, one idempotency key per dialog,
 * one request in flight, and the list changes only when the server has answered.
 */
export function usePayoutDecision(listener: DecisionListener = {}) {
  const toasts = useToasts();
  // A 409 (another admin decided first) refreshes the list too: what the request is now is shown.
  const mutation = useEndpointMutation('decidePayoutRequest');
  const [dialog, setDialog] = useState<DecisionDialogState>();
  const [failure, setFailure] = useState<string>();
  const [conflict, setConflict] = useState<string>();
  // State arrives with the next render; a second click in the same frame must already see these.
  const current = useRef<DecisionDialogState | undefined>(undefined);
  const inFlight = useRef(false);

  const close = () => {
    current.current = undefined;
    setDialog((d) => d && { ...d, open: false });
  };

  const open = (row: PayoutRequestRow, decision: Decision) => {
    if (current.current) return;
    const next = { row, decision, idempotencyKey: newIdempotencyKey(), open: true };
    current.current = next;
    setDialog(next);
    setFailure(undefined);
  };

  const submit = async (reason?: string): Promise<DecisionOutcome> => {
    const d = current.current;
    if (!d || inFlight.current) return 'ignored';
    inFlight.current = true;
    setFailure(undefined);
    listener.onSend?.(d.row);
    try {
      const { data: decided, message } = await mutation.mutateAsync({
        body: {
          id: d.row._id,
          decision: d.decision,
          idempotencyKey: d.idempotencyKey,
          ...(reason === undefined ? {} : { reason }),
        },
      });
      listener.onDecided?.(decided);
      toasts.show('success', message);
      close();
      return 'decided';
    } catch (err) {
      listener.onNotDecided?.(d.row._id);
      if (err instanceof ApiError && err.statusCode === 409) {
        // Another admin decided first; the list was refreshed (onError) and now shows their decision.
        setConflict(err.message);
        close();
        return 'conflict';
      }
      const reasonError = err instanceof ApiError ? err.errors?.reason : undefined;
      if (reasonError) return { reasonError };
      // The dialog stays open with its key: trying again is safe.
      setFailure(err instanceof Error && err.message ? err.message : UNKNOWN_ERROR_MESSAGE);
      return 'failed';
    } finally {
      inFlight.current = false;
    }
  };

  return {
    dialog,
    busy: mutation.isPending,
    failure,
    conflict,
    dismissConflict: () => setConflict(undefined),
    approve: (row: PayoutRequestRow) => open(row, 'approved'),
    reject: (row: PayoutRequestRow) => open(row, 'rejected'),
    submit,
    /** Closing is refused while the server decides: the admin must see how it ended. */
    cancel: () => {
      if (!inFlight.current) close();
    },
    /** After the closing animation: the dialog's content can go. */
    closed: () => setDialog((d) => (d?.open ? d : undefined)),
  };
}
