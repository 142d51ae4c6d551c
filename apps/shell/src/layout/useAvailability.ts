import { useSession } from '@backoffice/shared-api/runtime';
import type { AvailabilityStatus } from '@backoffice/shared-api';

export interface Availability {
  /** The admin's stored choice, which the setting switch shows. */
  chosen: AvailabilityStatus;
  /** Whether the live connection is up: without it the admin cannot be reached. */
  connected: boolean;
  /** What the header shows: the choice, while connected. */
  available: boolean;
}

/** The admin's availability (spec section 3: '1' available, '0' not) as the session holds it. */
export function useAvailability(): Availability {
  const chosen = useSession((s) => s.auth.user?.availabilityStatus) ?? '0';
  const connected = useSession((s) => s.general.isSocketConnected);
  return { chosen, connected, available: connected && chosen === '1' };
}
