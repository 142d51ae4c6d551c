import { useCallback, useRef } from 'react';
import { UNKNOWN_ERROR_MESSAGE, useChangePaymentMethodStatus, type PaymentMethod } from '@backoffice/shared-api';
import { App, useToasts } from '@backoffice/ui-kit';

/**
 * Activate or deactivate a payment method after the admin confirms. The list shows the new status
 * once the server has agreed (the mutation refetches it), never before.
 */
export function usePaymentMethodStatus() {
  const { modal } = App.useApp();
  const toasts = useToasts();
  const change = useChangePaymentMethodStatus();
  const { mutateAsync } = change;
  // A double click must not stack two confirmations.
  const confirming = useRef(false);

  const toggle = useCallback(
    (method: PaymentMethod) => {
      if (confirming.current) return;
      confirming.current = true;
      const activate = !method.isActive;
      const verb = activate ? 'Activate' : 'Deactivate';
      modal.confirm({
        title: `${verb} the payment method "${method.name}"?`,
        content: activate ? 'It becomes available again.' : 'It is no longer available until it is activated again.',
        okText: verb,
        okButtonProps: { danger: !activate },
        cancelText: 'Cancel',
        // Returning the promise keeps the dialog open, its button loading, until the server answers.
        onOk: async () => {
          try {
            await mutateAsync({ id: method._id, isActive: activate });
            toasts.show('success', activate ? 'Payment method activated' : 'Payment method deactivated');
          } catch (e) {
            toasts.show('error', e instanceof Error && e.message ? e.message : UNKNOWN_ERROR_MESSAGE);
          }
        },
        afterClose: () => {
          confirming.current = false;
        },
      });
    },
    [modal, toasts, mutateAsync],
  );

  return { toggle, pendingId: change.isPending ? change.variables?.id : undefined };
}
