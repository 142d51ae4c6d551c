import { useAvailability, useUpdateAvailability } from '@backoffice/shared-api';
import { useToasts } from '@backoffice/ui-kit';

/**
 * The availability switch: the admin's stored choice, changed at once and put back if the server
 * refuses, with the server's word in a toast either way.
 */
export function useAvailabilitySwitch() {
  const { chosen, connected } = useAvailability();
  const update = useUpdateAvailability();
  const toasts = useToasts();
  return {
    checked: chosen === '1',
    connected,
    changing: update.isPending,
    change: (on: boolean) =>
      update.mutateAsync(on ? '1' : '0').then(
        ({ message }) => toasts.show('success', message),
        (error: Error) => toasts.show('error', error.message),
      ),
  };
}
