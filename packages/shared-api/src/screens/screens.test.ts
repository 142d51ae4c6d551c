import { baseOf, isShellPath, linkTo, mountOf, screen, screensOf, withComponents } from '.';
import { SCREEN_TABLE } from './table';

describe('the table of screens', () => {
  it('finds a screen by its key', () => {
    expect(screen('redemptionHistory').path).toBe('manage-cupon-history');
    // @ts-expect-error: a key the table does not have fails the type-check, and throws at run time
    expect(() => screen('redemptions')).toThrow('No screen "redemptions"');
  });

  it('builds every link from the table, under the base the admin is on, its parameters escaped', () => {
    expect(linkTo('/app', 'fanDetail', { id: 'f-1' })).toBe('/app/details/fan-details/f-1');
    expect(linkTo('', 'fanDetail', { id: 'f-1' })).toBe('/details/fan-details/f-1');
    expect(linkTo('/app', 'influencerView', { id: 'a/b c' })).toBe('/app/influencers/view/a%2Fb%20c');
    expect(linkTo('/app', 'dashboard')).toBe('/app');
    expect(linkTo('', 'dashboard')).toBe('/');
    expect(linkTo('', 'discountCodeAdd')).toBe('/manage-discount-codes/add');
    // @ts-expect-error: a screen with a parameter needs it
    expect(() => linkTo('/app', 'fanView')).toThrow("linkTo('fanView') needs id");
  });

  it('mounts a screen with parameters at its route up to the first one', () => {
    expect(mountOf(screen('fanDetail'))).toBe('details/fan-details');
    expect(mountOf(screen('fans'))).toBe('fans');
    expect(baseOf('/app/fans/view/1')).toEqual({ base: '/app', pathUnderBase: '/fans/view/1' });
    expect(baseOf('/fans')).toEqual({ base: '', pathUnderBase: '/fans' });
  });

  it("pairs a remote's screens with its components, in the table's order", () => {
    const components = { Fans: 'F', Influencers: 'I', Requests: 'R', FanDetail: 'D' };
    expect(withComponents('people', components).map(({ screen: s, component }) => `${s.path}=${component}`)).toEqual(
      screensOf('people').map((s) => `${s.path}=${components[s.module as keyof typeof components]}`),
    );
  });

  it('refuses a component the table does not list, and a screen without its component', () => {
    expect(() =>
      // @ts-expect-error: the type-check refuses a module the table does not list
      withComponents('people', { Fans: 1, Influencers: 1, Requests: 1, FanDetail: 1, Extra: 1 }),
    ).toThrow('people: Extra not in the table of screens');
    // @ts-expect-error: and one left out
    expect(() => withComponents('people', { Fans: 1, Influencers: 1, Requests: 1 })).toThrow(
      'people: no component for the screen FanDetail',
    );
  });
});

describe('isShellPath', () => {
  it("is true for every screen's path, at the root and under /app, and for the sign-in pages", () => {
    for (const s of SCREEN_TABLE.screens) {
      const concrete = s.path.replace(/:id/g, '42');
      expect([concrete, isShellPath(`/${concrete}`), isShellPath(`/app/${concrete}`)]).toEqual([concrete, true, true]);
    }
    for (const page of ['/', '/login', '/forgot-password', '/reset-password?token=x', '/accept-invite', '/logout']) {
      expect([page, isShellPath(page)]).toEqual([page, true]);
    }
  });

  it("is false for the server's own paths and anything else", () => {
    for (const path of [
      '/api/v1/x',
      '/socket.io/',
      '/remotes/people/1/x.js',
      '/healthz',
      '/metrics',
      '/wp-login.php',
      '/.env',
    ]) {
      expect([path, isShellPath(path)]).toEqual([path, false]);
    }
  });
});
