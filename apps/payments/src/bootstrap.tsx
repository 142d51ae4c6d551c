import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { mountOf, withComponents, type ScreenComponents } from '@backoffice/shared-api';
import { StandaloneHost } from '@backoffice/ui-kit/standalone';
import TransactionsScreen from './transactions/TransactionsScreen';
import PayoutRequestsScreen from './payout-requests/PayoutRequestsScreen';
import PaymentMethodsScreen from './payment-methods/PaymentMethodsScreen';
import PayoutsHistoryScreen from './payouts-history/PayoutsHistoryScreen';

/** Each screen of this remote in the table of screens, by its module. */
const SCREENS = {
  Transactions: TransactionsScreen,
  PayoutRequests: PayoutRequestsScreen,
  PaymentMethods: PaymentMethodsScreen,
  PayoutsHistory: PayoutsHistoryScreen,
} satisfies ScreenComponents<'payments', ComponentType>;

// Standalone: this remote's screens in a minimal host, for the team that develops them.
createRoot(document.getElementById('root')!).render(
  <StandaloneHost
    title="Payments"
    areas={withComponents('payments', SCREENS).map(({ screen, component: Screen }) => ({
      path: mountOf(screen),
      label: screen.title,
      element: <Screen />,
    }))}
  />,
);
