import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AUTH_MESSAGES, type AvailabilityStatus } from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import { unauthorized } from '../../lib/http-errors';
import { verifyToken } from './tokens';

export interface AuthenticatedAdmin {
  id: string;
  sessionId: string;
  /** As stored when the token was checked: the socket tells a new tab whether its admin is available. */
  availabilityStatus: AvailabilityStatus;
}

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AuthenticatedAdmin;
  }
}

/** A token is good when its signature holds, it has not expired, and its session is not revoked. */
export async function resolveToken(db: Kysely<DB>, secret: Buffer, token: string): Promise<AuthenticatedAdmin | null> {
  const claims = verifyToken(secret, token);
  if (!claims) return null;
  const session = await db
    .selectFrom('admin_sessions as s')
    .innerJoin('admins as a', 'a.id', 's.admin_id')
    .select(['s.id', 's.admin_id', 'a.availability_status'])
    .where('s.id', '=', claims.sid)
    .where('s.admin_id', '=', claims.sub)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  return session
    ? { id: session.admin_id, sessionId: session.id, availabilityStatus: session.availability_status }
    : null;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function authenticator(db: Kysely<DB>, secret: Buffer) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(AUTH_MESSAGES.missingToken);
    const admin = await resolveToken(db, secret, token);
    if (!admin) throw unauthorized(AUTH_MESSAGES.invalidToken);
    request.admin = admin;
  };
}

/** The admin the authenticate hook found; a route that records who acted cannot run without one. */
export function adminOf(request: FastifyRequest): string {
  if (!request.admin) throw unauthorized(AUTH_MESSAGES.missingToken);
  return request.admin.id;
}
