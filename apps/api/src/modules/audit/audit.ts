import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { AUTH_MESSAGES } from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import { unauthorized } from '../../lib/http-errors';

/** One line of the audit log. before/after hold only what changed, in the contract's field names. */
export interface AuditEntry {
  action: string;
  actorId: string | null;
  /**
   * Who it was: the admin's email, looked up from actorId when not given; the email asked for by
   * someone not signed in; or for the marketplace, the key that filed it (MarketplaceActor).
   */
  actorEmail?: string | null;
  recordType?: string | null;
  recordId?: string | null;
  ip?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The admin making a change and the address it came from, as a handler passes them down. */
export interface Actor {
  adminId: string;
  ip: string;
}

/** Who filed a record through a 'marketplace' endpoint: the key, by its id, and the address. */
export interface MarketplaceActor {
  /** As the log's actor_email shows it: "marketplace key 1a2b3c4d". */
  actorEmail: string;
  ip: string;
}

/** The marketplace credential of a 'marketplace' endpoint's request (see marketplaceAuthenticator). */
export function marketplaceActorOf(request: FastifyRequest): MarketplaceActor {
  if (!request.marketplaceKeyId) throw unauthorized(AUTH_MESSAGES.missingMarketplaceCredential);
  return { actorEmail: `marketplace key ${request.marketplaceKeyId}`, ip: request.ip };
}

/** The signed-in admin of an 'admin' endpoint; a change cannot be recorded without one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.admin) throw unauthorized(AUTH_MESSAGES.missingToken);
  return { adminId: request.admin.id, ip: request.ip };
}

/**
 * Names that must never reach the log. Callers pass only the fields an admin changed, and none of
 * those is a secret; this is the last defence should one ever be passed by mistake.
 */
const SECRET_KEY = /password|token|secret|hash/i;

/**
 * A picture sent inline (a data: URL of up to 200,000 characters) is named, not copied: the log
 * says that it changed, and stays small enough to read and to keep for years.
 */
const INLINE_DATA = /^data:([^;,]*)[;,]/;
const INLINE_DATA_KEPT = 256;

function scrub(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && value.length > INLINE_DATA_KEPT) {
    const data = INLINE_DATA.exec(value);
    if (data) return `[${data[1] || 'data'}, ${value.length.toLocaleString('en-US')} characters]`;
  }
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (!SECRET_KEY.test(key) && v !== undefined) out[key] = scrub(v);
    }
    return out;
  }
  return value;
}

function json(value: Record<string, unknown> | null | undefined): string | null {
  return value ? JSON.stringify(scrub(value)) : null;
}

/**
 * Appends one entry. Pass the transaction of the change itself, so that the change and its entry
 * are written together or not at all.
 */
export async function recordAudit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry): Promise<void> {
  const actorId = entry.actorId ?? null;
  const actorEmail =
    entry.actorEmail !== undefined || actorId === null
      ? sql<string | null>`${entry.actorEmail ?? null}::text`
      : sql<string | null>`(SELECT email::text FROM admins WHERE id = ${actorId}::uuid)`;
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actorId,
      actor_email: actorEmail,
      action: entry.action,
      record_type: entry.recordType ?? null,
      record_id: entry.recordId ?? null,
      ip: entry.ip ?? null,
      before: json(entry.before),
      after: json(entry.after),
    })
    .execute();
}

// JSON, so that a Date and its ISO text compare equal, as they are stored.
const comparable = (value: unknown): string => JSON.stringify(value ?? null);

/**
 * The fields that differ between two views of a record, each side holding only those fields: what an
 * auditor reads as "from … to …". A field missing from `after` was not part of the change.
 */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const diff = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of Object.keys(after)) {
    if (after[key] === undefined) continue;
    if (comparable(before[key]) === comparable(after[key])) continue;
    diff.before[key] = before[key] ?? null;
    diff.after[key] = after[key];
  }
  return diff;
}

/**
 * Records an edit as the fields it changed (see `changes`), in the edit's transaction; an edit that
 * changed nothing records nothing.
 */
export async function recordChanges(
  db: Kysely<DB> | Transaction<DB>,
  entry: Omit<AuditEntry, 'before' | 'after'>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<void> {
  const diff = changes(before, after);
  if (Object.keys(diff.after).length) await recordAudit(db, { ...entry, ...diff });
}
