import { PlannedScreen } from '@backoffice/ui-kit';

export default function PayoutRequestsScreen() {
  return <PlannedScreen title="Payout requests" area="payments remote" issue={5} />;
}
