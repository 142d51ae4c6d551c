import { useCallback, useRef, type ReactNode } from 'react';
import { UNKNOWN_ERROR_MESSAGE } from '@backoffice/shared-api/runtime';
import { useDialogs, useToasts } from '@backoffice/ui-kit/antd';

export interface ConfirmedAction {
  title: string;
  content?: ReactNode;
  okText: string;
  /** A destructive action (deactivate): its button is red. */
  danger?: boolean;
  /**
   * What the admin confirmed. Resolves to the success toast's text (nothing: no toast); a rejection
   * is toasted as an error with its message.
   */
  run: () => Promise<string | void>;
}

/**
 * Every activate/deactivate and decision of the product: ask, then do. One confirmation at a time
 * (a double click does not stack two dialogs, nor send two requests), and the dialog stays open,
 * its button loading, until the server answers; the outcome is toasted.
 */
export function useConfirmedAction(): (action: ConfirmedAction) => void {
  const dialogs = useDialogs();
  const toasts = useToasts();
  const confirming = useRef(false);
  return useCallback(
    ({ title, content, okText, danger, run }: ConfirmedAction) => {
      if (confirming.current) return;
      confirming.current = true;
      dialogs
        .confirm({
          title,
          content,
          okText,
          okButtonProps: { danger },
          cancelText: 'Cancel',
          // Returning the promise keeps the dialog open, its button loading, until the server answers.
          onOk: async () => {
            try {
              const done = await run();
              if (done) toasts.show('success', done);
            } catch (e) {
              toasts.show('error', e instanceof Error && e.message ? e.message : UNKNOWN_ERROR_MESSAGE);
            }
          },
          afterClose: () => {
            confirming.current = false;
          },
        })
        .catch((e: unknown) => {
          // antd's Modal could not be fetched: nothing was asked, so nothing is done.
          confirming.current = false;
          toasts.show('error', e instanceof Error && e.message ? e.message : UNKNOWN_ERROR_MESSAGE);
        });
    },
    [dialogs, toasts],
  );
}
