import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  AUTH_MESSAGES,
  endpoints,
  type AvailabilityStatus,
  type Endpoint,
  type Permission,
} from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import { HttpError, unauthorized } from '../../lib/http-errors';
import type { Authenticator } from '../../plugins/routes';
import { verifyToken } from './tokens';
import { allows, permissionsOf } from '../admins/roles';
import { touchSession } from '../admins/sessions';
import { DEPLOY_TOKEN_PREFIX, resolveDeployToken } from '../releases/deploy-tokens';
import type { MarketplaceCalls } from './marketplace-calls';
import {
  readSignedHeaders,
  SIGNATURE_MESSAGES,
  signatureHolds,
  type MarketplaceKey,
  type SignedHeaders,
} from './marketplace-signature';

export interface AuthenticatedAdmin {
  id: string;
  /** As stored when the token was checked: a stage names its admins by email. */
  email: string;
  sessionId: string;
  /** As stored when the token was checked: the socket tells a new tab whether its admin is available. */
  availabilityStatus: AvailabilityStatus;
  /** When the session ends: a socket is dropped then, not left listening on an expired token. */
  expiresAt: Date;
  /** Signed in with the documented default password: only a password change may follow. */
  passwordChangeRequired: boolean;
  /** Signed in with a password alone to a role that needs a second factor: only enrolling may follow. */
  secondFactorEnrollmentRequired: boolean;
  /** What the admin's role grants, read with the session on every request: a change applies at once. */
  permissions: Permission[];
  roleId: string;
  /** When the session last made a request, to the minute (admins/sessions.ts touchSession). */
  lastSeenAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AuthenticatedAdmin;
    /** The id of the marketplace key that signed the call, once its signature has held. */
    marketplaceKeyId?: string;
    /** A marketplace call's signature headers, read before the body and checked after it. */
    marketplaceSignature?: SignedHeaders;
    /** The body as it came, for the signature over it (marketplace calls only). */
    rawBody?: string;
  }
}

/** Whether a role that calls for a second factor requires it here, or only offers it (config.secondFactor). */
export type SecondFactorPolicy = 'required' | 'offered';

/**
 * A token is good when its signature holds, it has not expired, its session is not revoked and its
 * admin is active. The admin's role comes in the same query, so what the role grants is read fresh
 * on every request (one join of the session's lookup, by primary keys). So is whether the session
 * must enrol a second factor first: a session opened with a password alone whose admin has since
 * been given a role that needs one (or whose role has since come to need one) can do nothing else,
 * rather than move money on the password it signed in with.
 */
export async function resolveToken(
  db: Kysely<DB>,
  secret: Buffer,
  token: string,
  policy: SecondFactorPolicy,
): Promise<AuthenticatedAdmin | null> {
  const claims = await verifyToken(secret, token);
  if (!claims) return null;
  const session = await db
    .selectFrom('admin_sessions as s')
    .innerJoin('admins as a', 'a.id', 's.admin_id')
    .innerJoin('roles as r', 'r.id', 'a.role_id')
    .select([
      's.id',
      's.admin_id',
      's.expires_at',
      's.password_change_required',
      's.second_factor_enrollment_required',
      's.last_seen_at',
      'a.email',
      'a.availability_status',
      'a.role_id',
      'a.totp_enabled_at',
      'r.key as role_key',
      'r.permissions',
      'r.requires_second_factor',
    ])
    .where('s.id', '=', claims.sid)
    .where('s.admin_id', '=', claims.sub)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .where('a.status', '=', 'active')
    .executeTakeFirst();
  return session
    ? {
        id: session.admin_id,
        email: session.email,
        sessionId: session.id,
        availabilityStatus: session.availability_status,
        expiresAt: new Date(session.expires_at),
        passwordChangeRequired: session.password_change_required,
        secondFactorEnrollmentRequired:
          session.second_factor_enrollment_required ||
          (policy === 'required' && session.requires_second_factor && session.totp_enabled_at === null),
        permissions: permissionsOf({ key: session.role_key, permissions: session.permissions }),
        roleId: session.role_id,
        lastSeenAt: new Date(session.last_seen_at),
      }
    : null;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** What a session that must first change the default password may still do. */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set<Endpoint>([
  endpoints.changePassword,
  endpoints.logout,
  endpoints.getUserProfile,
]);

/** What a session that must first enrol a second factor may still do. */
export const ALLOWED_BEFORE_ENROLLMENT = new Set<Endpoint>([
  endpoints.logout,
  endpoints.getUserProfile,
  endpoints.startSecondFactorEnrollment,
  endpoints.confirmSecondFactorEnrollment,
]);

const forbidden = (message: string) => new HttpError(403, message);

/** The bearer-token check of every 'admin' endpoint. */
export function adminAuthenticator(db: Kysely<DB>, secret: Buffer, policy: SecondFactorPolicy): Authenticator {
  return async (request, endpoint) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(AUTH_MESSAGES.missingToken);
    // A remote team's deploy token, on the release calls that take one (the handler checks its remote).
    if (token.startsWith(DEPLOY_TOKEN_PREFIX) && endpoint.deployToken) {
      request.deployToken = await resolveDeployToken(db, token);
      return;
    }
    const admin = await resolveToken(db, secret, token, policy);
    if (!admin) throw unauthorized(AUTH_MESSAGES.invalidToken);
    touchSession(db, admin, request.log);
    if (admin.passwordChangeRequired && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(endpoint)) {
      throw forbidden(AUTH_MESSAGES.passwordChangeRequired);
    }
    if (admin.secondFactorEnrollmentRequired && !ALLOWED_BEFORE_ENROLLMENT.has(endpoint)) {
      throw forbidden(AUTH_MESSAGES.secondFactorEnrollmentRequired);
    }
    // Deny by default: route registration refuses an admin endpoint that names no permission.
    if (endpoint.auth === 'admin' && !allows(admin.permissions, endpoint.permission)) {
      throw forbidden(AUTH_MESSAGES.noPermission);
    }
    request.admin = admin;
    // Every later line of this request names who made it.
    request.log = request.log.child({ adminId: admin.id });
  };
}

/**
 * The credential of the marketplace's own calls (filing influencer requests, payout requests and
 * notifications): a signature with one of the configured keys (marketplace-signature.ts). An admin's
 * bearer token is refused outright, whether or not a signature comes with it: an admin must not be
 * able to file a payout request and then approve it.
 *
 * Two steps: before the body is read, the headers (key id, clock, nonce's form), so a request
 * without a credential never learns the schema's field rules; once the raw body is in, the
 * signature over it and then the nonce, recorded in the database so that no instance accepts the
 * same request twice.
 */
export function marketplaceAuthenticator(keys: readonly MarketplaceKey[], calls: MarketplaceCalls): Authenticator {
  const byId = new Map(keys.map((k) => [k.id, k]));
  const check: Authenticator = async (request) => {
    if (request.headers.authorization) throw forbidden(AUTH_MESSAGES.adminSessionRefused);
    const signed = readSignedHeaders(request.headers, byId);
    if ('refused' in signed) throw unauthorized(signed.refused);
    request.marketplaceSignature = signed;
  };
  check.afterBody = async (request) => {
    const signed = request.marketplaceSignature;
    if (!signed) throw unauthorized(SIGNATURE_MESSAGES.missing);
    const body = request.rawBody ?? '';
    if (!signatureHolds(signed, { method: request.method, path: request.url, body })) {
      throw unauthorized(SIGNATURE_MESSAGES.mismatch);
    }
    if (!(await calls.firstUse(signed.key.id, signed.nonce))) throw unauthorized(SIGNATURE_MESSAGES.replayed);
    request.marketplaceKeyId = signed.key.id;
  };
  return check;
}

/** The admin the authenticate hook found; a route that records who acted cannot run without one. */
export function adminOf(request: FastifyRequest): string {
  if (!request.admin) throw unauthorized(AUTH_MESSAGES.missingToken);
  return request.admin.id;
}
