import { useLocation } from '@backoffice/ui-kit/router';
import { baseOf, routeAt } from '@backoffice/shared-api/screens';

// The menu reads routeAt to highlight an entry, the signed-in chunk to fetch the landing screen's remote.
export { baseOf, routeAt };

/** Links keep to the base the admin is on. */
export function useBase(): { base: '/app' | ''; pathUnderBase: string } {
  return baseOf(useLocation().pathname);
}
