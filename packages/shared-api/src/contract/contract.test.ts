import {
  CALL_STATUSES,
  COUNTRIES,
  DISCOUNT_CODE_TYPES,
  GENDERS,
  SOCIAL_LINK_TYPES,
  endpoints,
  FanListQuery,
} from '../contract';

describe('the contract', () => {
  it('names the enumerations exactly as the spec numbers and spells them', () => {
    expect(GENDERS).toEqual({ 1: 'Male', 2: 'Female', 3: 'Non-binary', 4: 'Prefer not to say' });
    expect(SOCIAL_LINK_TYPES).toEqual({
      1: 'Twitter',
      2: 'Facebook',
      3: 'Instagram',
      4: 'Onlyfans',
      5: 'Website',
      6: 'Other',
    });
    expect(CALL_STATUSES).toEqual(['Requested', 'Cancelled', 'Accepted', 'Missed', 'Ongoing', 'Completed', 'Rejected']);
    expect(DISCOUNT_CODE_TYPES).toEqual([
      'wallet_top_up',
      'first_paid_call',
      'refferal',
      'signup',
      'influencer_discount_code',
      'promo_code',
    ]);
  });

  it('has the full country list: unique two-letter codes with names', () => {
    expect(COUNTRIES.length).toBe(249);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    for (const c of COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.name.length).toBeGreaterThan(2);
    }
    expect(COUNTRIES.find((c) => c.code === 'US')?.name).toBe('United States');
  });

  it('gives every endpoint one method and path, with the spec section 7 paths', () => {
    const keys = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /admin/signIn',
        'GET /admin/getUserProfile',
        'POST /admin/forgotPassword',
        'POST /admin/resetPassword',
        'GET /admin/verifyResetPasswordToken',
        'PATCH /admin/changeStatus',
        'GET /admin/getAllFans',
        'GET /admin/getFanDetail',
        'GET /admin/getFanDetails',
        'GET /redemption/getAll',
      ]),
    );
    const publicOnes = Object.values(endpoints)
      .filter((e) => e.auth === 'public')
      .map((e) => e.path);
    expect(publicOnes.sort()).toEqual([
      '/admin/forgotPassword',
      '/admin/invite/accept',
      '/admin/invite/verify',
      '/admin/resetPassword',
      '/admin/signIn',
      '/admin/verifyResetPasswordToken',
      '/admin/verifySecondFactor',
    ]);
  });

  it('lists take page from 1, limit 1..100, a whitelisted sortBy and asc|desc', () => {
    const p = FanListQuery.properties;
    expect(p.page).toMatchObject({ minimum: 1 });
    expect(p.limit).toMatchObject({ minimum: 1, maximum: 100 });
    expect(p.sortBy.anyOf.map((s: { const: string }) => s.const)).toEqual([
      'createdAt',
      'userName',
      'displayName',
      'email',
    ]);
    expect(p.sortOrder.anyOf.map((s: { const: string }) => s.const)).toEqual(['asc', 'desc']);
  });
});
