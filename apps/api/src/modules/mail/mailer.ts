import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema';
import { SECRET_LINK_PLACEHOLDERS } from '@backoffice/shared-api/contract';
import { emailText } from '../email-templates/html';
import { secretLinksIn } from '../email-templates/link-safety';

/**
 * The HTML part of a notice written as plain paragraphs (blank-line separated): each paragraph
 * escaped, in its own <p>. For the server's own notices; the stored templates render themselves.
 */
export const paragraphsHtml = (text: string) =>
  text
    .split('\n\n')
    .map((p) => `<p>${p.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`)
    .join('');

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** An email as the outbox's worker hands it over: its row's id and when it was queued. */
export interface QueuedMail extends OutgoingMail {
  id: number;
  queuedAt: Date;
}

/** Where the outbox's worker delivers; nothing on a request's path calls it (see outbox.ts). */
export interface Mailer {
  send(mail: QueuedMail): Promise<void>;
  close(): void;
}

/** How long SMTP may take at each step before a send fails and is retried later. */
export const SMTP_TIMEOUT_MS = 5000;

/**
 * SMTP when SMTP_URL is set; otherwise each email is written as JSON to `<dataDir>/outbox`, so the
 * whole forgot-password flow works on one machine with nothing else running.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** Connection and greeting timeout; the socket's inactivity timeout is twice it. */
  timeoutMs?: number;
}): Mailer {
  if (opts.smtpUrl) {
    const timeoutMs = opts.timeoutMs ?? SMTP_TIMEOUT_MS;
    // nodemailer's defaults wait minutes (a greeting 30 s, an idle socket 10 min), and a worker that
    // waits on a server that accepts and never answers sends nothing else meanwhile. Timeouts set in
    // SMTP_URL's query win: an operator who sets one means it.
    const transport = nodemailer.createTransport({
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: 2 * timeoutMs,
      ...parseConnectionUrl(opts.smtpUrl),
    });
    return {
      async send({ to, subject, html, text, id }) {
        await transport.sendMail({ from: opts.from, to, subject, html, text });
        opts.log.info({ to, subject, outboxId: id }, 'email sent by SMTP');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  return {
    async send({ id, queuedAt, ...mail }) {
      await fs.mkdir(outbox, { recursive: true, mode: 0o700 });
      // Named by its row: in the order they were queued, and a second delivery of one row (see
      // outbox.ts) rewrites its file instead of adding another.
      const name = `${queuedAt.toISOString().replace(/[:.]/g, '-')}-${String(id).padStart(12, '0')}.json`;
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
  'admin-invite': {
    subject: 'You are invited to the Back Office',
    content:
      '<p>Hello {{firstName}},</p><p>{{invitedBy}} invited you to the Back Office as {{roleName}}.</p><p>Use the link below to choose your password. It works once and expires in {{expiresInHours}} hours.</p><p><a href="{{inviteLink}}">Choose my password</a></p><p>If you did not expect this invitation, ignore this email.</p>',
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

/**
 * Why a template must not carry the secret links among `values` (a reset or invite link): one
 * stands anywhere but as the whole href of a link, or none stands there, so the email would not
 * work. Undefined when the template is fit.
 */
function secretLinkMisuse(template: { subject: string; content: string }, values: Record<string, string>) {
  // only what this email fills in: a placeholder left unfilled carries nothing
  const secrets = SECRET_LINK_PLACEHOLDERS.filter((name) => name in values);
  if (secrets.length === 0) return undefined;
  const inSubject = secretLinksIn(template.subject, secrets).misplaced;
  if (inSubject) return `{{${inSubject.placeholder}}} is in the subject`;
  const { misplaced, linked } = secretLinksIn(template.content, secrets);
  if (misplaced) return `{{${misplaced.placeholder}}} is ${misplaced.where}`;
  const missing = secrets.find((name) => !linked.has(name));
  return missing ? `it has no link to {{${missing}}}` : undefined;
}

/**
 * Renders an email from the template stored under `key`, or its built-in fallback. A stored
 * template that would put a secret link anywhere but as a link's whole address (saved before that
 * was refused, or written into the database by hand) is not used: the built-in one is, and the
 * error log says so, since a reset or invite link must never leave with an image's request.
 */
export async function renderTemplate(
  db: Kysely<DB>,
  key: string,
  values: Record<string, string>,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<{ subject: string; html: string; text: string }> {
  const row = await db
    .selectFrom('email_templates')
    .select(['subject', 'content'])
    .where('key', '=', key)
    .executeTakeFirst();
  const misuse = row && secretLinkMisuse(row, values);
  if (misuse) {
    const message = `email template "${key}" is not used: ${misuse}; the built-in one is sent instead`;
    if (log) log.error({ template: key }, message);
    else console.error(message);
  }
  const template = (!misuse && row) || BUILT_IN[key];
  if (!template) throw new Error(`No email template "${key}"`);
  const html = fillPlaceholders(template.content, values, true);
  return { subject: fillPlaceholders(template.subject, values, false), html, text: emailText(html) };
}
