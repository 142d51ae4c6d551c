import { SCREENS, isRemoteScreen } from '@backoffice/shared-api/start';
import { REMOTE_NAMES, type RemoteName } from './remoteNames';

const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as string[]).includes(name);

/** Which remote module serves each route of the spec's table (section 2), read from the table of screens. */
export const REMOTE_ROUTES: Array<{ path: string; remote: RemoteName; module: string; label: string }> = SCREENS.filter(
  isRemoteScreen,
).map((s) => {
  if (!isRemoteName(s.remote)) throw new Error(`The screen ${s.key} names an unknown remote "${s.remote}"`);
  return { path: s.path, remote: s.remote, module: s.module, label: s.title };
});

/** The remote route that owns a path under the base ('fans/view/1' -> fans), the longest if several; none for the shell's own pages. */
export function remoteRouteAt(pathUnderBase: string): (typeof REMOTE_ROUTES)[number] | undefined {
  const path = pathUnderBase.replace(/^\/+/, '');
  return REMOTE_ROUTES.filter((r) => path === r.path || path.startsWith(`${r.path}/`)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
}
