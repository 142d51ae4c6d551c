import { PlannedScreen } from '@backoffice/ui-kit';

export default function FanDetailScreen() {
  return <PlannedScreen title="Fan detail" area="people remote" issue={4} />;
}
