import type { FastifyInstance } from 'fastify';
import { emit } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { actorOf } from '../audit/audit';
import { listInfluencers } from '../people/influencers';
import { createDiscountCode, getDiscountCode, listDiscountCodes, updateDiscountCode } from './discount-codes';

/** Discount codes; a code's redemptions are the redemption history filtered by its id. */
export function discountCodeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, 'getInfluencerOptions', async (req) => {
      const { rows, ...total } = await listInfluencers(ctx.db, {
        page: 1,
        limit: req.query.limit ?? 20,
        search: req.query.search,
        sortBy: 'displayName',
        sortOrder: 'asc',
      });
      const data = rows.map((r) => ({ _id: r._id, displayName: r.displayName, userName: r.userName }));
      return { message: 'Influencers', data, ...total };
    });
    route(app, 'getAllDiscountCodes', async (req) => {
      const { rows, ...total } = await listDiscountCodes(ctx.db, req.query);
      return { message: 'Discount codes', data: rows, ...total };
    });
    route(app, 'getDiscountCodeDetail', async (req) => ({
      message: 'Discount code',
      data: await getDiscountCode(ctx.db, req.query.id),
    }));
    route(app, 'createDiscountCode', async (req) => {
      const data = await createDiscountCode(ctx.db, actorOf(req), req.body);
      return { message: 'Discount code created', data, events: [emit('discountCodeUpdated', { _id: data._id })] };
    });
    route(app, 'updateDiscountCode', async (req) => {
      const data = await updateDiscountCode(ctx.db, actorOf(req), req.query.id, req.body);
      return { message: 'Discount code saved', data, events: [emit('discountCodeUpdated', { _id: data._id })] };
    });
  };
}
