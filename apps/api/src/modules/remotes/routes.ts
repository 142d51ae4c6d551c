import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { adminOf } from '../auth/authenticate';
import { unauthorized } from '../../lib/http-errors';
import { registryFor } from './registry';

/** The remote registry per admin: which version of each remote this admin runs depends on who they are. */
export function remoteRoutes(ctx: AppContext) {
  const file = path.join(ctx.config.releasesDir, 'registry.json');
  return async (app: FastifyInstance) => {
    route(app, 'getRemoteRegistry', async (req, reply) => {
      const id = adminOf(req);
      const admin = await ctx.db.selectFrom('admins').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
      if (!admin) throw unauthorized(AUTH_MESSAGES.invalidToken);
      // A release reaches the admin on the next page load.
      reply.header('Cache-Control', 'no-store');
      return { message: 'Remote registry', data: await registryFor(file, admin, ctx.config.remoteOverrideOrigins) };
    });
  };
}
