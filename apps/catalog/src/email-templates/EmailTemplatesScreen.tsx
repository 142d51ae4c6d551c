import { PlannedScreen } from '@backoffice/ui-kit';

export default function EmailTemplatesScreen() {
  return <PlannedScreen title="Email templates" area="catalog remote" issue={6} />;
}
