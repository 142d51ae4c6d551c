import DOMPurify, { type Config, type DOMPurify as DOMPurifyInstance } from 'dompurify';
import {
  EMAIL_HTML,
  PLACEHOLDER_REGEX,
  emailAttributeAllowed,
  emailStyle,
  emailUrlAllowed,
  emailUrlScheme,
} from '@backoffice/shared-api/email';
import type { TemplatePlaceholders } from './templateChecks';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * Puts each placeholder's sample in its place, as the mailer puts the real values; a name the
 * email does not fill stays as typed, so the admin sees it. `html` escapes the samples, as the
 * mailer escapes values in the content.
 */
export function fillSamples(text: string, placeholders: TemplatePlaceholders, html: boolean): string {
  const samples = new Map(placeholders.map((p) => [p.name, p.sample]));
  // A fresh expression: the shared one is global and stateful (lastIndex).
  return text.replace(new RegExp(PLACEHOLDER_REGEX.source, 'g'), (whole, name: string) => {
    const sample = samples.get(name);
    if (sample === undefined) return whole;
    return html ? escapeHtml(sample) : sample;
  });
}

/**
 * DOMPurify configured from the allow-list the server sanitises with (EMAIL_HTML), so that the
 * preview shows nothing that saving would take out. Its own per-attribute checks run too: they only
 * ever take more out.
 */
const SCHEMES = [...new Set(Object.values(EMAIL_HTML.schemes).flat())];
const PURIFY_CONFIG: Config = {
  ALLOWED_TAGS: [...EMAIL_HTML.tags],
  // DOMPurify's list is one for all tags; the hook below holds each tag to its own
  ALLOWED_ATTR: [...new Set(Object.values(EMAIL_HTML.attributes).flat())],
  // DOMPurify's default shape (any value that is not a URL passes), with the email's schemes only
  ALLOWED_URI_REGEXP: new RegExp(`^(?:(?:${SCHEMES.join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, 'i'),
  FORBID_CONTENTS: [...EMAIL_HTML.droppedWithContent],
};
const URL_ATTRIBUTES = new Set<string>(EMAIL_HTML.urlAttributes);

/**
 * An address the preview frame can follow or load: with a scheme, or an in-page anchor. A relative
 * one (a placeholder the email does not fill, say) has no page to be relative to in an email, and
 * the frame's opaque origin could not load it anyway.
 */
const reachable = (url: string) => emailUrlScheme(url) !== undefined || url.startsWith('#');

let purifier: DOMPurifyInstance | undefined;

function purify(): DOMPurifyInstance {
  if (purifier) return purifier;
  // an instance of its own: hooks added to the shared one would apply to every other caller
  const instance = DOMPurify(window);
  // as the server does, a <meta http-equiv> loses the refresh or redirect its content holds
  instance.addHook('beforeSanitizeAttributes', (el) => {
    if (el.nodeName.toLowerCase() !== 'meta' || !el.hasAttribute('http-equiv')) return;
    for (const { name } of Array.from(el.attributes)) el.removeAttribute(name);
  });
  instance.addHook('uponSanitizeAttribute', (el, event) => {
    const tag = el.nodeName.toLowerCase();
    const { attrName: name, attrValue: value } = event;
    if (!emailAttributeAllowed(tag, name, value)) {
      event.keepAttr = false;
    } else if (name === 'style') {
      event.attrValue = emailStyle(value);
      event.keepAttr = event.attrValue !== '';
    } else if (URL_ATTRIBUTES.has(name)) {
      event.keepAttr = emailUrlAllowed(tag, value) && reachable(value);
    }
  });
  purifier = instance;
  return instance;
}

/**
 * What the server's sanitiser will leave of the content. The sandbox already stops scripts; this
 * also shows the admin no <style>, <form> or link that saving would take out. DOMPurify parses in a
 * document of its own, which loads nothing and runs nothing.
 */
export function withoutScripts(html: string): string {
  return purify().sanitize(html, PURIFY_CONFIG);
}

const PAGE_STYLE = 'margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222;';
const SUBJECT_STYLE = 'margin:0 0 12px;padding-bottom:12px;border-bottom:1px solid #ddd;font-size:15px;';

/** The document the preview frame shows: the subject line, then the content, samples in place. */
export function previewDocument(subject: string, content: string, placeholders: TemplatePlaceholders): string {
  const filledSubject = escapeHtml(fillSamples(subject, placeholders, false));
  const body = withoutScripts(fillSamples(content, placeholders, true));
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<title>${filledSubject}</title></head>` +
    `<body style="${PAGE_STYLE}">` +
    `<div style="${SUBJECT_STYLE}"><span style="color:#888">Subject:</span> <strong>${filledSubject}</strong></div>` +
    `<div>${body}</div>` +
    '</body></html>'
  );
}
