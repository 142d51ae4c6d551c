import type { FastifyInstance } from 'fastify';
import { emit } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { actorOf, marketplaceActorOf } from '../audit/audit';
import {
  createNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadCount,
} from './notifications';

/** The admins' shared inbox: what one admin marks read is read for all of them. */
export function notificationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, 'getAllNotifications', async (req) => {
      const { rows, ...total } = await listNotifications(ctx.db, req.query);
      return { message: 'Notifications', data: rows, ...total };
    });
    route(app, 'getUnreadNotificationCount', async () => ({
      message: 'Unread notifications',
      data: { unReadCount: await unreadCount(ctx.db) },
    }));
    route(app, 'markNotificationRead', async (req) => {
      const { row, changed } = await markNotificationRead(ctx.db, actorOf(req), req.query.id);
      return {
        message: changed ? 'Notification marked as read' : 'Notification already read',
        data: row,
        events: changed ? [emit('notificationsRead', { _id: row._id, unReadCount: await unreadCount(ctx.db) })] : [],
      };
    });
    route(app, 'markAllNotificationsRead', async (req) => {
      const data = await markAllNotificationsRead(ctx.db, actorOf(req));
      return {
        message: 'All notifications marked as read',
        data,
        events: data.updated > 0 ? [emit('notificationsRead', { unReadCount: data.unReadCount })] : [],
      };
    });
    route(app, 'createNotification', async (req) => {
      const { row, events } = await createNotification(ctx.db, req.body, marketplaceActorOf(req));
      return { message: 'Notification posted', data: row, events };
    });
  };
}
