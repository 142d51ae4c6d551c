import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';

export function notificationRoutes(ctx: AppContext, authenticate: (r: FastifyRequest) => Promise<void>) {
  return async (app: FastifyInstance) => {
    void ctx;
    void authenticate;
    void app;
  };
}
