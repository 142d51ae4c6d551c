import { SECURITY_EMAIL_TEMPLATES, type EmailTemplate } from '@backoffice/shared-api/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { utcMinute } from '../../lib/decisions';
import type { Actor } from '../audit/audit';
import { paragraphsHtml } from '../mail/mailer';
import { queueEmail } from '../mail/outbox';

/*
 * Every Owner hears of a change to an email that opens an account (the reset and invitation emails,
 * SECURITY_EMAIL_TEMPLATES): who changed which template, when and from where. The notice is written
 * here, not from a template, so that the change it reports cannot also rewrite the notice.
 */

export const isSecurityEmail = (key: string) => SECURITY_EMAIL_TEMPLATES.includes(key);

/**
 * Queues an email to every active Owner about a change to a security email, in the transaction of
 * the change: the Owners hear of every change that commits, and of none that does not. The count of
 * Owners told is returned.
 */
export async function tellOwnersOfSecurityEmailChange(
  ctx: AppContext,
  trx: Transaction<DB>,
  actor: Actor,
  template: Pick<EmailTemplate, 'key' | 'name' | 'updatedAt'>,
  fields: ReadonlyArray<'subject' | 'content'>,
): Promise<number> {
  // one after the other: on the embedded database the transaction is one connection
  const owners = await trx
    .selectFrom('admins as a')
    .innerJoin('roles as r', 'r.id', 'a.role_id')
    .select(['a.email', 'a.first_name'])
    .where('r.key', '=', 'owner')
    .where('a.status', '=', 'active')
    .execute();
  const who = await trx
    .selectFrom('admins')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', actor.adminId)
    .executeTakeFirst();
  const name = `${who?.first_name ?? ''} ${who?.last_name ?? ''}`.trim();
  const by = who ? (name ? `${name} (${who.email})` : who.email) : 'An admin';
  const what = fields.length === 2 ? 'subject and content' : (fields[0] ?? 'text');
  const subject = `Security email changed: ${template.name}`;
  const mails = owners.map((owner) => {
    const text = [
      `Hello ${owner.first_name || 'there'},`,
      `${by} changed the ${what} of the "${template.name}" email template (${template.key}) on ${utcMinute(template.updatedAt)}, from the address ${actor.ip}.`,
      'This email carries a link that opens an account. If you did not expect this change, review the template (Catalog, Email templates) and the audit log now.',
      'You receive this because you are an Owner of the back office.',
    ].join('\n\n');
    return { to: owner.email, subject, text, html: paragraphsHtml(text) };
  });
  await queueEmail(ctx, trx, mails);
  return mails.length;
}
