import { HostRoot } from '@backoffice/ui-kit';
import { appRoutes } from './routes';

export function App() {
  return <HostRoot routes={appRoutes} />;
}
