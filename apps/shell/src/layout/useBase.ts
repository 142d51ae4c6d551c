import { useLocation } from '@backoffice/ui-kit/router';
import { baseOf } from '@backoffice/shared-api/start';

export { baseOf };

/**
 * The route a path under the base belongs to: the one it is, or the longest it is under
 * ('fans/view/1' -> fans, 'details/fan-details/1' -> the fan detail, not 'details'). The menu reads
 * it to highlight an entry, the signed-in chunk to fetch the landing screen's remote.
 */
export function routeAt<R extends { path: string }>(routes: readonly R[], pathUnderBase: string): R | undefined {
  const path = pathUnderBase.split('/').filter(Boolean).join('/');
  let owner: R | undefined;
  for (const r of routes) {
    if (!r.path || (path !== r.path && !path.startsWith(`${r.path}/`))) continue;
    if (!owner || r.path.length > owner.path.length) owner = r;
  }
  return owner;
}

/** Links keep to the base the admin is on. */
export function useBase(): { base: '/app' | ''; pathUnderBase: string } {
  return baseOf(useLocation().pathname);
}
