import { CATALOG_MESSAGES } from '@backoffice/shared-api';
import { discountCode, user } from '../testFixtures';
import {
  NEW_CODE_VALUES,
  changesOf,
  createBodyOf,
  isValidAmount,
  isValidCodeName,
  isValidRedeemLimit,
  rulesFor,
  valuesOf,
  type DiscountCodeFormValues,
} from './discountCodeFormModel';

const INFLUENCER = user(7, { isInfluencer: true });

/** Runs a field's validator as antd would; resolves to its message, or undefined when it passes. */
async function check(field: 'codeName' | 'amount' | 'redeemLimit', value: unknown, redeemed = 0) {
  const [rule] = rulesFor(redeemed)[field];
  try {
    await rule!.validator({} as never, value as never);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('Discount code form rules', () => {
  it.each([
    ['SUMMER10', true],
    ['  summer_10-b  ', true],
    ['ab', false],
    ['-START', false],
    ['has space', false],
    ['A'.repeat(30), true],
    ['A'.repeat(31), false],
    ['', false],
  ])('code name %j valid: %s', async (name, valid) => {
    expect(isValidCodeName(name)).toBe(valid);
    expect(await check('codeName', name)).toBe(valid ? undefined : CATALOG_MESSAGES.codeNameInvalid);
  });

  it.each([
    [0.01, true],
    [5, true],
    [10_000, true],
    [19.99, true],
    [0, false],
    [-1, false],
    [10_000.01, false],
    [1.234, false],
    [null, false],
    [Number.NaN, false],
  ])('amount %p valid: %s', async (amount, valid) => {
    expect(isValidAmount(amount)).toBe(valid);
    expect(await check('amount', amount)).toBe(valid ? undefined : CATALOG_MESSAGES.amountInvalid);
  });

  it.each([
    [1, true],
    [1_000_000, true],
    [0, false],
    [1.5, false],
    [1_000_001, false],
    [undefined, false],
  ])('redeem limit %p valid: %s', async (limit, valid) => {
    expect(isValidRedeemLimit(limit)).toBe(valid);
    expect(await check('redeemLimit', limit)).toBe(valid ? undefined : CATALOG_MESSAGES.redeemLimitInvalid);
  });

  it('refuses a redeem limit below what was already redeemed, and accepts it equal', async () => {
    expect(await check('redeemLimit', 11, 12)).toBe(CATALOG_MESSAGES.redeemLimitBelowUsed(12));
    expect(await check('redeemLimit', 12, 12)).toBeUndefined();
    // A limit that is no whole number from 1 is told that first.
    expect(await check('redeemLimit', 0, 1)).toBe(CATALOG_MESSAGES.redeemLimitInvalid);
  });
});

describe('What a save sends', () => {
  const filled: DiscountCodeFormValues = {
    codeName: '  WINTER5 ',
    type: 'promo_code',
    amount: 0.1 + 0.2,
    redeemLimit: 50,
    status: 'Inactive',
    influencerId: INFLUENCER._id,
  };

  it('adding sends the name trimmed, whole cents, and an influencer only for its type', () => {
    expect(createBodyOf(filled)).toEqual({
      codeName: 'WINTER5',
      type: 'promo_code',
      amount: 0.3,
      redeemLimit: 50,
      status: 'Inactive',
    });
    expect(createBodyOf({ ...filled, type: 'influencer_discount_code' })).toEqual({
      codeName: 'WINTER5',
      type: 'influencer_discount_code',
      amount: 0.3,
      redeemLimit: 50,
      status: 'Inactive',
      influencerId: INFLUENCER._id,
    });
  });

  it('a new code starts active with nothing else filled', () => {
    expect(NEW_CODE_VALUES).toEqual({
      codeName: '',
      type: undefined,
      amount: undefined,
      redeemLimit: undefined,
      status: 'Active',
      influencerId: undefined,
    });
  });

  it('an edit sends nothing when nothing changed, even with spaces typed around the name', () => {
    const initial = valuesOf(discountCode(1));
    expect(changesOf(initial, { ...initial })).toEqual({});
    expect(changesOf(initial, { ...initial, codeName: ' SUMMER1 ', amount: 5.000000001 })).toEqual({});
  });

  it('an edit sends only the fields that changed', () => {
    const initial = valuesOf(discountCode(1));
    expect(changesOf(initial, { ...initial, amount: 7.5, status: 'Inactive' })).toEqual({
      amount: 7.5,
      status: 'Inactive',
    });
    expect(changesOf(initial, { ...initial, codeName: 'SUMMER-1', redeemLimit: 200 })).toEqual({
      codeName: 'SUMMER-1',
      redeemLimit: 200,
    });
  });

  it('giving a code to an influencer sends the type and the influencer; leaving that type drops the influencer', () => {
    const promo = valuesOf(discountCode(1));
    expect(changesOf(promo, { ...promo, type: 'influencer_discount_code', influencerId: INFLUENCER._id })).toEqual({
      type: 'influencer_discount_code',
      influencerId: INFLUENCER._id,
    });

    const owned = valuesOf(discountCode(2, { type: 'influencer_discount_code', influencer: INFLUENCER }));
    expect(owned.influencerId).toBe(INFLUENCER._id);
    expect(changesOf(owned, { ...owned, type: 'signup' })).toEqual({ type: 'signup', influencerId: null });
    const other = user(8, { isInfluencer: true });
    expect(changesOf(owned, { ...owned, influencerId: other._id })).toEqual({ influencerId: other._id });
  });
});
