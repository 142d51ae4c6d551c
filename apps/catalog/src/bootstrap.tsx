import { createRoot } from 'react-dom/client';
import { StandaloneHost } from '@backoffice/ui-kit';
import DiscountCodesScreen from './discount-codes/DiscountCodesScreen';
import RedemptionHistoryScreen from './redemption-history/RedemptionHistoryScreen';
import EmailTemplatesScreen from './email-templates/EmailTemplatesScreen';
import CallsScreen from './calls/CallsScreen';
import NotificationsScreen from './notifications/NotificationsScreen';

// Standalone: this remote's screens in a minimal host, for the team that develops them.
createRoot(document.getElementById('root')!).render(
  <StandaloneHost
    title="Catalog"
    areas={[
      { path: 'manage-discount-codes', label: 'Discount codes', element: <DiscountCodesScreen /> },
      { path: 'manage-cupon-history', label: 'Redemption history', element: <RedemptionHistoryScreen /> },
      { path: 'email-templates', label: 'Email templates', element: <EmailTemplatesScreen /> },
      { path: 'calls', label: 'Calls', element: <CallsScreen /> },
      { path: 'notifications', label: 'Notifications', element: <NotificationsScreen /> },
    ]}
  />,
);
