import { PLACEHOLDER_REGEX } from '@backoffice/shared-api';
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

const DROPPED_ELEMENTS = 'script, iframe, frame, frameset, object, embed, applet, base, meta, link, portal';
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster', 'data']);
const EVENT_HANDLER = /([\s/"'])on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)/gi;
const SCRIPT_URL = /^\s*(javascript|vbscript|data\s*:\s*text\/html)/i;

/** An image or link the email client could fetch: an absolute web address or an inline image. */
const FETCHABLE = /^\s*(https?:|data:image\/|mailto:|tel:|#)/i;

/**
 * The sandbox already stops scripts; removing them as well keeps the browser from reporting each
 * blocked one as a console error, and shows what the server's sanitiser will leave. A <template>
 * parses inertly: nothing in it loads or runs, unlike a DOMParser document in Chromium, which
 * fetches images and tries their handlers. Relative addresses go too: an email has no page to be
 * relative to, and the frame's opaque origin could not load them anyway.
 */
export function withoutScripts(html: string): string {
  const template = document.createElement('template');
  // Chromium reports every event handler it parses as a CSP violation, even in an inert
  // <template>; most are taken out as text first, and the pass below removes any left.
  template.innerHTML = html.replace(/<[^>]+>/g, (tag) => tag.replace(EVENT_HANDLER, '$1'));
  const root = template.content;
  root.querySelectorAll(DROPPED_ELEMENTS).forEach((el) => el.remove());
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const url = URL_ATTRIBUTES.has(name);
      if (name.startsWith('on') || (url && (SCRIPT_URL.test(attr.value) || !FETCHABLE.test(attr.value)))) {
        el.removeAttribute(attr.name);
      }
    }
  }
  return template.innerHTML;
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
