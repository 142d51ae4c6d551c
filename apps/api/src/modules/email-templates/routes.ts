import type { FastifyInstance } from 'fastify';
import { emit } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { actorOf } from '../audit/audit';
import { allowedLinkHosts } from './link-safety';
import { isSecurityEmail, tellOwnersOfSecurityEmailChange } from './security-notice';
import { getEmailTemplate, listEmailTemplates, updateEmailTemplate } from './templates';

/** The message of a save says what the sanitiser took out, so that nothing disappears unexplained. */
const savedMessage = (removed: string[]) =>
  removed.length ? `Template saved. Removed for safety: ${removed.join(', ')}` : 'Template saved';

/** The templates of the emails the API sends (forgot-password, request and payout decisions…). */
export function emailTemplateRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, 'getAllEmailTemplates', async (req) => {
      const { rows, ...total } = await listEmailTemplates(ctx.db, req.query);
      return { message: 'Email templates', data: rows, ...total };
    });
    route(app, 'getEmailTemplateDetail', async (req) => ({
      message: 'Email template',
      data: await getEmailTemplate(ctx.db, req.query.id),
    }));
    route(app, 'updateEmailTemplate', async (req) => {
      const actor = actorOf(req);
      const links = { allowedHosts: allowedLinkHosts(ctx.config.publicUrl, ctx.config.emailLinkHosts) };
      const { template, removed } = await updateEmailTemplate(
        ctx.db,
        actor,
        req.query.id,
        req.body,
        links,
        async (trx, saved, fields) => {
          if (isSecurityEmail(saved.key)) await tellOwnersOfSecurityEmailChange(ctx, trx, actor, saved, fields);
        },
      );
      return {
        message: savedMessage(removed),
        data: template,
        events: [emit('emailTemplateUpdated', { _id: template._id })],
      };
    });
  };
}
