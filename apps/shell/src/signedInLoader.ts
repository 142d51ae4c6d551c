import type { ComponentType } from 'react';
import { LoadingOverlay, lazyPage } from '@backoffice/ui-kit/auth';
import { createElement } from 'react';
import { baseOf } from '@backoffice/shared-api/screens';

type SignedIn = typeof import('./signedIn');

/** The signed-in chunk (signedIn.ts), loaded once, early: while a stored session is being verified, or as Sign in is clicked. */
let loading: Promise<SignedIn> | undefined;
let loaded: SignedIn | undefined;

export function loadSignedIn(): Promise<SignedIn> {
  loading ??= import(/* webpackChunkName: "signed-in" */ './signedIn').then(
    (m) => (loaded = m),
    (error: unknown) => {
      // A failed fetch (a deploy in between, the network) is tried again by the next caller.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether the signed-in chunk is here, so that its components render without suspending. */
export const signedInLoaded = (): boolean => loaded !== undefined;

type Dashboard = typeof import('./dashboard/DashboardPage');
let dashboardLoading: Promise<Dashboard> | undefined;
let dashboardLoaded: Dashboard | undefined;

/** The dashboard's chunk, loaded once (tried again after a failed fetch). */
export function loadDashboard(): Promise<Dashboard> {
  dashboardLoading ??= import(/* webpackChunkName: "dashboard" */ './dashboard/DashboardPage').then(
    (m) => (dashboardLoaded = m),
    (error: unknown) => {
      dashboardLoading = undefined;
      throw error;
    },
  );
  return dashboardLoading;
}

/** The dashboard, rendered at once once its chunk is here (see lazySignedIn). */
export const DashboardPage = lazyPage(
  () => loadDashboard().then((m) => m.DashboardPage),
  createElement(LoadingOverlay),
  () => dashboardLoaded?.DashboardPage,
);

/**
 * Fetches the signed-in chunk and what `pathname` opens on: the dashboard's chunk, or (unless
 * `remoteScreen` is false: before sign-in, the registry may depend on who signs in) a remote's
 * screen, whose files the page has preloaded (apps/api/src/plugins/web.ts).
 */
export function preloadSignedIn(pathname?: string, remoteScreen = true): Promise<void> {
  const onDashboard = pathname !== undefined && baseOf(pathname).pathUnderBase.replace(/\/+$/, '') === '';
  return Promise.all([loadSignedIn(), onDashboard ? loadDashboard() : undefined]).then(
    ([m]) => {
      if (pathname && remoteScreen) m.preloadScreenAt(pathname);
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
    () => (loaded ? pick(loaded) : undefined),
  );
}
