import Bowser from 'bowser';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_TEAM_MESSAGES, type AdminSessionRow } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { iso } from '../../lib/list';
import { recordAudit, type Actor } from '../audit/audit';

const UNKNOWN_BROWSER = 'Unknown browser';

/**
 * What the Sessions list names a session by, from the User-Agent it signed in with: "Chrome 131 on
 * Linux". Parsed when read rather than stored, so a newer parser names old sessions better too.
 */
export function describeUserAgent(userAgent: string): string {
  if (!userAgent.trim()) return UNKNOWN_BROWSER;
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(userAgent);
  } catch {
    return UNKNOWN_BROWSER; // a header is client input: whatever it holds, the list still shows
  }
  const name = parsed.browser.name;
  const major = parsed.browser.version?.split('.')[0];
  const browser = name ? (major ? `${name} ${major}` : name) : UNKNOWN_BROWSER;
  return parsed.os.name ? `${browser} on ${parsed.os.name}` : browser;
}

/** An admin's sessions that still work (neither revoked nor expired), newest first. */
export async function listSessions(
  db: Kysely<DB>,
  adminId: string,
  currentSessionId: string,
): Promise<AdminSessionRow[]> {
  const rows = await db
    .selectFrom('admin_sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at', 'expires_at'])
    .where('admin_id', '=', adminId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((s) => ({
    _id: s.id,
    browser: describeUserAgent(s.user_agent),
    address: s.ip,
    signedInAt: iso(s.created_at),
    lastSeenAt: iso(s.last_seen_at),
    expiresAt: iso(s.expires_at),
    current: s.id === currentSessionId,
  }));
}

const MINUTE_MS = 60_000;

/**
 * Notes that a session made a request, at most once a minute. The session's lookup read when it was
 * last seen, so a request within the minute sends no statement at all; past it, the condition lets
 * one of the requests of an instant (or of several instances) write. Not awaited by the request; a
 * failure is logged and costs only a less recent "last seen".
 */
export function touchSession(
  db: Kysely<DB>,
  session: { sessionId: string; lastSeenAt: Date },
  log: FastifyBaseLogger,
): void {
  if (Date.now() - session.lastSeenAt.getTime() < MINUTE_MS) return;
  db.updateTable('admin_sessions')
    .set({ last_seen_at: sql<Date>`now()` })
    .where('id', '=', session.sessionId)
    .where('last_seen_at', '<', sql<Date>`now() - interval '1 minute'`)
    .execute()
    .catch((err: unknown) => log.error({ err }, "the session's last-seen time could not be saved"));
}

/** A session ended by an admin (their own, or as an Owner any admin's). */
interface Revoked {
  id: string;
  adminId: string;
}

/**
 * Ends sessions that still work, each audited, and drops their sockets once committed. `which`
 * narrows the sessions: by id, by owner, all but one.
 */
async function revoke(
  ctx: AppContext,
  actor: Actor,
  which: { id?: string; adminId?: string; exceptId?: string },
): Promise<Revoked[]> {
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('admin_sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`);
    if (which.id) q = q.where('id', '=', which.id);
    if (which.adminId) q = q.where('admin_id', '=', which.adminId);
    if (which.exceptId) q = q.where('id', '!=', which.exceptId);
    const rows = await q.returning(['id', 'admin_id']).execute();
    for (const s of rows) {
      await recordAudit(trx, {
        action: 'auth.sessionRevoked',
        actorId: actor.adminId,
        recordType: 'admin',
        recordId: s.admin_id,
        ip: actor.ip,
        after: { sessionId: s.id },
      });
    }
    return rows.map((s) => ({ id: s.id, adminId: s.admin_id }));
  });
  for (const s of revoked) ctx.realtime.disconnectSession(s.id);
  return revoked;
}

/**
 * Ends one of the signed-in admin's own sessions. Another admin's session is "not found" to them
 * (404, never 403): whether it exists is none of their business.
 */
export async function revokeOwnSession(ctx: AppContext, actor: Actor, sessionId: string): Promise<void> {
  const [ended] = await revoke(ctx, actor, { id: sessionId, adminId: actor.adminId });
  if (!ended) throw notFound(ADMIN_TEAM_MESSAGES.sessionNotFound);
}

/** Ends every session of the signed-in admin's but the one asking; how many it ended. */
export async function revokeOtherSessions(ctx: AppContext, actor: Actor, currentSessionId: string): Promise<number> {
  return (await revoke(ctx, actor, { adminId: actor.adminId, exceptId: currentSessionId })).length;
}

/** Ends any admin's session (admins.manage); whose it was, for the event to their tabs. */
export async function revokeAnySession(ctx: AppContext, actor: Actor, sessionId: string): Promise<string> {
  const [ended] = await revoke(ctx, actor, { id: sessionId });
  if (!ended) throw notFound(ADMIN_TEAM_MESSAGES.sessionNotFound);
  return ended.adminId;
}
