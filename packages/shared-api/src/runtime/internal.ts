/** Helpers of the client modules; not part of the package's API. */
import type { AdminProfile } from '../contract/auth';

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const ADMIN_PROFILE_TEXTS = ['_id', 'firstName', 'lastName', 'email', 'bio', 'mainProfilePicture', 'timeZone'] as const;

/**
 * A socket payload as the admin's profile, or null when it is not one: a partial payload would put
 * `undefined` into the header and the setting form, so it is dropped whole.
 */
export function readAdminProfile(payload: unknown): AdminProfile | null {
  if (!isPlainObject(payload)) return null;
  if (!ADMIN_PROFILE_TEXTS.every((key) => typeof payload[key] === 'string')) return null;
  if (payload.availabilityStatus !== '1' && payload.availabilityStatus !== '0') return null;
  if (typeof payload.isEmailVerified !== 'boolean') return null;
  return payload as AdminProfile;
}
