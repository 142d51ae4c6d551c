import { PlannedScreen } from '@backoffice/ui-kit';

export default function PayoutsHistoryScreen() {
  return <PlannedScreen title="Payouts history" area="payments remote" issue={5} />;
}
