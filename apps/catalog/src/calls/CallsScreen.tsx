import { PlannedScreen } from '@backoffice/ui-kit';

export default function CallsScreen() {
  return <PlannedScreen title="Calls" area="catalog remote" issue={6} />;
}
