import {
  CATALOG_LIMITS as L,
  CATALOG_MESSAGES as M,
  DISCOUNT_CODE_NAME_PATTERN,
  type CreateDiscountCodeBody,
  type DiscountCodeRow,
  type DiscountCodeStatus,
  type DiscountCodeType,
  type UpdateDiscountCodeBody,
} from '@backoffice/shared-api';
import type { FormRule } from '@backoffice/ui-kit/forms';
import { INFLUENCER_TYPE } from './discountCodeLabels';

/** The form's values, with what antd controls give back for an empty field (undefined, null). */
export interface DiscountCodeFormValues {
  codeName: string;
  type: DiscountCodeType | undefined;
  /** Dollars. */
  amount: number | null | undefined;
  redeemLimit: number | null | undefined;
  status: DiscountCodeStatus;
  influencerId: string | null | undefined;
}

export const FORM_FIELDS = ['codeName', 'type', 'amount', 'redeemLimit', 'status', 'influencerId'] as const;

/** Messages the contract does not have: choices left empty. */
export const CHOOSE_TYPE = 'Choose a discount type';
export const CHOOSE_INFLUENCER = M.influencerRequired;

export const NEW_CODE_VALUES: DiscountCodeFormValues = {
  codeName: '',
  type: undefined,
  amount: undefined,
  redeemLimit: undefined,
  status: 'Active',
  influencerId: undefined,
};

export function valuesOf(code: DiscountCodeRow): DiscountCodeFormValues {
  return {
    codeName: code.codeName,
    type: code.type,
    amount: code.amount,
    redeemLimit: code.redeemLimit,
    status: code.status,
    influencerId: code.influencer?._id,
  };
}

const NAME = new RegExp(DISCOUNT_CODE_NAME_PATTERN);

// The server keeps cents; rounding here also drops float noise such as 0.1 + 0.2.
const dollars = (n: number) => Math.round(n * 100) / 100;
const isWholeCents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

export const isValidCodeName = (value: string | undefined) => NAME.test((value ?? '').trim());

export const isValidAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= L.amountMax && isWholeCents(value);

export const isValidRedeemLimit = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= L.redeemLimitMax;

const reject = (message: string) => Promise.reject(new Error(message));

/**
 * The server's rules (contract CreateDiscountCodeBody, constants/catalog), checked before a request
 * is sent and worded as the server words them. `redeemed` is how many times the code was already used:
 * the limit cannot go below it.
 */
export function rulesFor(redeemed: number) {
  return {
    codeName: [
      {
        validator: (_r: unknown, v: string | undefined) =>
          isValidCodeName(v) ? Promise.resolve() : reject(M.codeNameInvalid),
      },
    ],
    type: [{ required: true, message: CHOOSE_TYPE }],
    amount: [
      { validator: (_r: unknown, v: unknown) => (isValidAmount(v) ? Promise.resolve() : reject(M.amountInvalid)) },
    ],
    redeemLimit: [
      {
        validator: (_r: unknown, v: unknown) => {
          if (!isValidRedeemLimit(v)) return reject(M.redeemLimitInvalid);
          if (v < redeemed) return reject(M.redeemLimitBelowUsed(redeemed));
          return Promise.resolve();
        },
      },
    ],
    status: [{ required: true, message: 'Choose a status' }],
    influencerId: [{ required: true, message: CHOOSE_INFLUENCER }],
  } satisfies Record<(typeof FORM_FIELDS)[number], FormRule[]>;
}

/** What adding sends: the name trimmed, the amount in whole cents, an influencer only for its type. */
export function createBodyOf(v: DiscountCodeFormValues): CreateDiscountCodeBody {
  const type = v.type!;
  return {
    codeName: v.codeName.trim(),
    type,
    amount: dollars(v.amount!),
    redeemLimit: v.redeemLimit!,
    status: v.status,
    ...(type === INFLUENCER_TYPE ? { influencerId: v.influencerId ?? null } : {}),
  };
}

/**
 * What an edit sends: only the fields that differ from the code as it was loaded, so another
 * admin's change to a field this admin left alone stands. A code that leaves the influencer type
 * gives up its influencer.
 */
export function changesOf(initial: DiscountCodeFormValues, v: DiscountCodeFormValues): UpdateDiscountCodeBody {
  const changes: UpdateDiscountCodeBody = {};
  const codeName = v.codeName.trim();
  if (codeName !== initial.codeName) changes.codeName = codeName;
  if (v.type && v.type !== initial.type) changes.type = v.type;
  if (v.amount != null && dollars(v.amount) !== initial.amount) changes.amount = dollars(v.amount);
  if (v.redeemLimit != null && v.redeemLimit !== initial.redeemLimit) changes.redeemLimit = v.redeemLimit;
  if (v.status !== initial.status) changes.status = v.status;
  const influencerId = v.type === INFLUENCER_TYPE ? (v.influencerId ?? null) : null;
  if (influencerId !== (initial.influencerId ?? null)) changes.influencerId = influencerId;
  return changes;
}
