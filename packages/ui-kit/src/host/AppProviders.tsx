import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { setToastHandler } from '@backoffice/shared-api';
import { ThemeProvider, useToasts, type ThemeMode } from '@backoffice/ui-kit/antd-core';

/** Routes the shared toast service (used by every app through shared-api) to antd notifications. */
function ToastBridge() {
  const toasts = useToasts();
  useEffect(() => setToastHandler((kind, message) => toasts.show(kind, message)), [toasts]);
  return null;
}

/**
 * The providers every screen needs, in one place for the shell and for each remote's standalone
 * host: the shared react-query client, the theme (the admin's remembered choice unless `mode` is
 * given), and toasts.
 */
export function AppProviders({
  queryClient,
  mode,
  children,
}: {
  queryClient: QueryClient;
  mode?: ThemeMode;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider mode={mode}>
        <ToastBridge />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
