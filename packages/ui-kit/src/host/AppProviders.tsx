import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient, useLiveUpdates } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ThemeProvider, type ThemeMode } from '@backoffice/ui-kit/antd';
import { LazyToasts } from './LazyToasts';

let pageClient: QueryClient | undefined;

/**
 * The page's one react-query client: the shell's screens and every remote rendered inside share its
 * cache. Emptied when an admin signs in, so that whoever signs in next in this tab is shown nothing
 * the last admin loaded. At sign-in rather than at sign-out: a screen still on the page as its
 * admin is signed out would fetch again, without a session, what was just cleared.
 */
export function pageQueryClient(): QueryClient {
  if (pageClient) return pageClient;
  const client = createQueryClient();
  let signedIn = !!session.getState().auth.user;
  session.subscribe(() => {
    const now = !!session.getState().auth.user;
    if (now && !signedIn) client.clear();
    signedIn = now;
  });
  pageClient = client;
  return client;
}

/**
 * What every screen drawn with antd needs, for the shell's signed-in area, its password pages and
 * each remote's standalone host: the page's react-query client, subscribed to the server's events
 * (each refreshes what its contract entry says it changes: useLiveUpdates), and the theme (the admin's
 * remembered choice unless `mode` is given). Not the page's root: the sign-in page renders without
 * it and so without antd. Toasts are the root's (LazyToasts); `toasts` puts them here instead, for a
 * test that renders a screen alone.
 */
export function AppProviders({
  queryClient,
  mode,
  toasts = false,
  children,
}: {
  queryClient?: QueryClient;
  mode?: ThemeMode;
  toasts?: boolean;
  children: ReactNode;
}) {
  const client = queryClient ?? pageQueryClient();
  useLiveUpdates(client);
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider mode={mode}>
        {toasts && <LazyToasts />}
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
