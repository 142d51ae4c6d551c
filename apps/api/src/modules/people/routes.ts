import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { changeUserStatus, getFan, getFanDetails, listFans } from './fans';

export function peopleRoutes(ctx: AppContext, authenticate: (r: FastifyRequest) => Promise<void>) {
  return async (app: FastifyInstance) => {
    const opts = { authenticate };
    route(
      app,
      endpoints.getAllFans,
      async (req) => {
        const { rows, total } = await listFans(ctx.db, req.query);
        return { message: 'Fans', data: rows, total };
      },
      opts,
    );
    route(
      app,
      endpoints.getFanDetail,
      async (req) => ({ message: 'Fan', data: await getFan(ctx.db, req.query.id) }),
      opts,
    );
    route(
      app,
      endpoints.getFanDetails,
      async (req) => ({ message: 'Fan details', data: await getFanDetails(ctx.db, req.query.id, req.query) }),
      opts,
    );
    route(
      app,
      endpoints.changeStatus,
      async (req) => {
        const data = await changeUserStatus(ctx.db, req.query.id, req.query.status);
        return { message: data.status === '1' ? 'Account activated' : 'Account deactivated', data };
      },
      opts,
    );
  };
}
