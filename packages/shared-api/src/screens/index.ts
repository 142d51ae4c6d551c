/**
 * The table of screens (screens.json), written once and read by the shell's routes, menu and
 * dashboard links, by each remote's exposes and standalone host, and by the build and release
 * scripts. It is JSON so that the CommonJS webpack configs and scripts require it as it is.
 */
import table from './screens.json';

export interface Screen {
  /** The menu key, and the name the dashboard links to it by. */
  key: string;
  /** The path under the base (/app or /); '' is the dashboard. */
  path: string;
  /** Its side-menu label, word for word the spec's; absent for a screen reached from a list. */
  menu?: string;
  /** The menu group it sits in (menuGroups names the group). */
  group?: string;
  /** For a screen off the menu: the menu entry that stays highlighted on it. */
  within?: string;
  /** Its name where it loads or fails, and in its remote's standalone host. */
  title: string;
  /** The remote that serves it; absent for the shell's own screens. */
  remote?: string;
  /** The module the remote exposes it as (`./${module}`). */
  module?: string;
  /** The exposed module's file, relative to the remote's folder. */
  file?: string;
}

/** A screen one of the remotes serves. */
export type RemoteScreenEntry = Screen & { remote: string; module: string; file: string };

export const SCREENS: readonly Screen[] = table.screens;
/** The remotes, in the order they are built and released. */
export const SCREEN_REMOTES: readonly string[] = table.remotes;
export const MENU_GROUPS: Readonly<Record<string, string>> = table.menuGroups;

export const isRemoteScreen = (s: Screen): s is RemoteScreenEntry => Boolean(s.remote && s.module && s.file);

/** The screens a remote serves, in the table's order. */
export const screensOf = (remote: string): RemoteScreenEntry[] =>
  SCREENS.filter(isRemoteScreen).filter((s) => s.remote === remote);

/** The screen of that key; throws for a key the table does not have, so a typo fails its first test. */
export function screen(key: string): Screen {
  const found = SCREENS.find((s) => s.key === key);
  if (!found) throw new Error(`No screen "${key}" in the table of screens (shared-api screens.json)`);
  return found;
}

/**
 * A remote's screens beside its components (by module name), for its standalone host. Throws when
 * the two disagree, so a screen added to the table without its component (or the reverse) fails
 * at once rather than leaving a blank area.
 */
export function withComponents<C>(
  remote: string,
  components: Readonly<Record<string, C>>,
): Array<{ screen: RemoteScreenEntry; component: C }> {
  const screens = screensOf(remote);
  const unknown = Object.keys(components).filter((m) => !screens.some((s) => s.module === m));
  if (unknown.length > 0) throw new Error(`${remote}: ${unknown.join(', ')} not in the table of screens`);
  return screens.map((s) => {
    const component = components[s.module];
    if (component === undefined) throw new Error(`${remote}: no component for the screen ${s.module}`);
    return { screen: s, component };
  });
}
