import {
  CATALOG_MESSAGES,
  EMAIL_HTML,
  SECRET_LINK_PLACEHOLDERS,
  emailUrlScheme,
} from '@backoffice/shared-api/contract';
import { HtmlParser, type ParserHandler, type ParserOptions } from './html';

/*
 * Where an email template may send its reader (issue 28, "no admin can act as another"). A reset or
 * invite link opens an account, so the server alone writes it, as the one link it draws: the
 * template holds its placeholder only as the whole address of a link, href="{{resetLink}}". Put
 * anywhere else (an image's address, a URL on another host, the text) the token would leave with
 * the email's first display, no click needed. Other links and images stay on hosts the operator
 * trusts: the public address's own and EMAIL_LINK_HOSTS.
 *
 * Both checks read the HTML as a mail client does (htmlparser2, which the sanitiser parses with),
 * never the raw text with a pattern.
 */

/** `{{ name }}` exactly as the mailer finds it to fill it in (mail/mailer.ts fillPlaceholders). */
const FILLED = /\{\{\s*(\w+)\s*\}\}/g;

/** `{{name}}` and nothing else: a link's whole address may be just that. */
const WHOLE = /^\s*\{\{\s*(\w+)\s*\}\}\s*$/;

const filledIn = (text: string, names: ReadonlySet<string>) =>
  [...text.matchAll(FILLED)].map((m) => m[1]!).filter((name) => names.has(name));

/** What a link carrying a secret may have besides its href: the allow-list's (no ping, which reports the address). */
const LINK_ATTRIBUTES = new Set([...EMAIL_HTML.attributes['*']!, ...EMAIL_HTML.attributes.a!]);

const article = (tag: string) => (/^[aeiou]/.test(tag) ? 'an' : 'a');

export interface MisplacedSecretLink {
  placeholder: string;
  /** Where it was found, for the message: "in the src of an <img>", "in the text"… */
  where: string;
}

/** Parses `html` once with `handler`, as sanitize-html's htmlparser2 reads it. */
function parse(html: string, handler: Partial<ParserHandler>, options: ParserOptions): void {
  const Parser = HtmlParser();
  const parser = new Parser(handler, { lowerCaseTags: true, recognizeCDATA: false, ...options });
  parser.write(html);
  parser.end();
}

export interface SecretLinks {
  /** The first secret-link placeholder that stands anywhere but as the whole href of a link. */
  misplaced?: MisplacedSecretLink;
  /** The secret-link placeholders that are the whole href of a link. */
  linked: Set<string>;
}

/**
 * Where the HTML puts the secret-link placeholders. Read with entities as written, since the mailer
 * fills the text as written. Every placeholder the mailer would fill must be found in this reading:
 * one the parse did not see (hidden in markup a parser and a mail client might read apart) counts as
 * misplaced too.
 */
export function secretLinksIn(html: string, secrets: readonly string[] = SECRET_LINK_PLACEHOLDERS): SecretLinks {
  const names = new Set(secrets);
  const linked = new Set<string>();
  const toFill = filledIn(html, names);
  if (toFill.length === 0) return { linked };
  let first: MisplacedSecretLink | undefined;
  let seen = 0;
  const misplaced = (found: string[], where: string) => {
    seen += found.length;
    if (found.length) first ??= { placeholder: found[0]!, where };
  };
  let tag = '';
  let attributes: Array<[string, string]> = [];
  parse(
    html,
    {
      onopentagname(name) {
        tag = name;
        attributes = [];
      },
      // every attribute, a repeated one included (the parser's own map keeps only the first)
      onattribute(name, value) {
        attributes.push([name, value]);
      },
      onopentag() {
        for (const [name, value] of attributes) {
          misplaced(filledIn(name, names), `in the name of an attribute of ${article(tag)} <${tag}>`);
          const found = filledIn(value, names);
          if (found.length === 0) continue;
          const lower = name.toLowerCase();
          const whole = WHOLE.exec(value)?.[1];
          if (tag === 'a' && lower === 'href' && whole !== undefined && names.has(whole)) {
            const others = attributes.map(([n]) => n.toLowerCase()).filter((n) => !LINK_ATTRIBUTES.has(n));
            if (others.length) misplaced(found, `on a link that also has ${others.join(', ')}`);
            else {
              seen += found.length;
              linked.add(whole);
            }
            continue;
          }
          const where =
            tag === 'a' && lower === 'href'
              ? `inside another address (${value.trim()})`
              : `in the ${lower} of ${article(tag)} <${tag}>`;
          misplaced(found, where);
        }
      },
      ontext(text) {
        misplaced(filledIn(text, names), 'in the text');
      },
      oncomment(text) {
        misplaced(filledIn(text, names), 'in a comment');
      },
      onprocessinginstruction(_name, text) {
        misplaced(filledIn(text, names), 'in a declaration');
      },
    },
    { decodeEntities: false, lowerCaseAttributeNames: false },
  );
  if (!first && seen < toFill.length) first = { placeholder: toFill[0]!, where: 'in markup that is not a link' };
  return { misplaced: first, linked };
}

/** The message for a misplaced secret link, naming the placeholder; undefined when none is. */
export function secretLinkProblem(html: string): string | undefined {
  const m = secretLinksIn(html).misplaced;
  return m && CATALOG_MESSAGES.secretLinkMisplaced(m.placeholder, m.where);
}

/** The hosts links and images may point to: the public address's, then EMAIL_LINK_HOSTS. */
export function allowedLinkHosts(publicUrl: string, emailLinkHosts: readonly string[]): string[] {
  return [...new Set([new URL(publicUrl).hostname.toLowerCase(), ...emailLinkHosts.map((h) => h.toLowerCase())])];
}

/** Placeholders stand for text; for reading a URL's host, any text will do. */
const withoutPlaceholders = (url: string) => url.replace(/\{\{[^{}]*\}\}/g, 'x');

/**
 * What is wrong with where the links (a href) and images (img src) of `html` point, first problem
 * only; undefined when each points to an allowed host, is a secret link's whole href, a mailto: or
 * tel: link, an inline image, an in-page anchor or a relative address (which reaches no host from
 * an email). An address that starts with a placeholder is refused: its value would choose the host.
 */
export function linkHostProblem(html: string, allowedHosts: readonly string[]): string | undefined {
  const allowed = new Set(allowedHosts);
  const secrets = new Set(SECRET_LINK_PLACEHOLDERS);
  let problem: string | undefined;
  let tag = '';
  parse(
    html,
    {
      onopentagname(name) {
        tag = name;
      },
      onattribute(name, value) {
        if (problem) return;
        const lower = name.toLowerCase();
        if (!((tag === 'a' && lower === 'href') || (tag === 'img' && lower === 'src'))) return;
        const url = value.trim();
        const whole = WHOLE.exec(url)?.[1];
        if (tag === 'a' && whole !== undefined && secrets.has(whole)) return;
        const scheme = emailUrlScheme(url);
        if (scheme === 'mailto' || scheme === 'tel' || (scheme === 'data' && tag === 'img')) return;
        if (scheme === undefined) {
          if (!/^\s*\{\{/.test(url) && !/^[/\\]{2}/.test(url)) return;
          problem = CATALOG_MESSAGES.linkNotWhole(url, allowedHosts);
          return;
        }
        let host: string | undefined;
        try {
          host = scheme === 'http' || scheme === 'https' ? new URL(withoutPlaceholders(url)).hostname : undefined;
        } catch {
          host = undefined;
        }
        if (host === undefined || host === '') problem = CATALOG_MESSAGES.linkNotWhole(url, allowedHosts);
        else if (!allowed.has(host.toLowerCase().replace(/\.$/, ''))) {
          problem = CATALOG_MESSAGES.linkHostNotAllowed(host, allowedHosts);
        }
      },
    },
    // as the mail client reads the address: entities decoded
    { decodeEntities: true },
  );
  return problem;
}
