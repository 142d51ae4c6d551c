import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { listAuditLog } from './audit-log';

/** The audit log is read here and nowhere written to by a request: it has no update or delete. */
export function auditRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, 'getAuditLog', async (req) => {
      const { rows, ...total } = await listAuditLog(ctx.db, req.query);
      return { message: 'Audit log', data: rows, ...total };
    });
  };
}
