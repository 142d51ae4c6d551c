import { useLocation } from '@backoffice/ui-kit/router';
import type { ScreenKey } from '@backoffice/shared-api';
import { useLinkTo } from './useLinkTo';

/**
 * Where a view or edit page goes back to: its list as the admin left it (page, sort, search, filters)
 * when they came from it through a link carrying the list's `linkState`, else the list itself.
 */
export function useBackToList(list: ScreenKey): string {
  const link = useLinkTo();
  const listQuery = (useLocation().state as { listQuery?: unknown } | null)?.listQuery;
  const to = (link as (key: ScreenKey) => string)(list);
  return typeof listQuery === 'string' && listQuery.startsWith('?') ? `${to}${listQuery}` : to;
}
