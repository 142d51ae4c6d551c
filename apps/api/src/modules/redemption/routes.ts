import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { listRedemptions } from './redemptions';

export function redemptionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, 'getAllRedemptions', async (req) => {
      const { rows, ...total } = await listRedemptions(ctx.db, req.query);
      return { message: 'Redemption history', data: rows, ...total };
    });
  };
}
