import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from '@backoffice/ui-kit/router';
import { createQueryClient, restoreSession } from '@backoffice/shared-api';
import { AppProviders } from './AppProviders';
import { LoadingOverlay } from '../LoadingOverlay';

type Router = ReturnType<typeof createBrowserRouter>;

export interface HostRootProps {
  /** The page's route table (route objects, or `createRoutesFromElements` of JSX routes). */
  routes?: RouteObject[];
  /** Before `routes`, the page's content, rendered at every path; still served so. */
  children?: ReactNode;
}

/**
 * The root of a page, the shell's and each remote's standalone host alike: one react-query client
 * (remotes rendered inside share its cache), the providers, and one data router. A data router,
 * not a <BrowserRouter>, because only it can hold a navigation back until the admin agrees
 * (useUnsavedChangesGuard). The router is made once the persisted session is restored, so that no
 * route decides whether the admin is signed in before it is known.
 */
export function HostRoot({ routes, children }: HostRootProps) {
  const queryClient = useMemo(() => createQueryClient(), []);
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
        made = createBrowserRouter(table);
        setRouter(made);
      });
    return () => {
      live = false;
      made?.dispose();
    };
  }, [table]);
  return (
    <AppProviders queryClient={queryClient}>
      {router ? <RouterProvider router={router} /> : <LoadingOverlay />}
    </AppProviders>
  );
}
