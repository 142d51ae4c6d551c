import { PlannedScreen } from '@backoffice/ui-kit';

export default function PaymentMethodsScreen() {
  return <PlannedScreen title="Payment methods" area="payments remote" issue={5} />;
}
