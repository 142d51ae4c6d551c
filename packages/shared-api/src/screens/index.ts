/**
 * The table of screens (table.ts), written once and read by the shell's routes, menu and dashboard
 * links, by each remote's exposes and standalone host, by every link and breadcrumb (linkTo), and by
 * the build and release scripts.
 */
import { SCREEN_TABLE, type Screen } from './table';

export type { Screen } from './table';

type Row = (typeof SCREEN_TABLE.screens)[number];

/** A screen's key: `linkTo('fanDetail', { id })`. */
export type ScreenKey = Row['key'];
/** The remotes of the table. */
export type RemoteName = (typeof SCREEN_TABLE.remotes)[number];
/** The modules remote R exposes, one per screen it serves. */
export type ModuleOf<R extends RemoteName> = Extract<Row, { remote: R }>['module'];
/**
 * A remote's screens by module, for its bootstrap: `const SCREENS = { … } satisfies
 * ScreenComponents<'people', ComponentType>`. A module the table does not list, or one missing,
 * fails the type-check.
 */
export type ScreenComponents<R extends RemoteName, C> = Record<ModuleOf<R>, C>;

/** A screen one of the remotes serves. */
export type RemoteScreenEntry = Screen & { remote: RemoteName; module: string; file: string };

export const SCREENS: readonly Screen[] = SCREEN_TABLE.screens;
/** The remotes, in the order they are built and released. */
export const SCREEN_REMOTES: readonly RemoteName[] = SCREEN_TABLE.remotes;
export const MENU_GROUPS: Readonly<Record<string, string>> = SCREEN_TABLE.menuGroups;

export const isRemoteScreen = (s: Screen): s is RemoteScreenEntry => Boolean(s.remote && s.module && s.file);

/** Where a screen with parameters is mounted: its route up to the first one ('details/fan-details'). */
export const mountOf = (s: Screen): string => s.path.split('/:')[0]!;

/** The screens a remote serves, in the table's order. */
export const screensOf = (remote: RemoteName): RemoteScreenEntry[] =>
  SCREENS.filter(isRemoteScreen).filter((s) => s.remote === remote);

/** The screen of that key; throws for a key the table does not have. */
export function screen(key: ScreenKey): Screen {
  const found = SCREENS.find((s) => s.key === key);
  if (!found) throw new Error(`No screen "${key}" in the table of screens (shared-api screens/table.ts)`);
  return found;
}

/** Every route is served under /app and at the root: which base `pathname` is on, and the path under it. */
export function baseOf(pathname: string): { base: '/app' | ''; pathUnderBase: string } {
  const onApp = pathname === '/app' || pathname.startsWith('/app/');
  return { base: onApp ? '/app' : '', pathUnderBase: onApp ? pathname.slice(4) : pathname };
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The screens whose route takes no parameter (a menu entry, a list). */
export type PlainScreenKey = {
  [K in ScreenKey]: [ParamNames<Extract<Row, { key: K }>['path']>] extends [never] ? K : never;
}[ScreenKey];

/** What the route of screen K needs filled in: `{ id }` for 'fans/view/:id', nothing for 'fans'. */
export type LinkParams<K extends ScreenKey> = Record<ParamNames<Extract<Row, { key: K }>['path']>, string>;

export type LinkArgs<K extends ScreenKey> = [ParamNames<Extract<Row, { key: K }>['path']>] extends [never]
  ? [params?: Record<string, never>]
  : [params: LinkParams<K>];

/**
 * The URL of screen K under `base` ('/app' or '', the base the admin is on: useLinkTo reads it),
 * its parameters filled in and escaped: `linkTo('/app', 'fanDetail', { id })`.
 */
export function linkTo<K extends ScreenKey>(base: '/app' | '', key: K, ...[params]: LinkArgs<K>): string {
  const filled = screen(key).path.replace(/:(\w+)/g, (_, name: string) => {
    const value = (params as Record<string, string> | undefined)?.[name];
    if (value === undefined) throw new Error(`linkTo('${key}') needs ${name}`);
    return encodeURIComponent(value);
  });
  return `${base}/${filled}`.replace(/\/$/, '') || '/';
}

/**
 * A remote's screens beside its components (by module name), for its standalone host. The type
 * says which modules (ScreenComponents); this also refuses a mismatch at run time, for a bootstrap
 * that escaped the type-check.
 */
export function withComponents<R extends RemoteName, T extends ScreenComponents<R, unknown>>(
  remote: R,
  // Every module of R, and nothing else.
  components: T & Record<Exclude<keyof T, ModuleOf<R>>, never>,
): Array<{ screen: RemoteScreenEntry; component: T[keyof T] }> {
  type C = T[keyof T];
  const screens = screensOf(remote);
  const byModule = components as unknown as Record<string, C>;
  const unknown = Object.keys(byModule).filter((m) => !screens.some((s) => s.module === m));
  if (unknown.length > 0) throw new Error(`${remote}: ${unknown.join(', ')} not in the table of screens`);
  return screens.map((s) => {
    const component = byModule[s.module];
    if (component === undefined) throw new Error(`${remote}: no component for the screen ${s.module}`);
    return { screen: s, component };
  });
}

/**
 * The route a path under the base belongs to: the one it is, or the longest it is under
 * ('fans/view/1' -> fans, 'details/fan-details/1' -> the fan detail, not 'details').
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

/** The remote screen a page's path opens (`/app/fans/view/1` -> people's Fans), if any. */
export function remoteScreenAt(pathname: string): RemoteScreenEntry | undefined {
  const mounted = SCREENS.filter(isRemoteScreen).map((s) => ({ path: mountOf(s), screen: s }));
  return routeAt(mounted, baseOf(pathname.split(/[?#]/)[0] ?? '').pathUnderBase)?.screen;
}

/** The shell's pages that are not screens (signing in and its kin), by their path. */
export const SHELL_PAGES = [
  'login',
  'forgot-password',
  'reset-password',
  'accept-invite',
  'logout',
  'change-password',
] as const;

const SHELL_ROOTS = new Set<string>([
  'app',
  ...SHELL_PAGES,
  ...SCREEN_TABLE.screens.map((s) => s.path.split('/')[0]!).filter(Boolean),
]);

/**
 * Whether the shell has a page at `pathname` (`/`, `/login`, `/app/…`, or a screen's path at the
 * root): the server answers any other path with a 404, never with the shell's page.
 */
export function isShellPath(pathname: string): boolean {
  const first = pathname.replace(/^\/+/, '').split(/[/?#]/)[0] ?? '';
  return first === '' || SHELL_ROOTS.has(first);
}
