import { createRequire } from 'node:module';
import { compile, type HtmlToTextOptions } from 'html-to-text';
import type SanitizeHtml from 'sanitize-html';
import {
  EMAIL_HTML,
  emailAttributeAllowed,
  emailStyleIsClean,
  emailUrlAllowed,
  emailUrlScheme,
} from '@backoffice/shared-api/contract';

/*
 * The HTML of an email template: what an admin may save (sanitised, well formed, by the allow-list
 * the editor's preview shares), how the list shows it (a plain-text preview) and the plain-text part
 * of the emails sent from it.
 */

// ---------------------------------------------------------------------------------------------
// Libraries

/** The few members of htmlparser2 12 used here (the copy hoisted at the root is htmlparser2 6). */
interface TokenizerCallbacks {
  onattribdata(start: number, endIndex: number): void;
  onattribentity(codepoint: number): void;
  onattribend(quote: number, endIndex: number): void;
  onattribname(start: number, endIndex: number): void;
  oncdata(start: number, endIndex: number, endOffset: number): void;
  onclosetag(start: number, endIndex: number): void;
  oncomment(start: number, endIndex: number, endOffset: number): void;
  ondeclaration(start: number, endIndex: number): void;
  onend(): void;
  onopentagend(endIndex: number): void;
  onopentagname(start: number, endIndex: number): void;
  onprocessinginstruction(start: number, endIndex: number): void;
  onselfclosingtag(endIndex: number): void;
  ontext(start: number, endIndex: number): void;
  ontextentity(codepoint: number, endIndex: number): void;
  isInForeignContext?(): boolean;
}
interface Tokenizer {
  write(chunk: string): void;
  end(): void;
}
interface HtmlParser2 {
  Tokenizer: new (options: { xmlMode?: boolean; decodeEntities?: boolean }, callbacks: TokenizerCallbacks) => Tokenizer;
  Parser: new (handler: Partial<ParserHandler>, options: ParserOptions) => { write(chunk: string): void; end(): void };
}

/** The callbacks of htmlparser2's Parser that link-safety.ts listens to. */
export interface ParserHandler {
  onopentagname(name: string): void;
  onattribute(name: string, value: string): void;
  onopentag(name: string): void;
  ontext(data: string): void;
  oncomment(data: string): void;
  onprocessinginstruction(name: string, data: string): void;
}
export interface ParserOptions {
  decodeEntities?: boolean;
  lowerCaseTags?: boolean;
  lowerCaseAttributeNames?: boolean;
  recognizeCDATA?: boolean;
}

let libraries: { sanitize: typeof SanitizeHtml; htmlparser2: HtmlParser2 } | undefined;

/**
 * sanitize-html and the htmlparser2 it parses with, loaded on first use: start-up does not pay for
 * them, and htmlparser2 12 is an ES module that Node (>= 20.19) requires natively but jest's module
 * runtime on Node 20 only once its config compiles it. The well-formedness check tokenises with the
 * same htmlparser2 as the sanitiser, so both read the HTML alike.
 */
function lib() {
  if (!libraries) {
    const nodeRequire = createRequire(__filename);
    const sanitizeHtmlPath = nodeRequire.resolve('sanitize-html');
    libraries = {
      sanitize: nodeRequire(sanitizeHtmlPath) as typeof SanitizeHtml,
      htmlparser2: createRequire(sanitizeHtmlPath)('htmlparser2') as HtmlParser2,
    };
  }
  return libraries;
}

/** htmlparser2's Parser, as sanitize-html parses with it: what link-safety.ts reads a template with. */
export const HtmlParser = () => lib().htmlparser2.Parser;

// ---------------------------------------------------------------------------------------------
// Vocabulary

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'bgsound',
  'br',
  'col',
  'embed',
  'frame',
  'hr',
  'image',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements whose end tag HTML lets an author leave out. */
const OPTIONAL_END = new Set([
  'p',
  'li',
  'td',
  'th',
  'tr',
  'thead',
  'tbody',
  'tfoot',
  'option',
  'dt',
  'dd',
  'html',
  'head',
  'body',
  'colgroup',
]);

/** Inside these, HTML parses markup again (`<style>` is not raw text, `<x/>` closes itself). */
const FOREIGN_ROOTS = new Set(['svg', 'math']);
const INTEGRATION_POINTS = new Set([
  'foreignobject',
  'desc',
  'title',
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
]);

/** What an email may hold is the shared allow-list, EMAIL_HTML. */
const ALLOWED_TAGS = new Set<string>(EMAIL_HTML.tags);

const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'background',
  'poster',
  'data',
  'cite',
]);

/** The doctype a saved template may start with: HTML5's, or HTML 4 / XHTML with their public ids. */
const DOCTYPE = /^\s*(<!doctype\s+html(?:\s+public\s+"[^"<>]*"(?:\s+"[^"<>]*")?)?\s*>)/i;

// ---------------------------------------------------------------------------------------------
// Sanitising

export interface Sanitised {
  html: string;
  /** What was taken out, worded for the admin ("<script> elements", "javascript: links"); empty if nothing. */
  removed: string[];
}

/** Collects what the sanitiser is about to take out, from the tags and attributes as parsed. */
class Removals {
  private readonly tags = new Set<string>();
  private readonly attributes = new Set<string>();
  private readonly schemes = new Set<string>();
  private eventHandlers = false;
  private nonImageData = false;
  private metaInstructions = false;
  private styles = false;
  comments = false;

  see(tag: string, attribs: Record<string, string>): void {
    const allowed = ALLOWED_TAGS.has(tag);
    if (!allowed) this.tags.add(tag);
    if (tag === 'meta' && 'http-equiv' in attribs) this.metaInstructions = true;
    for (const [name, value] of Object.entries(attribs)) {
      if (/^on/i.test(name)) {
        this.eventHandlers = true;
        continue;
      }
      if (URL_ATTRIBUTES.has(name) && !emailUrlAllowed(tag, value)) {
        const scheme = emailUrlScheme(value);
        if (scheme === 'data' && tag === 'img') this.nonImageData = true;
        else if (scheme) this.schemes.add(scheme);
      }
      if (!allowed) continue;
      if (name === 'style') {
        if (!emailStyleIsClean(value)) this.styles = true;
      } else if (!emailAttributeAllowed(tag, name, value) && name !== 'http-equiv') {
        this.attributes.add(name);
      }
    }
  }

  list(): string[] {
    const out: string[] = [];
    if (this.tags.size) out.push(`${listed([...this.tags].map((t) => `<${t}>`))} elements`);
    if (this.eventHandlers) out.push('event handler attributes');
    for (const s of this.schemes) out.push(`${s}: links`);
    if (this.nonImageData) out.push('data: URLs that are not images');
    if (this.metaInstructions) out.push('<meta http-equiv> refreshes and redirects');
    if (this.styles) out.push('unsafe or unsupported styles');
    if (this.attributes.size) out.push(`unsupported attributes (${[...this.attributes].join(', ')})`);
    if (this.comments) out.push('comments');
    return out;
  }
}

const listed = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** The shared allow-list (@backoffice/shared-api's EMAIL_HTML) in sanitize-html's terms. */
const ALLOWED = {
  allowedTags: [...EMAIL_HTML.tags],
  allowedAttributes: Object.fromEntries(
    Object.entries(EMAIL_HTML.attributes).map(([tag, names]) => [
      tag,
      names.map((name): SanitizeHtml.AllowedAttribute => {
        const values = EMAIL_HTML.attributeValues[tag]?.[name];
        return values ? { name, multiple: false, values: [...values] } : name;
      }),
    ]),
  ),
  allowedStyles: {
    '*': Object.fromEntries(EMAIL_HTML.styleProperties.map((p) => [p, [EMAIL_HTML.styleValue]])),
  },
  allowedSchemes: [...EMAIL_HTML.schemes['*']!],
  allowedSchemesByTag: Object.fromEntries(
    Object.entries(EMAIL_HTML.schemes)
      .filter(([tag]) => tag !== '*')
      .map(([tag, schemes]) => [tag, [...schemes]]),
  ),
  allowedSchemesAppliedToAttributes: [...EMAIL_HTML.urlAttributes],
  // an email is opened outside any site, so //host/path has no scheme to borrow
  allowProtocolRelative: false,
  nonTextTags: [...EMAIL_HTML.droppedWithContent],
} satisfies SanitizeHtml.IOptions;

function sanitizeOptions(removals: Removals): SanitizeHtml.IOptions {
  return {
    ...ALLOWED,
    // text after </html> is still shown by mail clients, so it is kept as the admin wrote it
    enforceHtmlBoundary: false,
    transformTags: {
      // sanitize-html checks schemes only; a data: image must also be a raster one
      img: (tagName, attribs) => {
        if (attribs.src === undefined || emailUrlAllowed(tagName, attribs.src)) return { tagName, attribs };
        const { src: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      },
      // <meta http-equiv="refresh" content="0;url=…"> redirects: its content goes with the instruction
      meta: (tagName, attribs) => ({ tagName, attribs: 'http-equiv' in attribs ? {} : attribs }),
    },
    // Entities come back as characters (UTF-8 email); a non-breaking space stays visible in the editor.
    textFilter: (text) => text.replace(/\u00a0/g, '&nbsp;'),
    onOpenTag: (name, attribs) => removals.see(name, attribs),
  };
}

/**
 * The HTML with everything that could run or leak taken out: elements outside the email allow-list
 * (<script>, <iframe>, <object>, <form>, <style>…), event handlers, links other than http, https,
 * mailto and tel, images other than http, https and raster data: URLs, styles other than plain
 * values of layout and text properties, and comments. Placeholders such as href="{{resetLink}}" are
 * relative URLs to the sanitiser and survive. A leading doctype is kept.
 */
export function sanitizeEmailHtml(html: string): Sanitised {
  const removals = new Removals();
  const doctype = DOCTYPE.exec(html);
  const body = doctype ? html.slice(doctype[0].length) : html;
  removals.comments = hasComments(body);
  const clean = lib().sanitize(body, sanitizeOptions(removals));
  return { html: doctype ? `${doctype[1]}${clean}` : clean, removed: removals.list() };
}

// ---------------------------------------------------------------------------------------------
// Well-formedness

interface OpenElement {
  name: string;
  at: number;
  /** Whether its content is SVG or MathML (kept per element, so that no tag walks the stack). */
  foreign?: boolean;
}

/** 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Tokenises `html` as browsers do (raw text in <script>, <style>, <textarea>, <title>; markup again
 * in SVG and MathML) and calls back with each tag and comment.
 */
function tokenize(
  html: string,
  on: {
    open(name: string, at: number, selfClosing: boolean): void;
    close(name: string, at: number): void;
    comment(at: number, closed: boolean): void;
    unfinishedTag(name: string, at: number): void;
    foreign(): boolean;
  },
): void {
  let pending: OpenElement | undefined;
  const noop = () => undefined;
  const finishOpen = (selfClosing: boolean) => {
    if (pending) on.open(pending.name, pending.at, selfClosing);
    pending = undefined;
  };
  const tokenizer = new (lib().htmlparser2.Tokenizer)(
    { xmlMode: false, decodeEntities: false },
    {
      onattribdata: noop,
      onattribentity: noop,
      onattribend: noop,
      onattribname: noop,
      oncdata: (start, end) => on.comment(html.lastIndexOf('<', start - 1), html[end] === '>'),
      onclosetag: (start, end) => on.close(html.slice(start, end).toLowerCase(), start - 2),
      // `end` is where the closing ">" is, or the end of the document for a comment cut off by it
      oncomment: (start, end) => on.comment(html.lastIndexOf('<', start - 1), html[end] === '>'),
      ondeclaration: noop,
      onend: noop,
      onopentagend: () => finishOpen(false),
      onopentagname: (start, end) => {
        pending = { name: html.slice(start, end).toLowerCase(), at: start - 1 };
      },
      onprocessinginstruction: noop,
      onselfclosingtag: () => finishOpen(true),
      ontext: noop,
      ontextentity: noop,
      isInForeignContext: () => on.foreign(),
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  if (pending) on.unfinishedTag(pending.name, pending.at);
}

const NOT_WELL_FORMED = 'The HTML is not well formed';

/**
 * Why `html` is not well formed, naming the first problem and its line, or undefined when every
 * element is closed in order. Void elements (<br>, <img>…) need no end tag, nor do the elements
 * whose end tag HTML makes optional (<p>, <li>, <td>, <tr>, <body>…), which close when their
 * parent does. `<x/>` closes only void elements and SVG or MathML ones, as in browsers.
 */
export function wellFormednessError(html: string): string | undefined {
  const stack: OpenElement[] = [];
  let problem: string | undefined;
  const fail = (message: string) => {
    problem ??= `${NOT_WELL_FORMED}: ${message}`;
  };
  const line = (at: number) => lineAt(html, at);
  const inForeign = () => stack[stack.length - 1]?.foreign ?? false;

  tokenize(html, {
    foreign: inForeign,
    open(name, at, selfClosing) {
      // the first problem is the one reported; the rest of the document is only tokenised
      if (problem || VOID_ELEMENTS.has(name)) return;
      if (selfClosing) {
        if (!inForeign()) fail(`<${name}/> on line ${line(at)} cannot close itself in HTML; write <${name}></${name}>`);
        return;
      }
      const foreign = FOREIGN_ROOTS.has(name) || (!INTEGRATION_POINTS.has(name) && inForeign());
      stack.push({ name, at, foreign });
    },
    close(name, at) {
      if (problem) return;
      if (VOID_ELEMENTS.has(name)) {
        fail(`</${name}> on line ${line(at)} closes nothing: <${name}> has no end tag`);
        return;
      }
      let i = stack.length - 1;
      while (i >= 0 && stack[i]!.name !== name) i--;
      if (i < 0) {
        fail(`</${name}> on line ${line(at)} closes nothing`);
        return;
      }
      // what is still open inside it must be allowed to close with it
      const unclosed = stack
        .slice(i + 1)
        .reverse()
        .find((e) => !OPTIONAL_END.has(e.name));
      if (unclosed) fail(`<${unclosed.name}> on line ${line(unclosed.at)} is never closed`);
      stack.length = i;
    },
    comment(at, closed) {
      if (!closed) fail(`the comment on line ${line(at)} is never closed (-->)`);
    },
    unfinishedTag(name, at) {
      fail(`the tag <${name} on line ${line(at)} is never finished (>)`);
    },
  });

  const unclosed = [...stack].reverse().find((e) => !OPTIONAL_END.has(e.name));
  if (unclosed) fail(`<${unclosed.name}> on line ${line(unclosed.at)} is never closed`);
  return problem;
}

function hasComments(html: string): boolean {
  let found = false;
  tokenize(html, {
    open: () => undefined,
    close: () => undefined,
    comment: () => (found = true),
    unfinishedTag: () => undefined,
    foreign: () => false,
  });
  return found;
}

// ---------------------------------------------------------------------------------------------
// Plain text

/** Parts of a document that are never shown: its head, and what the sanitiser drops with its content. */
const UNSEEN = ['head', 'title', ...EMAIL_HTML.droppedWithContent];

/** How html-to-text reads an email; `links` writes each link's address after its text. */
function textOptions(links: boolean): HtmlToTextOptions {
  return {
    // mail clients wrap plain text to their window; lines hard-wrapped at 80 break badly on a phone
    wordwrap: false,
    formatters: {
      // an image reads as its alt text: its address (a data: URL, a tracking pixel) means nothing as text
      imageAlt: (elem, _walk, builder) => {
        const alt = elem.attribs?.alt?.trim();
        if (alt) builder.addInline(alt);
      },
    },
    selectors: [
      ...UNSEEN.map((selector) => ({ selector, format: 'skip' })),
      { selector: 'img', format: 'imageAlt' },
      { selector: 'a', options: { ignoreHref: !links, hideLinkHrefIfSameAsText: true } },
      // email layouts are tables: each cell's text on its own line, not run into the next cell's
      ...['tr', 'td', 'th'].map((selector) => ({
        selector,
        format: 'block',
        options: { leadingLineBreaks: 1, trailingLineBreaks: 1 },
      })),
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
      // on one line, bullets would read as stray asterisks between the items ('' means the default)
      ...(links ? [] : [{ selector: 'ul', options: { itemPrefix: ' ' } }]),
    ],
  };
}

const toText = { withLinks: compile(textOptions(true)), withoutLinks: compile(textOptions(false)) };

/**
 * The plain-text part of an email: the text a reader of the HTML sees, paragraphs apart, list
 * items bulleted and each link as "text [address]". A saved template keeps &nbsp; as an entity and
 * may have a <head>; neither shows.
 */
export function emailText(html: string): string {
  return toText.withLinks(html);
}

/** The same text on one line, without link addresses: for previews and the blank check. */
export function plainText(html: string): string {
  return toText.withoutLinks(html).replace(/\s+/g, ' ').trim();
}

/** The first `length` characters of the text, the last one an ellipsis when it was cut. */
export function previewOf(html: string, length: number): string {
  const chars = Array.from(plainText(html));
  if (chars.length <= length) return chars.join('');
  return `${chars
    .slice(0, length - 1)
    .join('')
    .trimEnd()}…`;
}

/** Anything that reads as a tag or a comment; a lone "<" or ">" in a subject is just text. */
const TAG = /<\/?[A-Za-z][^>]*>|<!--/;
export const hasHtml = (text: string) => TAG.test(text);
