import { PlannedScreen } from '@backoffice/ui-kit';

export default function InfluencersScreen() {
  return <PlannedScreen title="Influencers" area="people remote" issue={4} />;
}
