const createConfig = require('../../webpack/create-config');

module.exports = createConfig({
  name: 'catalog',
  title: 'Catalog',
  dir: __dirname,
  port: 3003,
  exposes: {
    './DiscountCodes': './src/discount-codes/DiscountCodesScreen.tsx',
    './RedemptionHistory': './src/redemption-history/RedemptionHistoryScreen.tsx',
    './EmailTemplates': './src/email-templates/EmailTemplatesScreen.tsx',
    './Calls': './src/calls/CallsScreen.tsx',
    './Notifications': './src/notifications/NotificationsScreen.tsx',
  },
});
