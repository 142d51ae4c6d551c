import { useEndpointMutation, type AvailabilityStatus } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { useToasts } from '@backoffice/ui-kit';
import { useAvailability } from '../layout/useAvailability';

/**
 * The availability switch: the admin's stored choice, changed at once (the switch and the header)
 * and put back if the server refuses, with the server's word in a toast either way.
 */
export function useAvailabilitySwitch() {
  const { chosen, connected } = useAvailability();
  const toasts = useToasts();
  const update = useEndpointMutation('updateAvailability', {
    onMutate: ({ body }): AvailabilityStatus | undefined => {
      const before = session.getState().auth.user?.availabilityStatus;
      session.setAvailability(body.availabilityStatus);
      return before;
    },
    onError: (_error, _input, before) => {
      if (before) session.setAvailability(before);
    },
    onSuccess: ({ data }) => session.adoptProfile(data),
  });
  return {
    checked: chosen === '1',
    connected,
    changing: update.isPending,
    change: (on: boolean) =>
      update.mutateAsync({ body: { availabilityStatus: on ? '1' : '0' } }).then(
        ({ message }) => toasts.show('success', message),
        (error: Error) => toasts.show('error', error.message),
      ),
  };
}
