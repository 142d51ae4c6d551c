import { createRoot } from 'react-dom/client';
import { StandaloneHost } from '@backoffice/ui-kit';
import TransactionsScreen from './transactions/TransactionsScreen';
import PayoutRequestsScreen from './payout-requests/PayoutRequestsScreen';
import PaymentMethodsScreen from './payment-methods/PaymentMethodsScreen';
import PayoutsHistoryScreen from './payouts-history/PayoutsHistoryScreen';

// Standalone: this remote's screens in a minimal host, for the team that develops them.
createRoot(document.getElementById('root')!).render(
  <StandaloneHost
    title="Payments"
    areas={[
      { path: 'transactions', label: 'Transactions', element: <TransactionsScreen /> },
      { path: 'payouts-requests', label: 'Payout requests', element: <PayoutRequestsScreen /> },
      { path: 'payment-methods', label: 'Payment methods', element: <PaymentMethodsScreen /> },
      { path: 'payouts-history', label: 'Payouts history', element: <PayoutsHistoryScreen /> },
    ]}
  />,
);
