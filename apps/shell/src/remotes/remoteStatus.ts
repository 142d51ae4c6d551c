import { useSyncExternalStore, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadRegistry, REMOTE_NAMES, type RemoteName } from './registry';
import { clearIntegrityFailure, integrityFailureOf } from './integrityPlugin';
import { REMOTE_ROUTES } from './remoteRoutes';

/** How loading a remote went in this page; `idle` until one of its screens (or a check) asks for it. */
export type RemoteStatus =
  { state: 'idle' } | { state: 'loading' } | { state: 'loaded' } | { state: 'failed'; reason: string };

export type RemoteStatuses = Readonly<Record<RemoteName, RemoteStatus>>;

const initial = (): RemoteStatuses =>
  Object.fromEntries(REMOTE_NAMES.map((name) => [name, { state: 'idle' }])) as Record<RemoteName, RemoteStatus>;

/**
 * The screens this page has loaded, by `remote/module`. A screen whose code is here (preloaded with
 * the page's first files, or opened before) renders in its route's first commit, with the layout,
 * instead of a commit later through its loader.
 */
const loadedScreens = new Map<string, ComponentType>();

/** The screen `remote/module` when this page has loaded it. */
export const loadedScreen = (remote: RemoteName, module: string): ComponentType | undefined =>
  loadedScreens.get(`${remote}/${module}`);

let statuses: RemoteStatuses = initial();
const listeners = new Set<() => void>();

function report(remote: RemoteName, status: RemoteStatus): void {
  statuses = { ...statuses, [remote]: status };
  for (const l of [...listeners]) l();
}

export const remoteStatus = {
  /** A new object on every change, so that it can be a React snapshot. */
  get: (): RemoteStatuses => statuses,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Tests only: every remote back to idle, none loaded. */
  reset(): void {
    statuses = initial();
    loadedScreens.clear();
    for (const l of [...listeners]) l();
  },
};

export function useRemoteStatuses(): RemoteStatuses {
  return useSyncExternalStore(remoteStatus.subscribe, remoteStatus.get, remoteStatus.get);
}

export const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function fetchScreen(remote: RemoteName, module: string, refresh: boolean): Promise<ComponentType> {
  if (refresh) for (const key of [...loadedScreens.keys()]) if (key.startsWith(`${remote}/`)) loadedScreens.delete(key);
  await loadRegistry(refresh ? remote : undefined);
  const loaded = await loadRemote<{ default?: ComponentType }>(`${remote}/${module}`);
  if (!loaded?.default) throw new Error(`${remote}/${module} has no screen`);
  loadedScreens.set(`${remote}/${module}`, loaded.default);
  return loaded.default;
}

/**
 * Starts loading a screen before its route renders (the page's first screen), silently: the
 * screen's own load (the same, then cached) reports a failure and offers Retry. Resolves once it
 * is loaded or has failed.
 */
export function preloadRemoteScreen(remote: RemoteName, module: string): Promise<void> {
  return fetchScreen(remote, module, false).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Loads one screen a remote exposes (its module's default export), and reports how it went.
 * `refresh` is a retry: the registry is read again and the runtime's cached, failed entry dropped.
 */
export async function loadRemoteScreen(remote: RemoteName, module: string, refresh = false): Promise<ComponentType> {
  report(remote, { state: 'loading' });
  clearIntegrityFailure(remote);
  try {
    const Screen = await fetchScreen(remote, module, refresh);
    report(remote, { state: 'loaded' });
    return Screen;
  } catch (caught) {
    // A changed file shows up as a failed load; the plugin tells it apart from a network failure.
    const error = (await integrityFailureOf(remote)) ?? caught;
    console.warn(`Remote ${remote}/${module} could not be loaded`, error);
    report(remote, { state: 'failed', reason: reasonOf(error) });
    throw error;
  }
}

/**
 * Loads a remote without opening one of its screens: its first route's module, as the admin
 * visiting it would. A remote that failed is retried afresh. Resolves either way; the outcome is
 * in the statuses.
 */
export async function checkRemote(remote: RemoteName): Promise<void> {
  const first = REMOTE_ROUTES.find((r) => r.remote === remote);
  if (!first) return;
  await loadRemoteScreen(remote, first.module, statuses[remote].state === 'failed').catch(() => undefined);
}
