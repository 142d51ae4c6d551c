import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { getCall, listCalls } from './calls';

/** Video calls: the list and one call with its transactions and refunds (read only). */
export function callRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, 'getAllCalls', async (req) => {
      const { rows, ...total } = await listCalls(ctx.db, req.query);
      return { message: 'Video calls', data: rows, ...total };
    });
    route(app, 'getCallDetail', async (req) => ({
      message: 'Video call',
      data: await getCall(ctx.db, req.query.id),
    }));
  };
}
