import { useCallback } from 'react';
import { useConfirmedAction } from '@backoffice/ui-kit';
import { useEndpointMutation, type UserStatus } from '@backoffice/shared-api';
import { isActive } from '../profile/profileFormat';

export interface StatusTarget {
  _id: string;
  userName: string;
  status: UserStatus | string;
}

/**
 * Activate or deactivate a fan or an influencer after the admin confirms. The lists and the profile
 * show the new status once the server has agreed (the mutation refreshes what shows people), never before.
 */
export function useStatusToggle() {
  const confirm = useConfirmedAction();
  const change = useEndpointMutation('changeStatus');
  const { mutateAsync } = change;

  const toggle = useCallback(
    (person: StatusTarget) => {
      const activate = !isActive(person.status);
      const verb = activate ? 'Activate' : 'Deactivate';
      confirm({
        title: `${verb} ${person.userName}?`,
        okText: verb,
        danger: !activate,
        run: async () => {
          const saved = await mutateAsync({ query: { id: person._id, status: activate ? '1' : '0' } });
          return saved.message || `${person.userName} ${activate ? 'activated' : 'deactivated'}`;
        },
      });
    },
    [confirm, mutateAsync],
  );

  return { toggle, pendingId: change.isPending ? change.variables?.query.id : undefined };
}
