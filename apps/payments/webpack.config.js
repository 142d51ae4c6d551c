const createConfig = require('../../webpack/create-config');

module.exports = createConfig({
  name: 'payments',
  title: 'Payments',
  dir: __dirname,
  port: 3002,
  exposes: {
    './Transactions': './src/transactions/TransactionsScreen.tsx',
    './PayoutRequests': './src/payout-requests/PayoutRequestsScreen.tsx',
    './PaymentMethods': './src/payment-methods/PaymentMethodsScreen.tsx',
    './PayoutsHistory': './src/payouts-history/PayoutsHistoryScreen.tsx',
  },
});
