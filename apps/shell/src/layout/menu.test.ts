import { MENU, selectedKey } from './menu';

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

  it('highlights the list a sub-route belongs to', () => {
    expect(selectedKey('/fans/view/1')).toBe('fans');
    expect(selectedKey('/details/fan-details/1')).toBe('fans');
    expect(selectedKey('/manage-cupon-history')).toBe('manage-discount-codes');
    expect(selectedKey('')).toBe('dashboard');
  });
});
