import { useCallback } from 'react';
import { useEndpointMutation, type PaymentMethod } from '@backoffice/shared-api';
import { useConfirmedAction } from '@backoffice/ui-kit';

/**
 * Activate or deactivate a payment method after the admin confirms. The list shows the new status
 * once the server has agreed (the mutation refreshes it before it resolves), never before.
 */
export function usePaymentMethodStatus() {
  const confirm = useConfirmedAction();
  const change = useEndpointMutation('changePaymentMethodStatus');
  const { mutateAsync } = change;

  const toggle = useCallback(
    (method: PaymentMethod) => {
      const activate = !method.isActive;
      const verb = activate ? 'Activate' : 'Deactivate';
      confirm({
        title: `${verb} the payment method "${method.name}"?`,
        content: activate ? 'It becomes available again.' : 'It is no longer available until it is activated again.',
        okText: verb,
        danger: !activate,
        run: async () => {
          const { message } = await mutateAsync({ query: { id: method._id, isActive: activate } });
          return message || (activate ? 'Payment method activated' : 'Payment method deactivated');
        },
      });
    },
    [confirm, mutateAsync],
  );

  return { toggle, pendingId: change.isPending ? change.variables?.query.id : undefined };
}
