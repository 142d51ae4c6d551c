/**
 * Everything an admin sees once signed in (layout, remote screens), in one chunk of its own: the
 * sign-in page does not fetch it, nor the table, menu and form components it brings. The dashboard
 * is a chunk of its own beside it (signedInLoader.ts): a list's first screen does not fetch it.
 * It is fetched as soon as it is surely needed (signedInLoader.ts).
 */
import { loadRemote } from '@module-federation/enhanced/runtime';
import { baseOf } from './layout/useBase';
import { loadRegistry } from './remotes/registry';
import { remoteRouteAt } from './remotes/remoteRoutes';

export { AppLayout } from './layout/AppLayout';
export { NotFoundPage } from './not-found/NotFoundPage';
export { RemoteScreen } from './remotes/RemoteScreen';

/**
 * Starts loading the remote screen at `pathname`, if any: /app/fans/view/1 -> people's Fans,
 * /details/fan-details/1 -> people's FanDetail.
 */
export function preloadScreenAt(pathname: string): void {
  const route = remoteRouteAt(baseOf(pathname).pathUnderBase);
  // Silent: the screen's own load (the same, then cached) reports a failure and offers Retry. The
  // session may still prove invalid: then the registry's read is refused and nothing is fetched.
  if (route) {
    loadRegistry()
      .then(() => loadRemote(`${route.remote}/${route.module}`))
      .catch(() => undefined);
  }
}
