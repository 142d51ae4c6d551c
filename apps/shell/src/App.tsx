import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders, LoadingOverlay } from '@backoffice/ui-kit';
import { createQueryClient, restoreSession } from '@backoffice/shared-api';
import { AppRoutes } from './routes';

// One react-query client for the shell and every remote: they share its cache.
const queryClient = createQueryClient();

export function App() {
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    restoreSession()
      .catch((e: unknown) => console.error(e))
      .finally(() => setRestored(true));
  }, []);
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>{restored ? <AppRoutes /> : <LoadingOverlay />}</BrowserRouter>
    </AppProviders>
  );
}
