import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AUTH_MESSAGES, RELEASE_MESSAGES, RELEASE_REMOTES, type DeployTokenRow } from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import { badRequest, HttpError, notFound, unauthorized } from '../../lib/http-errors';
import { recordAudit, type Actor, type AuditEntry } from '../audit/audit';

/** Tells a deploy token from an admin's session token at a glance (and to secret scanners). */
export const DEPLOY_TOKEN_PREFIX = 'bo_deploy_';

export interface DeployTokenUse {
  id: string;
  remote: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The deploy token a release call carried in place of an admin's session. */
    deployToken?: DeployTokenUse;
  }
}

const digest = (token: string) => crypto.createHash('sha256').update(token).digest();

export function knownRemote(remote: string): string {
  if (!RELEASE_REMOTES.includes(remote)) {
    throw badRequest(RELEASE_MESSAGES.unknownRemote, { remote: `One of ${RELEASE_REMOTES.join(', ')}` });
  }
  return remote;
}

const rowOf = (r: {
  id: string;
  remote: string;
  name: string;
  created_at: Date;
  created_by_email: string | null;
  last_used_at: Date | null;
}): DeployTokenRow => ({
  _id: r.id,
  remote: r.remote,
  name: r.name,
  createdAt: new Date(r.created_at).toISOString(),
  createdBy: r.created_by_email,
  lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
});

function listQuery(db: Kysely<DB>) {
  return db
    .selectFrom('deploy_tokens as t')
    .leftJoin('admins as a', 'a.id', 't.created_by')
    .select(['t.id', 't.remote', 't.name', 't.created_at', 't.last_used_at', 'a.email as created_by_email'])
    .where('t.revoked_at', 'is', null);
}

export async function listDeployTokens(db: Kysely<DB>): Promise<DeployTokenRow[]> {
  const rows = await listQuery(db).orderBy('t.remote').orderBy('t.created_at', 'desc').execute();
  return rows.map(rowOf);
}

/**
 * A remote team's credential: 32 random bytes, shown once, kept as a SHA-256 (a token is long and
 * random: a fast hash is enough, and it is looked up by it).
 */
export async function createDeployToken(
  db: Kysely<DB>,
  actor: Actor,
  input: { remote: string; name: string },
): Promise<{ token: string; deployToken: DeployTokenRow }> {
  const remote = knownRemote(input.remote);
  const name = input.name.trim();
  if (!name) throw badRequest('Name the token after where it is used', { name: 'Required' });
  const token = `${DEPLOY_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('deploy_tokens')
      .values({ remote, name, token_hash: digest(token), created_by: actor.adminId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      action: 'release.deployTokenCreated',
      actorId: actor.adminId,
      ip: actor.ip,
      recordType: 'deployToken',
      recordId: row.id,
      after: { remote, name },
    });
    return row.id;
  });
  const row = await listQuery(db).where('t.id', '=', id).executeTakeFirstOrThrow();
  return { token, deployToken: rowOf(row) };
}

export async function revokeDeployToken(db: Kysely<DB>, actor: Actor, id: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('deploy_tokens')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning(['remote', 'name'])
      .executeTakeFirst();
    if (!row) throw notFound(RELEASE_MESSAGES.unknownToken);
    await recordAudit(trx, {
      action: 'release.deployTokenRevoked',
      actorId: actor.adminId,
      ip: actor.ip,
      recordType: 'deployToken',
      recordId: id,
      before: { remote: row.remote, name: row.name },
    });
    return row.remote;
  });
}

/** The deploy token a request carries, if it is one that works; its use is noted (Setting → Releases). */
export async function resolveDeployToken(db: Kysely<DB>, token: string): Promise<DeployTokenUse> {
  const row = await db
    .updateTable('deploy_tokens')
    .set({ last_used_at: new Date() })
    .where('token_hash', '=', digest(token))
    .where('revoked_at', 'is', null)
    .returning(['id', 'remote', 'name'])
    .executeTakeFirst();
  if (!row) throw unauthorized(AUTH_MESSAGES.invalidToken);
  return row;
}

/**
 * Who is releasing, as the audit log and Setting → Releases name them: the admin (by email), or the
 * deploy token by its name and remote. A deploy token acts on its own remote only.
 */
export interface Releaser {
  name: string;
  audit: Pick<AuditEntry, 'actorId' | 'actorEmail' | 'ip'>;
  actor?: Actor;
}

export async function releaserOf(db: Kysely<DB>, request: FastifyRequest, remote: string): Promise<Releaser> {
  knownRemote(remote);
  const token = request.deployToken;
  if (token) {
    if (token.remote !== remote) throw new HttpError(403, RELEASE_MESSAGES.otherRemote);
    const name = `deploy token "${token.name}" (${token.remote})`;
    return { name, audit: { actorId: null, actorEmail: name, ip: request.ip } };
  }
  if (!request.admin) throw unauthorized(AUTH_MESSAGES.missingToken);
  const admin = await db
    .selectFrom('admins')
    .select('email')
    .where('id', '=', request.admin.id)
    .executeTakeFirstOrThrow();
  return {
    name: admin.email,
    audit: { actorId: request.admin.id, ip: request.ip },
    actor: { adminId: request.admin.id, ip: request.ip },
  };
}
