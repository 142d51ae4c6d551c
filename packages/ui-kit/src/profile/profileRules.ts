import type { FormRule } from '@backoffice/ui-kit/antd-on-demand';
import { PICTURE_PATTERN, PROFILE_LIMITS as L, PROFILE_MESSAGES as M } from '@backoffice/shared-api/profile';

/** The time zones the server accepts, plus the stored one when this browser spells it differently. */
export function timeZoneOptions(current: string | undefined): Array<{ value: string; label: string }> {
  const zones = new Set<string>(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  if (current) zones.add(current);
  return [...zones].map((z) => ({ value: z, label: z }));
}

export const requiredRule: FormRule = { required: true, whitespace: true, message: M.required };
export const maxCharsRule = (n: number): FormRule => ({ max: n, message: `Use at most ${n} characters` });

/**
 * The rules of the fields every profile has, the admin's own and a fan's or an influencer's alike
 * (contract UpdateAdminProfileBody, UpdateUserProfileBody and profile.ts), checked in the browser
 * before a request is sent.
 */
export const PROFILE_RULES = {
  firstName: [requiredRule, maxCharsRule(L.nameMax)],
  lastName: [requiredRule, maxCharsRule(L.nameMax)],
  email: [requiredRule, { type: 'email', message: M.email }, maxCharsRule(L.emailMax)],
  bio: [maxCharsRule(L.bioMax)],
  picture: [
    {
      validator: (_r: unknown, value: string | undefined) =>
        !value || (value.length <= L.pictureMaxChars && new RegExp(PICTURE_PATTERN).test(value))
          ? Promise.resolve()
          : Promise.reject(new Error(M.picture)),
    },
  ],
  /** The admin's profile must name one; a fan's or an influencer's may leave it empty. */
  timeZone: [{ required: true, message: M.timeZone }],
} satisfies Record<string, FormRule[]>;
