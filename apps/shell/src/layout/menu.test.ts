import { MENU, selectedKey, type MenuEntry } from './menu';

describe('the side menu', () => {
  it('lists the spec order, with Manage Payments expanding into its four screens', () => {
    expect(MENU.map((m) => m.label)).toEqual([
      'Dashboard',
      'Fans',
      'Influencers',
      'Requests',
      'Manage calls',
      'Manage Payments',
      'Notifications',
      'Email Templates',
      'Manage Discount Codes',
      'Setting',
    ]);
    expect(MENU.find((m) => m.label === 'Manage Payments')?.children?.map((c) => c.label)).toEqual([
      'Transactions',
      'Payouts Request',
      'Payment Methods',
      'Payouts History',
    ]);
  });

  it('links each entry to its spec route', () => {
    const paths = (entries: MenuEntry[]): string[] =>
      entries.flatMap((m) => (m.children ? paths(m.children) : [`${m.key}=${m.path}`]));
    expect(paths(MENU)).toEqual([
      'dashboard=',
      'fans=fans',
      'influencers=influencers',
      'requests=requests',
      'calls=calls',
      'transactions=transactions',
      'payoutRequests=payouts-requests',
      'paymentMethods=payment-methods',
      'payoutsHistory=payouts-history',
      'notifications=notifications',
      'emailTemplates=email-templates',
      'discountCodes=manage-discount-codes',
      'setting=setting',
    ]);
    expect(MENU.every((m) => m.icon)).toBe(true);
  });

  it('highlights the list a sub-route belongs to', () => {
    expect(selectedKey('/fans/view/1')).toBe('fans');
    expect(selectedKey('/details/fan-details/1')).toBe('fans');
    expect(selectedKey('/manage-cupon-history')).toBe('discountCodes');
    expect(selectedKey('')).toBe('dashboard');
    expect(selectedKey('/setting/audit-log')).toBe('setting');
    expect(selectedKey('/payouts-requests/7')).toBe('payoutRequests');
  });
});
