import type { FastifyInstance } from 'fastify';
import { emit } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { actorOf } from '../audit/audit';
import { createDiscountCode, getDiscountCode, listDiscountCodes, updateDiscountCode } from './discount-codes';

/** Discount codes; a code's redemptions are the redemption history filtered by its id. */
export function discountCodeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
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
