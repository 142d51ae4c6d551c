import { sql, type Kysely } from 'kysely';
import {
  CATALOG_MESSAGES,
  emit,
  type CreateNotificationBody,
  type NotificationListQuery,
  type NotificationRow,
} from '@backoffice/shared-api/contract';
import { peopleMatching } from '../people/user-list';
import { recordAudit, type Actor, type MarketplaceActor } from '../audit/audit';
import type { DB } from '../../db/schema';
import { foreignKeyViolation } from '../../lib/db-errors';
import { badRequest, notFound } from '../../lib/http-errors';
import {
  containsPattern,
  countRows,
  ilike,
  iso,
  listPage,
  listParamsOf,
  listPopulation,
  peopleSearchPageIds,
  type ListPage,
} from '../../lib/list';

/*
 * Notifications are the admins' shared inbox: one row per event and one read flag, so what one admin
 * marks read is read for every admin.
 */

const M = CATALOG_MESSAGES;

/** The notification and its sender, who may be missing (a system notice, or the user is gone). */
function withSender(db: Kysely<DB>) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as u', 'u.id', 'n.sender_id')
    .select([
      'n.id',
      'n.description',
      'n.type',
      'n.is_read',
      'n.created_at',
      'u.id as sender_id',
      'u.display_name',
      'u.user_name',
      'u.email',
      'u.main_profile_picture',
      'u.is_influencer',
    ]);
}

type Joined = Awaited<ReturnType<ReturnType<typeof withSender>['executeTakeFirstOrThrow']>>;

function toRow(r: Joined): NotificationRow {
  return {
    _id: r.id,
    description: r.description,
    type: r.type,
    isRead: r.is_read,
    createdAt: iso(r.created_at),
    userDetails: r.sender_id
      ? {
          _id: r.sender_id,
          displayName: r.display_name ?? '',
          userName: r.user_name ?? '',
          email: r.email ?? '',
          mainProfilePicture: r.main_profile_picture ?? '',
          isInfluencer: r.is_influencer ?? false,
        }
      : null,
  };
}

/**
 * Newest first by default (the notifications_created index, read backwards); `unread` keeps the
 * unread ones (the partial notifications_unread index). Search matches the description and the
 * sender's display and user names.
 */
export async function listNotifications(db: Kysely<DB>, q: NotificationListQuery): Promise<ListPage<NotificationRow>> {
  const p = listParamsOf(q);
  let filtered = db.selectFrom('notifications as n').leftJoin('users as u', 'u.id', 'n.sender_id');
  if (q.unread) filtered = filtered.where('n.is_read', '=', false);
  const { search } = p;
  if (search) {
    const pattern = containsPattern(search);
    // The description and the senders each through their own index (migration 0007), then merged.
    const senders = peopleMatching(db, search, { by: 'names', among: 'senders' });
    const matched = db
      .selectFrom('notifications')
      .select('id')
      .where(ilike('description', pattern))
      .union(db.selectFrom('notifications').select('id').where('sender_id', 'in', senders));
    filtered = filtered.where('n.id', 'in', matched);
  }
  return listPage({
    db,
    params: p,
    filtered,
    table: db.selectFrom('notifications as n').leftJoin('users as u', 'u.id', 'n.sender_id'),
    id: 'n.id',
    sort: [{ by: sql.ref('n.created_at') }, { by: sql.ref('n.id') }],
    rows: () => withSender(db),
    counted: search ? undefined : { list: 'notifications', status: q.unread ? 'false' : undefined },
    estimate: !search,
    dayColumn: 'n.created_at',
    // A search through the senders found first, merged with the descriptions that match.
    pageIds: search
      ? peopleSearchPageIds({
          people: peopleMatching(db, search, { by: 'names', among: 'senders' }),
          rows: () => {
            const all = db.selectFrom('notifications as n');
            return q.unread ? all.where('n.is_read', '=', false) : all;
          },
          personColumns: ['n.sender_id'],
          ownMatches: [(rows) => rows.where(ilike('n.description', containsPattern(search)))],
          sortColumn: 'n.created_at',
          id: 'n.id',
          population: listPopulation({ list: 'notifications' }),
        })
      : undefined,
    pageIdsCount: true,
    toRow: toRow,
  });
}

export async function getNotification(db: Kysely<DB>, id: string): Promise<NotificationRow> {
  const r = await withSender(db).where('n.id', '=', id).executeTakeFirst();
  if (!r) throw notFound(M.notificationNotFound);
  return toRow(r);
}

export const unreadCount = (db: Kysely<DB>) => countRows(db.selectFrom('notifications').where('is_read', '=', false));

/**
 * Marks one read. `changed` is false when it already was, so that nobody is told twice. The inbox
 * is shared, so who marked what read is recorded (with the change; nothing when nothing changed).
 */
export async function markNotificationRead(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
): Promise<{ row: NotificationRow; changed: boolean }> {
  const updated = await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('notifications')
      .set({ is_read: true })
      .where('id', '=', id)
      .where('is_read', '=', false)
      .returning('id')
      .executeTakeFirst();
    if (marked) {
      await recordAudit(trx, {
        action: 'notification.read',
        actorId: actor.adminId,
        ip: actor.ip,
        recordType: 'notification',
        recordId: id,
        before: { isRead: false },
        after: { isRead: true, count: 1 },
      });
    }
    return marked;
  });
  return { row: await getNotification(db, id), changed: Boolean(updated) };
}

/** How many were unread and are read now, and how many are unread after (one posted meanwhile). */
export async function markAllNotificationsRead(
  db: Kysely<DB>,
  actor: Actor,
): Promise<{ updated: number; unReadCount: number }> {
  const updated = await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('notifications')
      .set({ is_read: true })
      .where('is_read', '=', false)
      .executeTakeFirst();
    const count = Number(r.numUpdatedRows);
    if (count > 0) {
      await recordAudit(trx, {
        action: 'notification.read',
        actorId: actor.adminId,
        ip: actor.ip,
        recordType: 'notification',
        recordId: null,
        after: { all: true, count },
      });
    }
    return count;
  });
  return { updated, unReadCount: await unreadCount(db) };
}

export interface Notice {
  /** snake_case, as the contract's type pattern wants it: 'influencer_request', 'payout_request'… */
  type?: string;
  senderId?: string | null;
  /** Holds {{senderName}} where the sender's display name goes (spec section 3). */
  description: string;
  /** The marketplace call it comes from: the audit log names the key that filed it. */
  filedBy: MarketplaceActor;
}

const senderNotFound = () => badRequest(M.senderNotFound, { senderId: M.senderNotFound });

/** Stores a notification for the admins; replies it as listed, with the event that tells them. */
export async function notifyAdmins(db: Kysely<DB>, notice: Notice) {
  const description = notice.description.trim();
  if (!description) throw badRequest(M.descriptionRequired, { description: M.descriptionRequired });
  const senderId = notice.senderId ?? null;
  if (senderId) {
    const sender = await db.selectFrom('users').select('id').where('id', '=', senderId).executeTakeFirst();
    if (!sender) throw senderNotFound();
  }
  let id: string;
  try {
    id = await db.transaction().execute(async (trx) => {
      const type = notice.type ?? 'general';
      const filed = await trx
        .insertInto('notifications')
        .values({ description, type, sender_id: senderId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        action: 'notification.created',
        actorId: null,
        actorEmail: notice.filedBy.actorEmail,
        ip: notice.filedBy.ip,
        recordType: 'notification',
        recordId: filed.id,
        after: { type, senderId, description },
      });
      return filed.id;
    });
  } catch (err) {
    // the sender was deleted between the check and the insert
    if (foreignKeyViolation(err)) throw senderNotFound();
    throw err;
  }
  const row = await getNotification(db, id);
  return { row, events: [emit('notificationCreated', row)] };
}

export const createNotification = (db: Kysely<DB>, body: CreateNotificationBody, filedBy: MarketplaceActor) =>
  notifyAdmins(db, { description: body.description, type: body.type, senderId: body.senderId, filedBy });
