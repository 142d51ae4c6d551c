/**
 * What an email template's HTML may keep, as rules over the one allow-list (EMAIL_HTML): the
 * server's sanitiser and the editor's preview both ask these.
 */
import { EMAIL_HTML } from '../constants/email-html';

/** Whether `tag` may carry `attribute` with this value. Event handlers are never on the list. */
export function emailAttributeAllowed(tag: string, attribute: string, value: string): boolean {
  const { attributes, attributeValues } = EMAIL_HTML;
  if (!attributes['*']!.includes(attribute) && !attributes[tag]?.includes(attribute)) return false;
  const values = attributeValues[tag]?.[attribute];
  return !values || values.includes(value);
}

/** A URL as a browser reads its scheme: without the whitespace and control characters it ignores. */
// eslint-disable-next-line no-control-regex
const compactUrl = (url: string) => url.replace(/<!--[\s\S]*?-->|[\u0000-\u0020\u007f-\u00a0]+/g, '');

/**
 * The scheme of a URL, lower-cased ("java\tscript:" is javascript); undefined for a relative URL or
 * a placeholder such as {{resetLink}}.
 */
export function emailUrlScheme(url: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*):/i.exec(compactUrl(url))?.[1]!.toLowerCase();
}

/**
 * Whether `url` may stand in a URL attribute of `tag`: with a scheme the tag allows (a data: URL
 * only for a raster image), or relative, which is how a placeholder such as href="{{resetLink}}"
 * reads. Not protocol-relative (//host/path): an email is opened outside any site, so there is no
 * scheme to borrow.
 */
export function emailUrlAllowed(tag: string, url: string): boolean {
  const scheme = emailUrlScheme(url);
  if (!scheme) return !/^[/\\]{2}/.test(compactUrl(url));
  if (!(EMAIL_HTML.schemes[tag] ?? EMAIL_HTML.schemes['*']!).includes(scheme)) return false;
  return scheme !== 'data' || EMAIL_HTML.dataImage.test(url.trim());
}

/** One style declaration: quoted strings may hold ";" (then the value check refuses it whole). */
const DECLARATION = /(?:[^;"']|"[^"]*"|'[^']*')+/g;
const BALANCED_QUOTES = /^(?:[^"']|"[^"]*"|'[^']*')*$/;

/** The declarations of a style attribute as [property, value]; none when a quote is left open. */
function declarationsOf(style: string): [string, string][] {
  // a CSS parser refuses an unclosed string, and the server drops such a style whole
  if (!BALANCED_QUOTES.test(style)) return [];
  return [...style.matchAll(DECLARATION)]
    .map(([d]) => d.trim())
    .filter(Boolean)
    .map((d) => {
      const colon = d.indexOf(':');
      return colon < 0 ? [d, ''] : [d.slice(0, colon).trim(), d.slice(colon + 1).trim()];
    });
}

/** A property is matched as written: the server's CSS parser keeps its case, so COLOR is not color. */
const declarationKept = ([property, value]: [string, string]) =>
  value !== '' &&
  (EMAIL_HTML.styleProperties as readonly string[]).includes(property) &&
  EMAIL_HTML.styleValue.test(value);

/** The declarations of a style attribute that the allow-list keeps, as `property:value;…` ('' if none). */
export function emailStyle(style: string): string {
  return declarationsOf(style)
    .filter(declarationKept)
    .map(([property, value]) => `${property}:${value}`)
    .join(';');
}

/** Whether the allow-list keeps every declaration of a style attribute. */
export function emailStyleIsClean(style: string): boolean {
  return BALANCED_QUOTES.test(style) && declarationsOf(style).every(declarationKept);
}
