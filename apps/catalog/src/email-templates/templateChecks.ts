import { CATALOG_LIMITS, CATALOG_MESSAGES, type EmailTemplate } from '@backoffice/shared-api';
import {
  missingPlaceholderProblem,
  secretLinkInSubjectProblem,
  templateSubjectOf,
  unfilledPlaceholderProblem,
} from '@backoffice/shared-api/email';

export type TemplatePlaceholders = EmailTemplate['placeholders'];

/** The subject goes out as plain text: anything that looks like a tag would reach the inbox as is. */
const TAG = /<\/?[A-Za-z][^>]*>|<!--/;

const tooLong = (max: number) => `At most ${max.toLocaleString('en-US')} characters`;

export const subjectOf = templateSubjectOf;

/** What is wrong with a subject, in the server's words; undefined when nothing. */
export function subjectProblem(subject: string, placeholders: TemplatePlaceholders): string | undefined {
  const text = subjectOf(subject);
  if (!text) return CATALOG_MESSAGES.subjectRequired;
  if (subject.length > CATALOG_LIMITS.templateSubjectMax) return tooLong(CATALOG_LIMITS.templateSubjectMax);
  if (TAG.test(text)) return CATALOG_MESSAGES.subjectHasHtml;
  return unfilledPlaceholderProblem(text, placeholders) ?? secretLinkInSubjectProblem(text);
}

/**
 * What is wrong with the content, in the server's words; undefined when nothing. Whether the HTML
 * is well formed, where a reset or invite link stands and which hosts links point to are the
 * server's to say, on the HTML as it would store it (its 400 lands on the field).
 */
export function contentProblem(content: string, placeholders: TemplatePlaceholders): string | undefined {
  if (!content.trim()) return CATALOG_MESSAGES.contentRequired;
  if (content.length > CATALOG_LIMITS.templateContentMax) return tooLong(CATALOG_LIMITS.templateContentMax);
  return unfilledPlaceholderProblem(content, placeholders) ?? missingPlaceholderProblem(content, placeholders);
}
