import { screen, screensOf, withComponents } from '.';

describe('the table of screens', () => {
  it('finds a screen by its key, and refuses a key it does not have', () => {
    expect(screen('redemption-history').path).toBe('manage-cupon-history');
    expect(() => screen('redemptions')).toThrow('No screen "redemptions"');
  });

  it("pairs a remote's screens with its components, in the table's order", () => {
    const components = { Fans: 'F', Influencers: 'I', Requests: 'R', FanDetail: 'D' };
    expect(withComponents('people', components).map(({ screen: s, component }) => `${s.path}=${component}`)).toEqual(
      screensOf('people').map((s) => `${s.path}=${components[s.module as keyof typeof components]}`),
    );
  });

  it('refuses a component the table does not list, and a screen without its component', () => {
    expect(() => withComponents('people', { Fans: 1, Influencers: 1, Requests: 1, FanDetail: 1, Extra: 1 })).toThrow(
      'people: Extra not in the table of screens',
    );
    expect(() => withComponents('people', { Fans: 1, Influencers: 1, Requests: 1 })).toThrow(
      'people: no component for the screen FanDetail',
    );
  });
});
