/**
 * The catalog area's rules, run in the browser and on the server alike: what a notification says,
 * and an email template's placeholder checks (the editor runs them as the admin types, the server
 * on save).
 */
import {
  CATALOG_MESSAGES,
  PLACEHOLDER_REGEX,
  SECRET_LINK_PLACEHOLDERS,
  type TemplatePlaceholder,
} from '../constants/catalog';

/** The placeholder names a text uses, in order of first appearance. */
export function placeholdersIn(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER_REGEX)) seen.add(m[1]!);
  return [...seen];
}

/** What a notification says: its description with the sender's display name in place (spec section 3). */
export function notificationText(n: {
  description: string;
  userDetails: { displayName: string; userName: string } | null;
}): string {
  const sender = n.userDetails?.displayName.trim() || (n.userDetails?.userName ? `@${n.userDetails.userName}` : '');
  // A function, so that a name holding `$&` is inserted as written, not as a replacement pattern.
  return n.description.replace(/\{\{\s*senderName\s*\}\}/g, () => sender || 'Someone');
}

// ---------------------------------------------------------------------------------------------
// Email template rules, run by the editor as the admin types and by the server on save.

type PlaceholderRule = Pick<TemplatePlaceholder, 'name' | 'description'> & { required?: boolean };

const braces = (name: string) => `{{${name}}}`;

/** "a", "a and b", "a, b and c" (or "or"). */
export function listed(items: string[], last = 'and'): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

/**
 * Every `{{…}}` of a text, as written: a misspelt one such as {{first name}} would reach the
 * recipient as it is, so it counts as one the email does not fill.
 */
function bracedNames(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]!))];
}

/** A subject is one line of plain text: stored trimmed, line breaks as spaces. */
export const templateSubjectOf = (subject: string) => subject.trim().replace(/\s*[\r\n]+\s*/g, ' ');

/** A placeholder the email does not fill, named, with the ones it does; undefined when none. */
export function unfilledPlaceholderProblem(text: string, fills: readonly PlaceholderRule[]): string | undefined {
  const known = new Set(fills.map((p) => p.name));
  const unknown = bracedNames(text).filter((name) => !known.has(name));
  if (!unknown.length) return undefined;
  const what = `${listed(unknown.map(braces))} ${unknown.length === 1 ? 'is' : 'are'} not filled in by this email`;
  return fills.length
    ? `${what}; use ${listed(
        fills.map((p) => braces(p.name)),
        'or',
      )}`
    : `${what}, which fills in no placeholders`;
}

/** A required placeholder the content lacks, named and described; undefined when none. */
export function missingPlaceholderProblem(content: string, fills: readonly PlaceholderRule[]): string | undefined {
  const used = new Set(placeholdersIn(content));
  const missing = fills.filter((p) => p.required && !used.has(p.name));
  if (!missing.length) return undefined;
  return `The content must include ${listed(
    missing.map((p) => `${braces(p.name)} (${p.description.charAt(0).toLowerCase()}${p.description.slice(1)})`),
  )}: the email does not work without it`;
}

/**
 * A placeholder carrying a secret link in a subject, named; undefined when none. A subject is plain
 * text, so such a link could only stand there as text, which the server refuses too.
 */
export function secretLinkInSubjectProblem(subject: string): string | undefined {
  const found = placeholdersIn(subject).find((name) => SECRET_LINK_PLACEHOLDERS.includes(name));
  return found ? CATALOG_MESSAGES.secretLinkInSubject(found) : undefined;
}
