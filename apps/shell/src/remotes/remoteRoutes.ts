import type { RemoteName } from './registry';

/** Which remote module serves each route of the spec's table (section 2). */
export const REMOTE_ROUTES: Array<{ path: string; remote: RemoteName; module: string; label: string }> = [
  { path: 'fans', remote: 'people', module: 'Fans', label: 'Fans' },
  { path: 'influencers', remote: 'people', module: 'Influencers', label: 'Influencers' },
  { path: 'requests', remote: 'people', module: 'Requests', label: 'Requests' },
  { path: 'details/fan-details', remote: 'people', module: 'FanDetail', label: 'Fan detail' },
  { path: 'transactions', remote: 'payments', module: 'Transactions', label: 'Transactions' },
  { path: 'payouts-requests', remote: 'payments', module: 'PayoutRequests', label: 'Payout requests' },
  { path: 'payment-methods', remote: 'payments', module: 'PaymentMethods', label: 'Payment methods' },
  { path: 'payouts-history', remote: 'payments', module: 'PayoutsHistory', label: 'Payouts history' },
  { path: 'calls', remote: 'catalog', module: 'Calls', label: 'Calls' },
  { path: 'notifications', remote: 'catalog', module: 'Notifications', label: 'Notifications' },
  { path: 'email-templates', remote: 'catalog', module: 'EmailTemplates', label: 'Email templates' },
  { path: 'manage-discount-codes', remote: 'catalog', module: 'DiscountCodes', label: 'Discount codes' },
  { path: 'manage-cupon-history', remote: 'catalog', module: 'RedemptionHistory', label: 'Redemption history' },
];
