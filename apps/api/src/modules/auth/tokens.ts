import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { isUuid } from '@backoffice/shared-api/contract';
import { parseMarketplaceKey, type MarketplaceKey } from './marketplace-signature';

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

const ALGORITHM = 'HS256';
/** Longer than any token this server signs; a header of megabytes is not worth parsing. */
const MAX_TOKEN_LENGTH = 2048;

export async function signToken(secret: Buffer, claims: TokenClaims): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(secret);
}

/**
 * The claims of a well-signed, unexpired token; null for anything else. jose checks the signature
 * (constant-time), the algorithm (only HS256: no "none", no key confusion) and the expiry.
 */
export async function verifyToken(
  secret: Buffer,
  token: string,
  nowSeconds = Date.now() / 1000,
): Promise<TokenClaims | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      currentDate: new Date(nowSeconds * 1000),
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      clockTolerance: 0,
    });
    const { sub, sid, exp, iat } = payload;
    if (!isUuid(String(sub)) || !isUuid(String(sid)) || typeof exp !== 'number' || typeof iat !== 'number') {
      return null;
    }
    return { sub: String(sub), sid: String(sid), exp, iat };
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
 * Where a secret comes from when it is not configured: a file generated in this instance's data
 * directory. On PostgreSQL several instances may share the database and each would generate its own,
 * so a session signed by one (or a marketplace call signed with one's key) would be refused by the
 * next: there the secret must be configured, and the start refuses without it.
 */
function ownSecret(dataDir: string, name: string, variable: string, databaseUrl: string | undefined): string {
  if (databaseUrl) {
    throw new Error(
      `${variable} is required with DATABASE_URL: every instance on the database must share it ` +
        '(an instance that generated its own would refuse what the others accept).',
    );
  }
  return generatedSecret(dataDir, name);
}

/** The signing secret of sessions: AUTH_SECRET, or one generated in the data directory (embedded only). */
export function loadSigningSecret(authSecret: string | undefined, dataDir: string, databaseUrl?: string): Buffer {
  if (authSecret) {
    if (authSecret.length < 32) throw new Error('AUTH_SECRET must be at least 32 characters long');
    return Buffer.from(authSecret, 'utf8');
  }
  return Buffer.from(ownSecret(dataDir, 'auth-secret', 'AUTH_SECRET', databaseUrl), 'utf8');
}

/**
 * The keys the marketplace signs its calls with: MARKETPLACE_API_KEY (several, comma-separated,
 * while one is rotated; `id:secret` or a bare secret) or, on the embedded database when unset, one
 * generated on first start and kept in the data directory (DATA_DIR/marketplace-key) for the
 * marketplace's operator to copy from there. Never logged.
 */
export function loadMarketplaceKeys(
  configured: readonly string[],
  dataDir: string,
  databaseUrl?: string,
): MarketplaceKey[] {
  const entries = configured.length
    ? configured
    : [ownSecret(dataDir, 'marketplace-key', 'MARKETPLACE_API_KEY', databaseUrl)];
  return entries.map(parseMarketplaceKey);
}

/** A random secret kept in a file of its own in the data directory, created owner-only once. */
function generatedSecret(dataDir: string, name: string): string {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, name);
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`The secret in ${file} is damaged; delete it to make a new one`);
  return secret;
}
