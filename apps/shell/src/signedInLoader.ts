import type { ComponentType } from 'react';
import { LoadingOverlay, lazyPage } from '@backoffice/ui-kit/auth';
import { createElement } from 'react';
import { baseOf } from '@backoffice/shared-api/screens';

type SignedIn = typeof import('./signedIn');
type Dashboard = typeof import('./dashboard/DashboardPage');

/**
 * A chunk loaded once, and what it holds once it is here (so that its components render without
 * suspending). A failed fetch (a deploy in between, the network) is tried again by the next caller.
 */
function chunk<M>(load: () => Promise<M>): { load: () => Promise<M>; here: () => M | undefined } {
  let loading: Promise<M> | undefined;
  let loaded: M | undefined;
  return {
    load: () =>
      (loading ??= load().then(
        (m) => (loaded = m),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    here: () => loaded,
  };
}

/** The signed-in chunk (signedIn.ts), loaded early: while a stored session is being verified, or as Sign in is clicked. */
const signedIn = chunk<SignedIn>(() => import(/* webpackChunkName: "signed-in" */ './signedIn'));
/** The dashboard's chunk: a list's first screen does not fetch it. */
const dashboard = chunk<Dashboard>(() => import(/* webpackChunkName: "dashboard" */ './dashboard/DashboardPage'));

export const loadSignedIn = signedIn.load;
export const loadDashboard = dashboard.load;

/** Whether the signed-in chunk is here, so that its components render without suspending. */
export const signedInLoaded = (): boolean => signedIn.here() !== undefined;

/** The dashboard, rendered at once once its chunk is here (see lazySignedIn). */
export const DashboardPage = lazyPage(
  () => loadDashboard().then((m) => m.DashboardPage),
  createElement(LoadingOverlay),
  () => dashboard.here()?.DashboardPage,
);

/**
 * How long the signed-in layout waits for the remote screen it opens on, once its own chunk is here:
 * had it rendered at once, the layout would commit with "Loading Fans…" and lay the page out, and
 * the screen come in a second commit and layout (~40 ms of the main thread on a cold Fans load
 * here); a remote that is slow or down does not hold the layout back longer than this.
 */
export const LANDING_SCREEN_WAIT_MS = 300;

/**
 * Fetches the signed-in chunk and what `address` (a path and query of the page) opens on: the
 * dashboard's chunk, or (unless `remoteScreen` is false: before sign-in, the registry may depend on
 * who signs in) a remote's screen, whose files the page has preloaded (apps/api/src/plugins/web.ts),
 * and the list it read first the last time. Resolves once those are here, the remote screen waited
 * for up to LANDING_SCREEN_WAIT_MS.
 */
export function preloadSignedIn(address?: string, remoteScreen = true): Promise<void> {
  const { pathname, search } = new URL(address ?? '/', 'http://page.invalid');
  const onDashboard = address !== undefined && baseOf(pathname).pathUnderBase.replace(/\/+$/, '') === '';
  return Promise.all([loadSignedIn(), onDashboard ? loadDashboard() : undefined]).then(
    ([m]) => {
      if (!address || !remoteScreen) return undefined;
      const screen = m.preloadScreenAt(pathname, search);
      return Promise.race([screen, new Promise<void>((resolve) => setTimeout(resolve, LANDING_SCREEN_WAIT_MS))]);
    },
    () => undefined,
  );
}

/**
 * A component of the signed-in chunk, for a route (the one lazy helper, lazyPage: fetched again
 * after a failed fetch). Once the chunk is here the component renders at once, so moving from the
 * dashboard to a remote's screen does not flash a loader for a chunk already loaded.
 */
export function lazySignedIn<P extends object>(pick: (m: SignedIn) => ComponentType<P>) {
  return lazyPage(
    () => loadSignedIn().then(pick),
    createElement(LoadingOverlay),
    () => {
      const m = signedIn.here();
      return m ? pick(m) : undefined;
    },
  );
}
