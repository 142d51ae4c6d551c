import { HostRoot } from '@backoffice/ui-kit/auth';
import { AppRoutes } from './routes';

export function App() {
  return (
    <HostRoot>
      <AppRoutes />
    </HostRoot>
  );
}
