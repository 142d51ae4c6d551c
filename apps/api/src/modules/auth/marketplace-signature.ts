import crypto from 'node:crypto';

/**
 * How the marketplace signs its calls: HMAC-SHA256, with one of the configured keys, over the
 * method, the path (with its query), a timestamp, a nonce and the raw body, each on its own line.
 * A static key in a header can be replayed by whoever sees one request (a proxy's log, a debugging
 * dump); a signature binds the credential to one request, the timestamp bounds how long it can be
 * replayed, and the nonce (kept by the server past that bound) refuses the replay inside it.
 *
 * This file is also the reference client: `signMarketplaceRequest` is what the marketplace runs
 * (the tests and benchmarks call the API with it), so the two sides cannot drift apart.
 */
export const MARKETPLACE_HEADERS = {
  keyId: 'x-marketplace-key-id',
  timestamp: 'x-marketplace-timestamp',
  nonce: 'x-marketplace-nonce',
  signature: 'x-marketplace-signature',
} as const;

/** The static key header of earlier releases: refused with a message that says what to send instead. */
export const LEGACY_KEY_HEADER = 'x-marketplace-key';

/** How far a request's timestamp may be from the server's clock, either way. */
export const MARKETPLACE_MAX_SKEW_SECONDS = 5 * 60;

/** A key as configured: its id travels with each request, its secret never does. */
export interface MarketplaceKey {
  id: string;
  secret: string;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * MARKETPLACE_API_KEY entries: `id:secret` names a key (the id is what requests and the audit log
 * carry), a bare secret is named by the first 8 hex characters of its SHA-256 (as the audit log
 * named keys before ids existed). Several entries while one is rotated.
 */
export function parseMarketplaceKey(entry: string): MarketplaceKey {
  const named = /^([A-Za-z0-9_-]{1,32}):(.+)$/.exec(entry);
  if (named?.[1] && named[2] && named[2].length >= 32) return { id: named[1], secret: named[2] };
  return { id: crypto.createHash('sha256').update(entry).digest('hex').slice(0, 8), secret: entry };
}

export function signatureOf(
  secret: string,
  parts: { method: string; path: string; timestamp: string; nonce: string; body: string | Buffer },
): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${parts.method.toUpperCase()}\n${parts.path}\n${parts.timestamp}\n${parts.nonce}\n`)
    .update(parts.body)
    .digest('hex');
}

/** The headers of one signed marketplace call: what a marketplace client sends. */
export function signMarketplaceRequest(
  key: MarketplaceKey,
  request: { method: string; path: string; body?: string | Buffer; now?: Date; nonce?: string },
): Record<string, string> {
  const timestamp = String(Math.floor((request.now ?? new Date()).getTime() / 1000));
  const nonce = request.nonce ?? crypto.randomBytes(16).toString('base64url');
  return {
    [MARKETPLACE_HEADERS.keyId]: key.id,
    [MARKETPLACE_HEADERS.timestamp]: timestamp,
    [MARKETPLACE_HEADERS.nonce]: nonce,
    [MARKETPLACE_HEADERS.signature]: signatureOf(key.secret, {
      method: request.method,
      path: request.path,
      timestamp,
      nonce,
      body: request.body ?? '',
    }),
  };
}

/** Why a signed call is refused, in words a marketplace developer can act on. */
export const SIGNATURE_MESSAGES = {
  missing:
    'Marketplace signature required: send X-Marketplace-Key-Id, X-Marketplace-Timestamp, X-Marketplace-Nonce and X-Marketplace-Signature',
  legacyKey:
    'X-Marketplace-Key alone is no longer accepted: sign the call (X-Marketplace-Key-Id, X-Marketplace-Timestamp, X-Marketplace-Nonce, X-Marketplace-Signature)',
  unknownKey: 'Unknown marketplace key id',
  badNonce: 'X-Marketplace-Nonce must be 16 to 64 letters, digits, - or _',
  stale: `X-Marketplace-Timestamp must be the current time in seconds since 1970, within ${MARKETPLACE_MAX_SKEW_SECONDS / 60} minutes of the server's clock`,
  mismatch: 'Marketplace signature does not match the request',
  replayed: 'This marketplace request was already received (its nonce was used before)',
} as const;

export interface SignedHeaders {
  key: MarketplaceKey;
  timestamp: string;
  nonce: string;
  signature: Buffer;
}

/**
 * The checks that need no body, made before it is read: the headers are there, the key is one of
 * ours, the clock is near. Returns the refusal's message, or the parts to verify once the body is in.
 */
export function readSignedHeaders(
  headers: Record<string, string | string[] | undefined>,
  keys: ReadonlyMap<string, MarketplaceKey>,
  now = Date.now(),
): SignedHeaders | { refused: string } {
  const one = (name: string) => {
    const v = headers[name];
    return typeof v === 'string' && v ? v : undefined;
  };
  const keyId = one(MARKETPLACE_HEADERS.keyId);
  const timestamp = one(MARKETPLACE_HEADERS.timestamp);
  const nonce = one(MARKETPLACE_HEADERS.nonce);
  const signature = one(MARKETPLACE_HEADERS.signature);
  if (!keyId || !timestamp || !nonce || !signature) {
    return { refused: one(LEGACY_KEY_HEADER) ? SIGNATURE_MESSAGES.legacyKey : SIGNATURE_MESSAGES.missing };
  }
  const key = KEY_ID.test(keyId) ? keys.get(keyId) : undefined;
  if (!key) return { refused: SIGNATURE_MESSAGES.unknownKey };
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > MARKETPLACE_MAX_SKEW_SECONDS) {
    return { refused: SIGNATURE_MESSAGES.stale };
  }
  if (!NONCE.test(nonce)) return { refused: SIGNATURE_MESSAGES.badNonce };
  if (!/^[0-9a-f]{64}$/i.test(signature)) return { refused: SIGNATURE_MESSAGES.mismatch };
  return { key, timestamp, nonce, signature: Buffer.from(signature, 'hex') };
}

/** Whether the signature is the key's over this request, compared in constant time. */
export function signatureHolds(
  signed: SignedHeaders,
  request: { method: string; path: string; body: string | Buffer },
): boolean {
  const expected = Buffer.from(
    signatureOf(signed.key.secret, { ...request, timestamp: signed.timestamp, nonce: signed.nonce }),
    'hex',
  );
  return crypto.timingSafeEqual(expected, signed.signature);
}
