import { PlannedScreen } from '@backoffice/ui-kit';

export default function TransactionsScreen() {
  return <PlannedScreen title="Transactions" area="payments remote" issue={5} />;
}
