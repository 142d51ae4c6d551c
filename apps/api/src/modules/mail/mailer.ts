import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema';
import { emailText } from '../email-templates/html';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each email is written as JSON to `<dataDir>/outbox`, so the
 * whole forgot-password flow works on one machine with nothing else running.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'email sent by SMTP');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  return {
    async send(mail) {
      await fs.mkdir(outbox, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.json`;
      const file = path.join(outbox, name);
      // Written whole, then renamed: whoever reads the outbox never sees half an email.
      const json = JSON.stringify({ from: opts.from, ...mail, sentAt: new Date().toISOString() }, null, 2);
      await fs.writeFile(`${file}.tmp`, json, { mode: 0o600 });
      await fs.rename(`${file}.tmp`, file);
      // the file holds the link; the log names only where it is
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'email written to the outbox (no SMTP_URL set)');
    },
    close: () => undefined,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Fallbacks so that a deleted template never breaks password recovery or a request's decision. */
const BUILT_IN: Record<string, { subject: string; content: string }> = {
  'forgot-password': {
    subject: 'Reset your Back Office password',
    content:
      '<p>Hello {{firstName}},</p><p>Use the link below to choose a new password. It works once and expires in {{expiresInMinutes}} minutes.</p><p><a href="{{resetLink}}">Reset my password</a></p><p>If you did not ask for this, ignore this email.</p>',
  },
  'influencer-request-approved': {
    subject: 'Your influencer request was approved',
    content:
      '<p>Hello {{firstName}},</p><p>Your request to become an influencer as <strong>{{displayName}}</strong> was approved.</p><p>{{reason}}</p><p>Set your call price and availability to start receiving calls.</p>',
  },
  'influencer-request-rejected': {
    subject: 'About your influencer request',
    content:
      '<p>Hello {{firstName}},</p><p>Thank you for applying as <strong>{{displayName}}</strong>. We could not approve your request this time.</p><p>Reason: {{reason}}</p><p>You are welcome to apply again once this is resolved.</p>',
  },
};

export function fillPlaceholders(template: string, values: Record<string, string>, html: boolean): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? (html ? escapeHtml(values[name] ?? '') : (values[name] ?? '')) : whole,
  );
}

/** Renders an email from the template stored under `key`, or its built-in fallback. */
export async function renderTemplate(
  db: Kysely<DB>,
  key: string,
  values: Record<string, string>,
): Promise<{ subject: string; html: string; text: string }> {
  const row = await db
    .selectFrom('email_templates')
    .select(['subject', 'content'])
    .where('key', '=', key)
    .executeTakeFirst();
  const template = row ?? BUILT_IN[key];
  if (!template) throw new Error(`No email template "${key}"`);
  const html = fillPlaceholders(template.content, values, true);
  return { subject: fillPlaceholders(template.subject, values, false), html, text: emailText(html) };
}
