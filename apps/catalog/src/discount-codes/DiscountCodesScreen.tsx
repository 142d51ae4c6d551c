import { PlannedScreen } from '@backoffice/ui-kit';

export default function DiscountCodesScreen() {
  return <PlannedScreen title="Discount codes" area="catalog remote" issue={6} />;
}
