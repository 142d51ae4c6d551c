/**
 * Everything an admin sees once signed in (layout, remote screens), in one chunk of its own: the
 * sign-in page does not fetch it, nor the table, menu and form components it brings. The dashboard
 * is a chunk of its own beside it (signedInLoader.ts): a list's first screen does not fetch it.
 * It is fetched as soon as it is surely needed (signedInLoader.ts).
 */
import { prefetchFirstList } from '@backoffice/shared-api';
import { pageQueryClient } from '@backoffice/ui-kit';
import { baseOf } from './layout/useBase';
import { remoteRouteAt } from './remotes/remoteRoutes';
import { preloadRemoteScreen } from './remotes/remoteStatus';

export { AppLayout } from './layout/AppLayout';
export { NotFoundPage } from './not-found/NotFoundPage';
export { RemoteScreen } from './remotes/RemoteScreen';

/**
 * Starts loading the list the screen at `pathname` + `search` read first the last time, into the
 * page's query cache (the screen's first render then has its rows), and the remote screen at
 * `pathname`, if any: /app/fans/view/1 -> people's Fans, /details/fan-details/1 -> people's FanDetail.
 * Resolves once the remote screen is here (or failed to come), at once for a screen of the shell.
 */
export function preloadScreenAt(pathname: string, search = ''): Promise<void> {
  prefetchFirstList(pageQueryClient(), pathname + search);
  const route = remoteRouteAt(baseOf(pathname).pathUnderBase);
  // The session may still prove invalid: then the registry's read is refused and nothing is fetched.
  return route ? preloadRemoteScreen(route.remote, route.module) : Promise.resolve();
}
