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
const SCRIPT_URL = /^\s*(javascript|vbscript|data\s*:\s*text\/html)/i;

/**
 * The sandbox already stops scripts; removing them as well keeps the browser from reporting each
 * blocked one as a console error, and shows what the server's sanitiser will leave. Parsing with
 * DOMParser runs nothing and loads nothing.
 */
export function withoutScripts(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll(DROPPED_ELEMENTS).forEach((el) => el.remove());
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on') || (URL_ATTRIBUTES.has(name) && SCRIPT_URL.test(attr.value))) {
        el.removeAttribute(attr.name);
      }
    }
  }
  // An email may style itself in its <head>; keep those rules with the body.
  const styles = Array.from(doc.head.querySelectorAll('style'))
    .map((s) => s.outerHTML)
    .join('');
  return styles + doc.body.innerHTML;
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
