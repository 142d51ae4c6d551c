import { HostRoot } from '@backoffice/ui-kit/auth';
import { appRoutes } from './routes';

export function App() {
  return <HostRoot routes={appRoutes} />;
}
