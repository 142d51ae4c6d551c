import { useLocation } from '@backoffice/ui-kit/router';

/**
 * Where a view or edit page goes back to: its list as the admin left it (page, sort, search, filters)
 * when they came from it through a link carrying the list's `linkState`, else the list itself.
 */
export function useBackToList(): string {
  const listQuery = (useLocation().state as { listQuery?: unknown } | null)?.listQuery;
  return typeof listQuery === 'string' && listQuery.startsWith('?') ? `..${listQuery}` : '..';
}
