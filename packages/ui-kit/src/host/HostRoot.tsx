import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from '@backoffice/ui-kit/router';
import { restoreSession } from '@backoffice/shared-api/runtime';
import { LoadingOverlay } from '../LoadingOverlay';
import { LazyToasts } from './LazyToasts';
import { RouteError } from './RouteError';
import { usePageTheme } from './pageTheme';

type Router = ReturnType<typeof createBrowserRouter>;

export interface HostRootProps {
  /** The page's route table (route objects, or `createRoutesFromElements` of JSX routes). */
  routes?: RouteObject[];
  /** Before `routes`, the page's content, rendered at every path; still served so. */
  children?: ReactNode;
}

/**
 * The root of a page, the shell's and each remote's standalone host alike: the page's colours, its
 * toasts, and one data router. A data router, not a <BrowserRouter>, because only it can hold a
 * navigation back until the admin agrees (useUnsavedChangesGuard). The router is made once the
 * persisted session is restored, so that no route decides whether the admin is signed in before it
 * is known.
 *
 * Nothing here loads antd or react-query: the routes that draw with them render AppProviders (the
 * shell's signed-in area, a standalone host's layout), and the sign-in page, which needs neither,
 * fetches neither.
 */
export function HostRoot({ routes, children }: HostRootProps) {
  usePageTheme();
  // The table the page started with: the router is made once, and a new table would need a new one.
  const [table] = useState(() => routes ?? [{ path: '*', element: children }]);
  const [router, setRouter] = useState<Router>();
  useEffect(() => {
    let live = true;
    let made: Router | undefined;
    restoreSession()
      .catch((e: unknown) => console.error(e))
      .finally(() => {
        if (!live) return;
        // One pathless route around the table: its error element catches what no screen did.
        made = createBrowserRouter([{ errorElement: <RouteError />, children: table }]);
        const router = made;
        // A transition: the first route renders in slices, yielding to the browser between them.
        startTransition(() => setRouter(router));
      });
    return () => {
      live = false;
      made?.dispose();
    };
  }, [table]);
  return (
    <>
      {router ? <RouterProvider router={router} /> : <LoadingOverlay />}
      <LazyToasts />
    </>
  );
}
