import type { FastifyInstance } from 'fastify';
import { SOCKET_EVENTS, endpoints } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
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
    route(app, endpoints.getAllNotifications, async (req) => {
      const { rows, ...total } = await listNotifications(ctx.db, req.query);
      return { message: 'Notifications', data: rows, ...total };
    });
    route(app, endpoints.getUnreadNotificationCount, async () => ({
      message: 'Unread notifications',
      data: { unReadCount: await unreadCount(ctx.db) },
    }));
    route(app, endpoints.markNotificationRead, async (req) => {
      const { row, changed } = await markNotificationRead(ctx.db, req.query.id);
      if (changed) {
        ctx.realtime.toAdmins(SOCKET_EVENTS.notificationsRead, {
          _id: row._id,
          unReadCount: await unreadCount(ctx.db),
        });
      }
      return { message: changed ? 'Notification marked as read' : 'Notification already read', data: row };
    });
    route(app, endpoints.markAllNotificationsRead, async () => {
      const data = await markAllNotificationsRead(ctx.db);
      if (data.updated > 0) ctx.realtime.toAdmins(SOCKET_EVENTS.notificationsRead, { unReadCount: data.unReadCount });
      return { message: 'All notifications marked as read', data };
    });
    route(app, endpoints.createNotification, async (req) => ({
      message: 'Notification posted',
      data: await createNotification(ctx, req.body),
    }));
  };
}
