import type { ComponentType } from 'react';
import { LoadingOverlay, lazyPage } from '@backoffice/ui-kit/auth';
import { createElement } from 'react';

type SignedIn = typeof import('./signedIn');

/** The signed-in chunk (signedIn.ts), loaded once, early: while a stored session is being verified, or as Sign in is clicked. */
let loading: Promise<SignedIn> | undefined;
let loaded: SignedIn | undefined;

export function loadSignedIn(): Promise<SignedIn> {
  loading ??= import('./signedIn').then(
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

/** Fetches the signed-in chunk and, when `pathname` is a remote's screen, that remote's screen too. */
export function preloadSignedIn(pathname?: string): Promise<void> {
  return loadSignedIn().then(
    (m) => {
      if (pathname) m.preloadScreenAt(pathname);
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
