import { useCallback } from 'react';
import { useLocation } from '@backoffice/ui-kit/router';
import { baseOf, linkTo, type LinkArgs, type ScreenKey } from '@backoffice/shared-api';

/**
 * Builds links from the table of screens under the base the admin is on (/app or /):
 * `const link = useLinkTo(); <Link to={link('fanDetail', { id })}>`. Every link and breadcrumb is
 * built so, never by hand: a route that moves in the table moves every link to it.
 */
export function useLinkTo() {
  const { base } = baseOf(useLocation().pathname);
  return useCallback(<K extends ScreenKey>(key: K, ...params: LinkArgs<K>) => linkTo(base, key, ...params), [base]);
}
