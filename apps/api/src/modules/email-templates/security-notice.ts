import { SECURITY_EMAIL_TEMPLATES, type EmailTemplate } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { utcMinute } from '../../lib/decisions';
import type { Actor } from '../audit/audit';
import { paragraphsHtml } from '../mail/mailer';

/*
 * Every Owner hears of a change to an email that opens an account (the reset and invitation emails,
 * SECURITY_EMAIL_TEMPLATES): who changed which template, when and from where. The notice is written
 * here, not from a template, so that the change it reports cannot also rewrite the notice.
 */

export const isSecurityEmail = (key: string) => SECURITY_EMAIL_TEMPLATES.includes(key);

/**
 * Emails every active Owner about a change to a security email, after the change is committed. A
 * mail server that is down does not undo the change: each failure is logged, and the count of
 * Owners told is returned.
 */
export async function tellOwnersOfSecurityEmailChange(
  ctx: AppContext,
  actor: Actor,
  template: Pick<EmailTemplate, 'key' | 'name' | 'updatedAt'>,
  fields: ReadonlyArray<'subject' | 'content'>,
): Promise<number> {
  const [owners, who] = await Promise.all([
    ctx.db
      .selectFrom('admins as a')
      .innerJoin('roles as r', 'r.id', 'a.role_id')
      .select(['a.email', 'a.first_name'])
      .where('r.key', '=', 'owner')
      .where('a.status', '=', 'active')
      .execute(),
    ctx.db
      .selectFrom('admins')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', actor.adminId)
      .executeTakeFirst(),
  ]);
  const name = `${who?.first_name ?? ''} ${who?.last_name ?? ''}`.trim();
  const by = who ? (name ? `${name} (${who.email})` : who.email) : 'An admin';
  const what = fields.length === 2 ? 'subject and content' : (fields[0] ?? 'text');
  const subject = `Security email changed: ${template.name}`;
  let told = 0;
  await Promise.all(
    owners.map(async (owner) => {
      const text = [
        `Hello ${owner.first_name || 'there'},`,
        `${by} changed the ${what} of the "${template.name}" email template (${template.key}) on ${utcMinute(template.updatedAt)}, from the address ${actor.ip}.`,
        'This email carries a link that opens an account. If you did not expect this change, review the template (Catalog, Email templates) and the audit log now.',
        'You receive this because you are an Owner of the back office.',
      ].join('\n\n');
      const html = paragraphsHtml(text);
      try {
        await ctx.mailer.send({ to: owner.email, subject, text, html });
        told++;
      } catch (err) {
        ctx.log.error({ err, template: template.key }, 'an Owner could not be told of a security email change');
      }
    }),
  );
  return told;
}
