import { useCallback } from 'react';
import { App, useToasts } from '@backoffice/ui-kit';
import { useChangeUserStatus, type UserStatus } from '@backoffice/shared-api';
import { isActive } from './profileFormat';

export interface StatusTarget {
  _id: string;
  userName: string;
  status: UserStatus | string;
}

/**
 * Activate or deactivate a fan or an influencer after the admin confirms. The lists and the profile
 * show the new status once the server has agreed (the mutation refetches them), never before.
 */
export function useStatusToggle() {
  const { modal } = App.useApp();
  const toasts = useToasts();
  const change = useChangeUserStatus();
  const { mutateAsync } = change;

  const toggle = useCallback(
    (person: StatusTarget) => {
      const activate = !isActive(person.status);
      const verb = activate ? 'Activate' : 'Deactivate';
      modal.confirm({
        title: `${verb} ${person.userName}?`,
        okText: verb,
        okButtonProps: { danger: !activate },
        cancelText: 'Cancel',
        // Returning the promise keeps the dialog open, with a spinner, until the server answers.
        onOk: async () => {
          try {
            const reply = await mutateAsync({ id: person._id, status: activate ? '1' : '0' });
            toasts.show('success', reply.message || `${person.userName} ${activate ? 'activated' : 'deactivated'}`);
          } catch (e) {
            toasts.show('error', e instanceof Error ? e.message : String(e));
          }
        },
      });
    },
    [modal, toasts, mutateAsync],
  );

  return { toggle, pendingId: change.isPending ? change.variables?.id : undefined };
}
