import { PlannedScreen } from '@backoffice/ui-kit';

export default function NotificationsScreen() {
  return <PlannedScreen title="Notifications" area="catalog remote" issue={6} />;
}
