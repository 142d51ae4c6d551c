import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isUuid } from '@backoffice/shared-api/contract';

/**
 * Bearer tokens are HS256 JWTs naming a server-side session. The signature rejects forged or
 * mangled tokens without a query; the session row is what logout and password changes revoke.
 */
export interface TokenClaims {
  /** admin id */
  sub: string;
  /** session id */
  sid: string;
  /** expiry, seconds since the epoch */
  exp: number;
  iat: number;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signToken(secret: Buffer, claims: TokenClaims): string {
  const body = `${HEADER}.${b64url(JSON.stringify(claims))}`;
  const sig = crypto.createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${sig}`;
}

/** The claims of a well-signed, unexpired token; null for anything else. */
export function verifyToken(secret: Buffer, token: string, nowSeconds = Date.now() / 1000): TokenClaims | null {
  if (token.length > 2048) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = crypto.createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as TokenClaims;
    if (!isUuid(String(claims.sub)) || !isUuid(String(claims.sid)) || typeof claims.exp !== 'number') return null;
    return claims.exp > nowSeconds ? claims : null;
  } catch {
    return null;
  }
}

/** Reset tokens: 256 random bits, only their SHA-256 is stored. */
export function newResetToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashResetToken(token) };
}

export const hashResetToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * The signing secret: AUTH_SECRET when set (required for several instances), otherwise one
 * generated on first start and kept in the data directory, readable by its owner only.
 */
export function loadSigningSecret(authSecret: string | undefined, dataDir: string): Buffer {
  if (authSecret) {
    if (authSecret.length < 32) throw new Error('AUTH_SECRET must be at least 32 characters long');
    return Buffer.from(authSecret, 'utf8');
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'auth-secret');
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`The signing secret in ${file} is damaged; delete it to make a new one`);
  return Buffer.from(secret, 'utf8');
}
