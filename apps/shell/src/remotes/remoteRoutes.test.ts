import { SCREEN_REMOTES } from '@backoffice/shared-api';
import { REMOTE_NAMES } from './registry';
import { REMOTE_ROUTES, remoteRouteAt } from './remoteRoutes';

describe('the remote routes, read from the table of screens', () => {
  it('serve the spec routes from the same remotes and modules as before the table', () => {
    expect(REMOTE_ROUTES.map((r) => `${r.path} ${r.remote}/${r.module}`).sort()).toEqual(
      [
        'fans people/Fans',
        'influencers people/Influencers',
        'requests people/Requests',
        'details/fan-details people/FanDetail',
        'transactions payments/Transactions',
        'payouts-requests payments/PayoutRequests',
        'payment-methods payments/PaymentMethods',
        'payouts-history payments/PayoutsHistory',
        'calls catalog/Calls',
        'notifications catalog/Notifications',
        'email-templates catalog/EmailTemplates',
        'manage-discount-codes catalog/DiscountCodes',
        'manage-cupon-history catalog/RedemptionHistory',
      ].sort(),
    );
  });

  it("name the registry's remotes, each the first route of its remote loads first", () => {
    expect([...SCREEN_REMOTES]).toEqual(REMOTE_NAMES);
    expect(REMOTE_NAMES.map((n) => REMOTE_ROUTES.find((r) => r.remote === n)?.path)).toEqual([
      'fans',
      'transactions',
      'calls',
    ]);
  });
});

describe('the remote route that owns a path (what a cold load preloads)', () => {
  it.each([
    ['/fans', 'people/Fans'],
    ['/fans/view/1', 'people/Fans'],
    ['details/fan-details/1', 'people/FanDetail'],
    ['/manage-cupon-history', 'catalog/RedemptionHistory'],
    ['/manage-discount-codes/add', 'catalog/DiscountCodes'],
  ])('%s is %s', (path, screen) => {
    const route = remoteRouteAt(path);
    expect(route && `${route.remote}/${route.module}`).toBe(screen);
  });

  it.each(['/', '', '/setting', '/fansclub'])('%s is none: a page of the shell, or no page', (path) => {
    expect(remoteRouteAt(path)).toBeUndefined();
  });
});
