import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { mountOf, withComponents, type ScreenComponents } from '@backoffice/shared-api';
import { StandaloneHost } from '@backoffice/ui-kit/standalone';
import DiscountCodesScreen from './discount-codes/DiscountCodesScreen';
import RedemptionHistoryScreen from './redemption-history/RedemptionHistoryScreen';
import EmailTemplatesScreen from './email-templates/EmailTemplatesScreen';
import CallsScreen from './calls/CallsScreen';
import NotificationsScreen from './notifications/NotificationsScreen';

/** Each screen of this remote in the table of screens, by its module. */
const SCREENS = {
  Calls: CallsScreen,
  Notifications: NotificationsScreen,
  EmailTemplates: EmailTemplatesScreen,
  DiscountCodes: DiscountCodesScreen,
  RedemptionHistory: RedemptionHistoryScreen,
} satisfies ScreenComponents<'catalog', ComponentType>;

// Standalone: this remote's screens in a minimal host, for the team that develops them.
createRoot(document.getElementById('root')!).render(
  <StandaloneHost
    title="Catalog"
    areas={withComponents('catalog', SCREENS).map(({ screen, component: Screen }) => ({
      path: mountOf(screen),
      label: screen.title,
      element: <Screen />,
    }))}
  />,
);
