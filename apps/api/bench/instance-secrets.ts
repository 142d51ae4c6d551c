import crypto from 'node:crypto';

/**
 * What every instance on one PostgreSQL database must share, and the server refuses to start there
 * without: made once per benchmark run, so its instances agree with each other and with nothing else.
 */
export const SHARED_SECRETS = {
  AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
  MARKETPLACE_API_KEY: `bench:${crypto.randomBytes(32).toString('hex')}`,
};
