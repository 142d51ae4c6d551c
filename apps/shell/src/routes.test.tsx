import type { RouteObject } from 'react-router-dom';
import { isShellPath } from '@backoffice/shared-api/screens';
import { appRoutes } from './routes';

/** Every path the route table names, from the top down to its last level. */
const pathsOf = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [...(r.path && r.path.startsWith('/') ? [r.path] : []), ...pathsOf(r.children ?? [])]);

it('has no page the server would answer with a 404 (the server serves the page only at the shell’s paths)', () => {
  const paths = pathsOf(appRoutes).filter((p) => p !== '*');
  expect(paths).toEqual(expect.arrayContaining(['/login', '/logout', '/change-password', '/app', '/']));
  for (const path of paths) expect([path, isShellPath(path)]).toEqual([path, true]);
});
