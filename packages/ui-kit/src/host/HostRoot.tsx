import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient, restoreSession } from '@backoffice/shared-api';
import { AppProviders } from './AppProviders';
import { LoadingOverlay } from '../LoadingOverlay';

/**
 * The root of a page, the shell's and each remote's standalone host alike: one react-query client
 * (remotes rendered inside share its cache), the providers, the router, and the persisted session
 * restored before any route decides whether the admin is signed in.
 */
export function HostRoot({ children }: { children: ReactNode }) {
  const queryClient = useMemo(() => createQueryClient(), []);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    restoreSession()
      .catch((e: unknown) => console.error(e))
      .finally(() => setRestored(true));
  }, []);
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>{restored ? children : <LoadingOverlay />}</BrowserRouter>
    </AppProviders>
  );
}
