import type { FastifyInstance } from 'fastify';
import { endpoints } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { listRedemptions } from './redemptions';

export function redemptionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, endpoints.getAllRedemptions, async (req) => {
      const { rows, ...total } = await listRedemptions(ctx.db, req.query);
      return { message: 'Redemption history', data: rows, ...total };
    });
  };
}
