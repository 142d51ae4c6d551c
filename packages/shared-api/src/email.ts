/**
 * An email template's rules: the HTML allow-list (EMAIL_HTML) and what it keeps, the placeholders
 * each email fills and their checks. The server's sanitiser and the template editor's preview run
 * them; no other screen does, so it is an entry of its own, bundled where imported (not shared).
 */
export * from './constants/email-html';
export * from './rules/email-html';
export {
  EMAIL_TEMPLATE_PLACEHOLDERS,
  PLACEHOLDER_REGEX,
  SECRET_LINK_PLACEHOLDERS,
  SECURITY_EMAIL_TEMPLATES,
  type TemplatePlaceholder,
} from './constants/catalog';
export {
  listed,
  missingPlaceholderProblem,
  placeholdersIn,
  secretLinkInSubjectProblem,
  templateSubjectOf,
  unfilledPlaceholderProblem,
} from './rules/catalog';
