import { PlannedScreen } from '@backoffice/ui-kit';

export default function RedemptionHistoryScreen() {
  return <PlannedScreen title="Redemption history" area="catalog remote" issue={6} />;
}
