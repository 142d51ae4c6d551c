import { HostRoot } from '@backoffice/ui-kit';
import { AppRoutes } from './routes';

export function App() {
  return (
    <HostRoot>
      <AppRoutes />
    </HostRoot>
  );
}
