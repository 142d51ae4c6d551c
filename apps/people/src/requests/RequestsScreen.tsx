import { PlannedScreen } from '@backoffice/ui-kit';

export default function RequestsScreen() {
  return <PlannedScreen title="Influencer requests" area="people remote" issue={4} />;
}
