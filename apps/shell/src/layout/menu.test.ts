import { SEEDED_ROLES, type SeededRoleKey } from '@backoffice/shared-api/contract';
import { can } from '@backoffice/shared-api/runtime';
import { adminWithRole } from '@backoffice/shared-api/testing';
import { MENU, menuFor, screenAt, selectedKey, type MenuEntry } from './menu';

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

describe("the side menu of a role's admin", () => {
  const labels = (role: SeededRoleKey) =>
    menuFor((p) => can(p, adminWithRole(role))).map((m) =>
      m.children ? `${m.label}: ${m.children.map((c) => c.label).join(', ')}` : m.label,
    );

  it('offers each seeded role the screens it opens, and only those', () => {
    expect(labels('support')).toEqual([
      'Dashboard',
      'Fans',
      'Influencers',
      'Requests',
      'Manage calls',
      'Manage Payments: Transactions, Payouts Request, Payment Methods, Payouts History',
      'Notifications',
      'Setting',
    ]);
    expect(labels('finance')).toEqual([
      'Dashboard',
      'Manage Payments: Transactions, Payouts Request, Payment Methods, Payouts History',
      'Setting',
    ]);
    expect(labels('content')).toEqual([
      'Dashboard',
      'Notifications',
      'Email Templates',
      'Manage Discount Codes',
      'Setting',
    ]);
    expect(labels('owner')).toEqual(
      MENU.map((m) => (m.children ? labels('owner').find((l) => l.startsWith(m.label)) : m.label)),
    );
    expect(SEEDED_ROLES.map((r) => r.key)).toEqual(['owner', 'finance', 'support', 'content', 'auditor']);
  });

  it('drops a group whose every entry is closed', () => {
    const onlyPeople = menuFor((p) => p === 'self' || p === 'people.read');
    expect(onlyPeople.map((m) => m.label)).toEqual(['Fans', 'Influencers', 'Requests', 'Setting']);
  });

  it('finds the screen of any URL, a record page included, for its permission', () => {
    expect(screenAt('')?.key).toBe('dashboard');
    expect(screenAt('/fans/edit/1')?.permission).toBe('people.write');
    expect(screenAt('/fans/view/1')?.permission).toBe('people.read');
    expect(screenAt('/setting/audit-log')?.title).toBe('Audit log');
    expect(screenAt('/nowhere')).toBeUndefined();
  });
});
