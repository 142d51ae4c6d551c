import { SCREENS, isRemoteScreen, mountOf } from '@backoffice/shared-api/start';
import { routeAt } from '../layout/useBase';
import { REMOTE_NAMES, type RemoteName } from './remoteNames';

const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as string[]).includes(name);

/** Which remote module serves each route of the spec's table (section 2), read from the table of screens. */
export const REMOTE_ROUTES: Array<{ path: string; remote: RemoteName; module: string; label: string }> = SCREENS.filter(
  isRemoteScreen,
).map((s) => {
  if (!isRemoteName(s.remote)) throw new Error(`The screen ${s.key} names an unknown remote "${s.remote}"`);
  return { path: mountOf(s), remote: s.remote, module: s.module, label: s.title };
});

/** The remote route that owns a path under the base ('fans/view/1' -> fans); none for the shell's own pages. */
export function remoteRouteAt(pathUnderBase: string): (typeof REMOTE_ROUTES)[number] | undefined {
  return routeAt(REMOTE_ROUTES, pathUnderBase);
}
