import { Limiter, type LimitSetting, type RedisStore } from '../../lib/rate-limiter';

const MINUTES = 60;

/**
 * Every attempt at a password is counted before it is checked. Sign-in is limited per address
 * (spraying many accounts) and per account *and* address (guessing one password), so an attacker
 * elsewhere exhausts only their own budget and never locks the real admin out. A password given
 * with a session (change-password, an email change) is limited per admin: a stolen token must not
 * guess the current password forever, from however many addresses.
 */
export const AUTH_LIMIT_SETTINGS = {
  signInPerIp: { points: 30, durationSeconds: 15 * MINUTES },
  signInPerAccountAndIp: { points: 5, durationSeconds: 15 * MINUTES },
  currentPasswordPerAdmin: { points: 5, durationSeconds: 15 * MINUTES },
  forgotPerIp: { points: 10, durationSeconds: 15 * MINUTES },
  forgotPerEmail: { points: 3, durationSeconds: 60 * MINUTES },
  resetPerIp: { points: 30, durationSeconds: 15 * MINUTES },
  // A second-factor code is guessed like a password: per admin (the challenge names them) from any
  // address, and per address across admins. Five tries of a 6-digit code (three steps in the window)
  // leave a guesser about one chance in 67,000 per quarter hour, after the password.
  secondFactorPerAdmin: { points: 5, durationSeconds: 15 * MINUTES },
  secondFactorPerIp: { points: 30, durationSeconds: 15 * MINUTES },
} satisfies Record<string, LimitSetting>;

export type AuthLimitName = keyof typeof AUTH_LIMIT_SETTINGS;
export type AuthLimitSettings = Record<AuthLimitName, LimitSetting>;
export type AuthLimits = Record<AuthLimitName, Limiter>;

export function createAuthLimits(
  opts: { redis?: RedisStore; keyPrefix?: string; overrides?: Partial<AuthLimitSettings> } = {},
): AuthLimits {
  const settings: AuthLimitSettings = { ...AUTH_LIMIT_SETTINGS, ...opts.overrides };
  return Object.fromEntries(
    (Object.keys(settings) as AuthLimitName[]).map((name) => [
      name,
      new Limiter(name, settings[name], { redis: opts.redis, keyPrefix: opts.keyPrefix }),
    ]),
  ) as AuthLimits;
}
