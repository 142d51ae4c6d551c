import type { EndpointPermission } from '../contract/endpoint';

/**
 * The one table of screens: every screen's key, route under /app (and /), side-menu label in the
 * spec's order (Manage Payments' four as a group), title, and for a screen a remote serves its
 * remote, exposed module and file. The pages inside a screen (a record's view, edit and add) are
 * rows too, so that every link is built from here (linkTo). A screen off the menu names the entry
 * it highlights (`within`).
 *
 * Read by the shell's routes, menu and dashboard links, each remote's exposes and standalone host
 * (whose components are type-checked against the modules here), the build and release scripts and
 * the tests; the CommonJS ones read it through tsx.
 */
export const SCREEN_TABLE = {
  /** The remotes, in the order they are built and released. */
  remotes: ['people', 'payments', 'catalog'],
  menuGroups: { payments: 'Manage Payments' },
  screens: [
    { key: 'dashboard', permission: 'dashboard.read', path: '', menu: 'Dashboard', title: 'Dashboard' },
    {
      key: 'fans',
      permission: 'people.read',
      path: 'fans',
      menu: 'Fans',
      title: 'Fans',
      remote: 'people',
      module: 'Fans',
      file: './src/fans/FansScreen.tsx',
    },
    { key: 'fanView', permission: 'people.read', path: 'fans/view/:id', within: 'fans', title: 'Fan' },
    { key: 'fanEdit', permission: 'people.write', path: 'fans/edit/:id', within: 'fans', title: 'Edit fan' },
    {
      key: 'influencers',
      permission: 'people.read',
      path: 'influencers',
      menu: 'Influencers',
      title: 'Influencers',
      remote: 'people',
      module: 'Influencers',
      file: './src/influencers/InfluencersScreen.tsx',
    },
    {
      key: 'influencerView',
      permission: 'people.read',
      path: 'influencers/view/:id',
      within: 'influencers',
      title: 'Influencer',
    },
    {
      key: 'influencerEdit',
      permission: 'people.write',
      path: 'influencers/edit/:id',
      within: 'influencers',
      title: 'Edit influencer',
    },
    {
      key: 'requests',
      permission: 'people.read',
      path: 'requests',
      menu: 'Requests',
      title: 'Requests',
      remote: 'people',
      module: 'Requests',
      file: './src/requests/RequestsScreen.tsx',
    },
    {
      key: 'requestView',
      permission: 'people.read',
      path: 'requests/view/:id',
      within: 'requests',
      title: 'Influencer request',
    },
    {
      key: 'calls',
      permission: 'calls.read',
      path: 'calls',
      menu: 'Manage calls',
      title: 'Calls',
      remote: 'catalog',
      module: 'Calls',
      file: './src/calls/CallsScreen.tsx',
    },
    { key: 'callView', permission: 'calls.read', path: 'calls/view/:id', within: 'calls', title: 'Call' },
    {
      key: 'transactions',
      permission: 'payments.read',
      path: 'transactions',
      menu: 'Transactions',
      group: 'payments',
      title: 'Transactions',
      remote: 'payments',
      module: 'Transactions',
      file: './src/transactions/TransactionsScreen.tsx',
    },
    {
      key: 'payoutRequests',
      permission: 'payments.read',
      path: 'payouts-requests',
      menu: 'Payouts Request',
      group: 'payments',
      title: 'Payout requests',
      remote: 'payments',
      module: 'PayoutRequests',
      file: './src/payout-requests/PayoutRequestsScreen.tsx',
    },
    {
      key: 'paymentMethods',
      permission: 'payments.read',
      path: 'payment-methods',
      menu: 'Payment Methods',
      group: 'payments',
      title: 'Payment methods',
      remote: 'payments',
      module: 'PaymentMethods',
      file: './src/payment-methods/PaymentMethodsScreen.tsx',
    },
    {
      key: 'payoutsHistory',
      permission: 'payments.read',
      path: 'payouts-history',
      menu: 'Payouts History',
      group: 'payments',
      title: 'Payouts history',
      remote: 'payments',
      module: 'PayoutsHistory',
      file: './src/payouts-history/PayoutsHistoryScreen.tsx',
    },
    {
      key: 'notifications',
      permission: 'notifications.read',
      path: 'notifications',
      menu: 'Notifications',
      title: 'Notifications',
      remote: 'catalog',
      module: 'Notifications',
      file: './src/notifications/NotificationsScreen.tsx',
    },
    {
      key: 'emailTemplates',
      permission: 'catalog.read',
      path: 'email-templates',
      menu: 'Email Templates',
      title: 'Email templates',
      remote: 'catalog',
      module: 'EmailTemplates',
      file: './src/email-templates/EmailTemplatesScreen.tsx',
    },
    {
      key: 'emailTemplateEdit',
      permission: 'templates.edit',
      path: 'email-templates/edit/:id',
      within: 'emailTemplates',
      title: 'Edit template',
    },
    {
      key: 'discountCodes',
      permission: 'catalog.read',
      path: 'manage-discount-codes',
      menu: 'Manage Discount Codes',
      title: 'Discount codes',
      remote: 'catalog',
      module: 'DiscountCodes',
      file: './src/discount-codes/DiscountCodesScreen.tsx',
    },
    {
      key: 'discountCodeAdd',
      permission: 'catalog.write',
      path: 'manage-discount-codes/add',
      within: 'discountCodes',
      title: 'Add discount code',
    },
    {
      key: 'discountCodeEdit',
      permission: 'catalog.write',
      path: 'manage-discount-codes/edit/:id',
      within: 'discountCodes',
      title: 'Edit discount code',
    },
    {
      key: 'discountCodeView',
      permission: 'catalog.read',
      path: 'manage-discount-codes/view/:id',
      within: 'discountCodes',
      title: 'Discount code',
    },
    { key: 'setting', permission: 'self', path: 'setting', menu: 'Setting', title: 'Setting' },
    { key: 'auditLog', permission: 'audit.read', path: 'setting/audit-log', within: 'setting', title: 'Audit log' },
    { key: 'admins', permission: 'admins.read', path: 'setting/admins', within: 'setting', title: 'Admins' },
    { key: 'roles', permission: 'admins.read', path: 'setting/roles', within: 'setting', title: 'Roles' },
    { key: 'sessions', permission: 'self', path: 'setting/sessions', within: 'setting', title: 'Sessions' },
    {
      key: 'releases',
      permission: 'platform.manage',
      path: 'setting/releases',
      within: 'setting',
      title: 'Releases',
    },
    {
      key: 'secondFactor',
      permission: 'self',
      path: 'setting/two-factor',
      within: 'setting',
      title: 'Two-factor sign-in',
    },
    {
      key: 'fanDetail',
      permission: 'people.read',
      path: 'details/fan-details/:id',
      within: 'fans',
      title: 'Fan detail',
      remote: 'people',
      module: 'FanDetail',
      file: './src/fan-detail/FanDetailScreen.tsx',
    },
    {
      key: 'redemptionHistory',
      permission: 'catalog.read',
      path: 'manage-cupon-history',
      within: 'discountCodes',
      title: 'Redemption history',
      remote: 'catalog',
      module: 'RedemptionHistory',
      file: './src/redemption-history/RedemptionHistoryScreen.tsx',
    },
  ],
} as const satisfies ScreenTable;

export interface Screen {
  /** The name links, the menu and the dashboard use for it. */
  key: string;
  /**
   * What the admin's role must grant to open it ('self': every signed-in admin): the menu hides
   * it otherwise, and its URL says there is no access. The endpoints it calls need their own.
   */
  permission: EndpointPermission;
  /** The route under the base (/app or /), with its parameters (':id'); '' is the dashboard. */
  path: string;
  /** Its side-menu label, word for word the spec's; absent for a screen reached from another. */
  menu?: string;
  /** The menu group it sits in (menuGroups names the group). */
  group?: string;
  /** For a screen off the menu: the menu entry that stays highlighted on it. */
  within?: string;
  /** Its name where it loads or fails, and in its remote's standalone host. */
  title: string;
  /** The remote that serves it (and the pages under its route); absent for the shell's own screens. */
  remote?: string;
  /** The module the remote exposes it as (`./${module}`). */
  module?: string;
  /** The exposed module's file, relative to the remote's folder. */
  file?: string;
}

export interface ScreenTable {
  remotes: readonly string[];
  menuGroups: Readonly<Record<string, string>>;
  screens: readonly Screen[];
}
