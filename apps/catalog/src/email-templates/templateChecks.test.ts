import { CATALOG_LIMITS, CATALOG_MESSAGES } from '@backoffice/shared-api';
import { contentProblem, subjectOf, subjectProblem, type TemplatePlaceholders } from './templateChecks';

// The forgot-password email's, as the server lists them; written out so these tests load no screen.
const PLACEHOLDERS: TemplatePlaceholders = [
  { name: 'firstName', description: "The recipient's first name", required: false, sample: 'Jane' },
  {
    name: 'resetLink',
    description: 'The one-time password reset link',
    required: true,
    sample: 'https://example.com/reset-password?token=sample',
  },
];
const LINK = '{{resetLink}}';
const USE = 'use {{firstName}} or {{resetLink}}';
const MISSING_LINK =
  'The content must include {{resetLink}} (the one-time password reset link): the email does not work without it';

describe('The subject check', () => {
  it.each([
    ['', CATALOG_MESSAGES.subjectRequired],
    [' \n ', CATALOG_MESSAGES.subjectRequired],
    ['Hi <b>you</b>', CATALOG_MESSAGES.subjectHasHtml],
    ['Hi <!-- you -->', CATALOG_MESSAGES.subjectHasHtml],
    ['Hi {{nickname}}', `{{nickname}} is not filled in by this email; ${USE}`],
    // Misspelt, it would reach the inbox as typed.
    ['Hi {{first name}}', `{{first name}} is not filled in by this email; ${USE}`],
    ['x'.repeat(CATALOG_LIMITS.templateSubjectMax + 1), 'At most 200 characters'],
    // a secret link may only be a link's address in the content
    [`Your link: ${LINK}`, CATALOG_MESSAGES.secretLinkInSubject('resetLink')],
  ])('refuses %j', (subject, message) => {
    expect(subjectProblem(subject, PLACEHOLDERS)).toBe(message);
  });

  it.each(['Reset your password', 'For {{ firstName }}', 'Save 5 < 10 > 3'])('accepts %j', (subject) => {
    expect(subjectProblem(subject, PLACEHOLDERS)).toBeUndefined();
  });

  it('reads the subject as the server stores it: trimmed, one line', () => {
    expect(subjectOf('  Reset \r\n  your password\n')).toBe('Reset your password');
  });
});

describe('The content check', () => {
  it.each([
    ['', CATALOG_MESSAGES.contentRequired],
    [' \n ', CATALOG_MESSAGES.contentRequired],
    [`<p>{{code}} {{pin}} {{code}} ${LINK}</p>`, `{{code}} and {{pin}} are not filled in by this email; ${USE}`],
    ['<p>{{firstName}}</p>', MISSING_LINK],
    [`${'x'.repeat(CATALOG_LIMITS.templateContentMax)}${LINK}`, 'At most 100,000 characters'],
  ])('refuses %j', (content, message) => {
    expect(contentProblem(content, PLACEHOLDERS)).toBe(message);
  });

  it('names every missing required placeholder', () => {
    const two = [...PLACEHOLDERS, { name: 'code', description: 'The code', required: true, sample: '123' }];
    expect(contentProblem('<p>Hi</p>', two)).toBe(
      'The content must include {{resetLink}} (the one-time password reset link) and {{code}} (the code): the email does not work without it',
    );
  });

  it('says so when the email fills no placeholders at all', () => {
    expect(contentProblem('<p>{{firstName}}</p>', [])).toBe(
      '{{firstName}} is not filled in by this email, which fills in no placeholders',
    );
  });

  it('accepts the required placeholders written with spaces, in a link', () => {
    expect(contentProblem(`<a href="{{ resetLink }}">Reset</a>`, PLACEHOLDERS)).toBeUndefined();
  });
});
