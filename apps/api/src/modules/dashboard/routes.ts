import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { adminOf } from '../auth/authenticate';
import { dashboardSummary, dashboardZone } from './dashboard';

export function dashboardRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, 'getDashboard', async (req) => {
      const timeZone = await dashboardZone(ctx.db, adminOf(req), req.query.timeZone);
      // the request's logger, so that a figure that failed is logged with the request it belongs to
      return { message: ADMIN_MESSAGES.dashboard, data: await dashboardSummary(ctx.db, req.log, timeZone) };
    });
  };
}
