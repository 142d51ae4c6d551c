import type { FastifyInstance } from 'fastify';
import { SOCKET_EVENTS, endpoints } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { actorOf } from '../audit/audit';
import { createDiscountCode, getDiscountCode, listDiscountCodes, updateDiscountCode } from './discount-codes';

/** Discount codes; a code's redemptions are the redemption history filtered by its id. */
export function discountCodeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const codeUpdated = (id: string) => ctx.realtime.toAdmins(SOCKET_EVENTS.discountCodeUpdated, { _id: id });

    route(app, endpoints.getAllDiscountCodes, async (req) => {
      const { rows, ...total } = await listDiscountCodes(ctx.db, req.query);
      return { message: 'Discount codes', data: rows, ...total };
    });
    route(app, endpoints.getDiscountCodeDetail, async (req) => ({
      message: 'Discount code',
      data: await getDiscountCode(ctx.db, req.query.id),
    }));
    route(app, endpoints.createDiscountCode, async (req) => {
      const data = await createDiscountCode(ctx.db, actorOf(req), req.body);
      codeUpdated(data._id);
      return { message: 'Discount code created', data };
    });
    route(app, endpoints.updateDiscountCode, async (req) => {
      const data = await updateDiscountCode(ctx.db, actorOf(req), req.query.id, req.body);
      codeUpdated(data._id);
      return { message: 'Discount code saved', data };
    });
  };
}
