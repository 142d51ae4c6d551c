import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import {
  CATALOG_LIMITS,
  CATALOG_MESSAGES,
  EMAIL_TEMPLATE_PLACEHOLDERS,
  EmailTemplate,
  EmailTemplateRow,
  serverEvents,
} from '@backoffice/shared-api/contract';
import { EMAIL_TEMPLATES } from '../src/seed/email-templates';
import { TEST_ADMIN } from './helpers/constants';
import { allPages, expectMalformedId } from './helpers/expect';
import { collectEvents, nextEventOf, startWithAdminSocket } from './helpers/sockets';
import { BACKENDS, eventually, type TestApi } from './helpers/test-api';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const M = CATALOG_MESSAGES;
const SORTS: Record<string, string> = { updatedAt: 'updated_at', createdAt: 'created_at', name: 'name', key: 'key' };
const FORGOT_FILLS = '{{firstName}}, {{resetLink}} or {{expiresInMinutes}}';
const NOT_FILLED = (names: string) => `${names} is not filled in by this email; use ${FORGOT_FILLS}`;
const RESET_LINK_REQUIRED =
  'The content must include {{resetLink}} (the one-time password reset link): the email does not work without it';

/** Style attributes come back as the sanitiser spells them; only the spaces differ. */
const withoutStyleSpaces = (html: string) =>
  html.replace(/style="([^"]*)"/g, (_m, v: string) => `style="${v.replace(/\s/g, '')}"`);

// ---------------------------------------------------------------------------------------------
// What may never survive a save

/** Numeric and the few named character references an attacker uses to hide "javascript:". */
function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&(colon|tab|newline|amp|quot|lt|gt);/gi, (_m, n: string) => {
      const named: Record<string, string> = {
        colon: ':',
        tab: '\t',
        newline: '\n',
        amp: '&',
        quot: '"',
        lt: '<',
        gt: '>',
      };
      return named[n.toLowerCase()]!;
    });
}

/** What browsers skip when they read a URL's scheme. */
// eslint-disable-next-line no-control-regex
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f-\u009f]/g;
const URL_ATTRIBUTE =
  /\s(?:href|src|xlink:href|action|formaction|data|background|poster|srcdoc)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const DANGEROUS_ELEMENT =
  /<(script|iframe|object|embed|form|base|link|style|svg|math|template|noscript|input|button|details|video|audio|source|frame|frameset|applet|xss)\b/i;

/** Every way the stored HTML could still run something when opened, listed so a failure says which. */
function executableVectors(html: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(html)) found.push('<script');
  const element = DANGEROUS_ELEMENT.exec(html);
  if (element) found.push(`<${element[1]}`);
  const handler = /\son\w+\s*=/i.exec(html);
  if (handler) found.push(handler[0].trim());
  if (/http-equiv|url=/i.test(html)) found.push('a meta refresh');
  for (const m of html.matchAll(URL_ATTRIBUTE)) {
    const url = decodeEntities(m[1] ?? m[2] ?? m[3] ?? '')
      .replace(IGNORED_IN_URLS, '')
      .toLowerCase();
    if (/^(javascript|vbscript|livescript):/.test(url) || /^data:(?!image\/(png|gif|jpe?g|webp|bmp)[;,])/.test(url)) {
      found.push(`${m[0].trim()}`);
    }
  }
  for (const m of html.matchAll(/style\s*=\s*"([^"]*)"/gi)) {
    if (/expression\s*\(|url\s*\(|behavior|javascript|\\/i.test(decodeEntities(m[1]!))) found.push(`style="${m[1]}"`);
  }
  return found;
}

/**
 * XSS payloads (OWASP cheat sheet, html5sec.org, DOMPurify and sanitize-html advisories), each well
 * formed so that it reaches the sanitiser: [what it tries, payload, text of its own that must survive or ''].
 */
const XSS: Array<[string, string, string]> = [
  ['a script element', '<script>alert(1)</script>', ''],
  ['a script in upper case with a src', '<SCRIPT SRC=https://evil.test/x.js></SCRIPT>', ''],
  ['a script in mixed case', '<ScRiPt>alert(String.fromCharCode(88,83,83))</sCrIpT>', ''],
  ['a script with attributes and a newline', '<script\ntype="text/javascript">alert(1)</script >', ''],
  ['img onerror', '<img src=x onerror=alert(1)>', ''],
  ['img onerror with spaces and quotes', '<img src="x"   onerror  =  "alert(1)" alt="pic">', ''],
  ['img with a javascript: src', `<IMG SRC="javascript:alert('XSS');">`, ''],
  ['img with a tab entity in the scheme', '<img src="jav&#x09;ascript:alert(1)">', ''],
  ['svg onload', '<svg onload="alert(1)"></svg>', ''],
  [
    'svg xlink:href',
    '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="20">svg link</text></a></svg>',
    'svg link',
  ],
  [
    'svg animate retargeting a link',
    '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>anim</text></a></svg>',
    'anim',
  ],
  ['javascript: in mixed case', '<a href="jAvAsCrIpT:alert(1)">mixed</a>', 'mixed'],
  [
    'javascript: as decimal entities',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">dec</a>',
    'dec',
  ],
  ['javascript: as hex entities and &colon;', '<a href="&#x6A;avascript&colon;alert(1)">hex</a>', 'hex'],
  ['javascript: with padded entities', '<a href="java&#0000009;script:alert(1)">padded</a>', 'padded'],
  ['javascript: behind whitespace and control characters', '<a href=" &#14; javascript:alert(1)">ws</a>', 'ws'],
  ['javascript: split by a newline', '<a href="java\nscript:alert(1)">nl</a>', 'nl'],
  ['a link with an event handler', '<a href="https://ok.test" onmouseover="alert(1)">hover</a>', 'hover'],
  ['vbscript:', '<a href="vbscript:msgbox(1)">vb</a>', 'vb'],
  ['a data:text/html link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>', 'data'],
  ['a data:text/html image', '<img src="data:text/html,<script>alert(1)</script>" alt="d">', ''],
  ['iframe with javascript:', '<iframe src="javascript:alert(1)"></iframe>', ''],
  ['iframe srcdoc', '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>', ''],
  ['object', '<object data="javascript:alert(1)"></object>', ''],
  ['embed', '<embed src="javascript:alert(1)">', ''],
  [
    'form action and formaction',
    '<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">go</button></form>',
    'go',
  ],
  ['input autofocus onfocus', '<input autofocus onfocus="alert(1)">', ''],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
  ['base href', '<base href="javascript:alert(1)//">', ''],
  ['link stylesheet', '<link rel="stylesheet" href="javascript:alert(1)">', ''],
  ['style expression()', '<div style="width: expression(alert(1))">expr</div>', 'expr'],
  ['style url(javascript:)', '<div style="background-image: url(javascript:alert(1))">bg</div>', 'bg'],
  [
    'style hidden by a CSS escape and a comment',
    '<div style="background: u\\rl(javascript:alert(1)); width: expr/**/ession(alert(1))">esc</div>',
    'esc',
  ],
  ['style behavior', '<p style="behavior: url(xss.htc)">beh</p>', 'beh'],
  [
    'a style element with @import',
    "<style>@import 'https://evil.test/x.css'; p { background: url(javascript:alert(1)) }</style>",
    '',
  ],
  [
    'the math/mglyph/style mutation',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '',
  ],
  ['the noscript attribute breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ''],
  ['details ontoggle', '<details open ontoggle="alert(1)"><summary>more</summary>hidden</details>', 'hidden'],
  ['a template element', '<template><script>alert(1)</script><img src=x onerror=alert(1)></template>', ''],
  ['a comment hiding a script', '<!--<script>alert(1)</script>-->', ''],
  ['a conditional comment', '<!--[if gte mso 9]><script>alert(1)</script><![endif]-->', ''],
  ['an attribute breaking out of its tag', '<p title="</p><script>alert(1)</script>">breakout</p>', 'breakout'],
  ['body onload', '<body onload="alert(1)"><p>in body</p></body>', 'in body'],
  ['video source onerror', '<video><source onerror="alert(1)"></video>', ''],
  ['table background', '<table background="javascript:alert(1)"><tr><td>cell</td></tr></table>', 'cell'],
  ['an unknown tag with a style', '<xss style="behavior: url(xss.htc);">unknown</xss>', 'unknown'],
];

describe.each(BACKENDS)('email templates on %s', (backend) => {
  let api: TestApi;
  let token: string;
  let socket: Socket;
  let made = 0;
  const db = () => api.database.db;

  beforeAll(async () => {
    ({ api, token, socket } = await startWithAdminSocket(backend));
    // the XSS corpus links to ok.test: a host the operator allows (EMAIL_LINK_HOSTS)
    api.server.context.config.emailLinkHosts = ['ok.test'];
  });
  afterAll(async () => {
    socket?.disconnect();
    await api?.close();
  });

  const list = (query: Record<string, string> = {}) => api.call('GET', '/emailTemplate/getAll', { token, query });
  const detail = (id: string) => api.call('GET', '/emailTemplate/getDetail', { token, query: { id } });
  const update = (id: string, body: Record<string, unknown>) =>
    api.call('PATCH', '/emailTemplate/update', { token, query: { id }, body });

  const stored = (id: string) =>
    db().selectFrom('email_templates').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const byKey = (key: string) =>
    db().selectFrom('email_templates').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
  const count = async () =>
    Number(
      (
        await db()
          .selectFrom('email_templates')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A template of its own, under a key the API does not send by, dated long ago so that a change shows. */
  async function scratchTemplate(content = '<p>Hello {{firstName}}</p>', placeholders = ['firstName']) {
    const n = ++made;
    const at = new Date(Date.UTC(2024, 3, 1 + (n % 28), 8, n));
    return db()
      .insertInto('email_templates')
      .values({
        key: `scratch-${n}-${crypto.randomBytes(3).toString('hex')}`,
        name: `Scratch ${n}`,
        subject: 'Scratch subject',
        content,
        placeholders,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const expectedIds = async (sortBy: string, order: 'asc' | 'desc') =>
    (
      await db()
        .selectFrom('email_templates')
        .select('id')
        .orderBy(sql.ref(SORTS[sortBy]!), order)
        .orderBy('id', order)
        .execute()
    ).map((r) => r.id);

  describe('GET /emailTemplate/getAll', () => {
    beforeAll(async () => {
      // equal dates, so that ties show
      for (let i = 0; i < 3; i++) await scratchTemplate();
      await db()
        .updateTable('email_templates')
        .set({ updated_at: new Date(Date.UTC(2024, 0, 1)) })
        .where('key', 'like', 'scratch-%')
        .execute();
    });

    it('lists templates most recently updated first, with a plain-text preview of the content', async () => {
      const r = await list();
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(await count());
      expect(r.body.data.map((t: EmailTemplateRow) => t._id)).toEqual(
        (await expectedIds('updatedAt', 'desc')).slice(0, 10),
      );
      expect(Object.keys(r.body.data[0]).sort()).toEqual(Object.keys(EmailTemplateRow.properties).sort());
      const forgot = (await list({ search: 'forgot-password' })).body.data[0] as EmailTemplateRow;
      const row = await byKey('forgot-password');
      expect(forgot).toEqual({
        _id: row.id,
        key: 'forgot-password',
        name: 'Forgot password',
        subject: row.subject,
        preview: expect.stringMatching(
          /^Hi \{\{firstName\}\}, We received a request to reset your password\. Click .*…$/,
        ),
        updatedAt: row.updated_at.toISOString(),
      });
      expect(Array.from(forgot.preview)).toHaveLength(CATALOG_LIMITS.templatePreviewLength);
    });

    it('previews text with entities decoded and whitespace collapsed, cut only when long', async () => {
      const t = await scratchTemplate(
        '<html><head><title>Hidden</title></head><body>\n<p>Tom &amp; Jerry&nbsp;&lt;3</p>\n\n<p>  again  </p></body></html>',
      );
      const r = await list({ search: t.key });
      expect(r.body.data).toEqual([expect.objectContaining({ _id: t.id, preview: 'Tom & Jerry <3 again' })]);
    });

    it.each(Object.keys(SORTS).flatMap((s) => [[s, 'asc'] as const, [s, 'desc'] as const]))(
      'sorts by %s %s across pages, ties by id',
      async (sortBy, sortOrder) => {
        const rows = await allPages<EmailTemplateRow>(list, { sortBy, sortOrder }, 3);
        expect(rows.map((t) => t._id)).toEqual(await expectedIds(sortBy, sortOrder));
      },
    );

    it('searches the name and the key, trimmed and case-insensitive, with % and _ literal', async () => {
      const byName = await allPages<EmailTemplateRow>(list, { search: '  PAYOUT ' }, 3);
      expect(byName.map((t) => t.key).sort()).toEqual(['payout-approved', 'payout-rejected']);
      const byKeyText = await list({ search: 'request-appr' });
      expect(byKeyText.body.data.map((t: EmailTemplateRow) => t.key)).toEqual(['influencer-request-approved']);
      for (const search of ['payout_', '%', 'nothing like it']) {
        expect((await list({ search })).body).toMatchObject({ data: [], total: 0 });
      }
    });

    it('refuses an unknown sort and needs a signed-in admin', async () => {
      expect((await list({ sortBy: 'content' })).status).toBe(400);
      expect((await api.call('GET', '/emailTemplate/getAll')).status).toBe(401);
    });
  });

  describe('GET /emailTemplate/getDetail', () => {
    it('returns a template with the placeholders its email fills in', async () => {
      const row = await byKey('forgot-password');
      const r = await detail(row.id);
      expect(r.body).toEqual({
        statusCode: 200,
        message: 'Email template',
        data: {
          _id: row.id,
          key: 'forgot-password',
          name: 'Forgot password',
          subject: row.subject,
          content: row.content,
          placeholders: EMAIL_TEMPLATE_PLACEHOLDERS['forgot-password']!.map((p) => ({ required: false, ...p })),
          createdAt: row.created_at.toISOString(),
          updatedAt: row.updated_at.toISOString(),
        },
      });
      expect(
        r.body.data.placeholders.filter((p: { required: boolean }) => p.required).map((p: { name: string }) => p.name),
      ).toEqual(['resetLink']);
      expect(Object.keys(r.body.data).sort()).toEqual(Object.keys(EmailTemplate.properties).sort());
    });

    it('lists what a template of an unknown key already uses', async () => {
      const t = await scratchTemplate('<p>{{a}} {{b_2}}</p>', ['a', 'b_2']);
      expect((await detail(t.id)).body.data.placeholders).toEqual([
        { name: 'a', description: '', required: false, sample: 'a' },
        { name: 'b_2', description: '', required: false, sample: 'b_2' },
      ]);
    });

    it('answers 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
      expect((await detail(UNKNOWN_ID)).body).toEqual({ statusCode: 404, message: M.emailTemplateNotFound });
      expectMalformedId(await detail('nope'));
      expect((await api.call('GET', '/emailTemplate/getDetail', { query: { id: UNKNOWN_ID } })).status).toBe(401);
    });
  });

  describe('PATCH /emailTemplate/update', () => {
    it('changes the subject only, trimmed, moves updatedAt, and tells signed-in admins', async () => {
      const t = await scratchTemplate();
      const announced = nextEventOf<{ _id: string }>(
        socket,
        serverEvents.emailTemplateUpdated.name,
        (p) => p._id === t.id,
      );
      const r = await update(t.id, { subject: '  Hi {{ firstName }}\r\n again  ' });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Template saved');
      const row = await stored(t.id);
      expect(row).toMatchObject({
        subject: 'Hi {{ firstName }} again',
        content: t.content,
        placeholders: ['firstName'],
      });
      expect(row.updated_at.getTime()).toBeGreaterThan(t.updated_at.getTime());
      expect(r.body.data).toEqual((await detail(t.id)).body.data);
      await expect(announced).resolves.toEqual({ _id: t.id });
    });

    it('stores the content sanitised, and leaves updatedAt alone when nothing really changes', async () => {
      const t = await scratchTemplate();
      const r = await update(t.id, { content: '<p onclick="x()">Hello <b>{{firstName}}</b></p>' });
      expect(r.body).toMatchObject({
        statusCode: 200,
        message: 'Template saved. Removed for safety: event handler attributes',
        data: { content: '<p>Hello <b>{{firstName}}</b></p>' },
      });
      const saved = await stored(t.id);
      expect(saved.content).toBe('<p>Hello <b>{{firstName}}</b></p>');

      const again = await update(t.id, { content: saved.content, subject: saved.subject });
      expect(again.body.message).toBe('Template saved');
      expect((await stored(t.id)).updated_at).toEqual(saved.updated_at);
    });

    it('keeps the placeholders column to what the subject and content use', async () => {
      const row = await byKey('influencer-request-approved');
      await update(row.id, { content: '<p>Congratulations {{firstName}}: {{reason}}</p>' });
      expect((await stored(row.id)).placeholders).toEqual(['displayName', 'firstName', 'reason']);
      await update(row.id, { subject: 'Approved' });
      expect((await stored(row.id)).placeholders).toEqual(['firstName', 'reason']);
      const seed = EMAIL_TEMPLATES.find((s) => s.key === row.key)!;
      expect((await update(row.id, { subject: seed.subject, content: seed.content })).status).toBe(200);
      expect((await stored(row.id)).placeholders).toEqual(row.placeholders);
    });

    describe('refusals, which change nothing', () => {
      let id: string;
      let before: Awaited<ReturnType<typeof stored>>;
      let events: unknown[];
      beforeAll(() => {
        events = collectEvents(socket, serverEvents.emailTemplateUpdated.name);
      });
      beforeEach(async () => {
        id = (await byKey('forgot-password')).id;
        before = await stored(id);
        // the events of earlier saves may still be on their way
        await new Promise((r) => setTimeout(r, 100));
        events.length = 0;
      });
      afterEach(async () => {
        expect(await stored(id)).toEqual(before);
        await new Promise((r) => setTimeout(r, 50));
        expect(events).toEqual([]);
      });

      it.each<[string, Record<string, unknown>, Record<string, string>]>([
        ['an empty body', {}, {}],
        ['only fields that cannot change', { name: 'Renamed', key: 'other' }, {}],
        ['a blank subject', { subject: '  \n ' }, { subject: M.subjectRequired }],
        ['HTML in the subject', { subject: 'Reset <b>now</b>' }, { subject: M.subjectHasHtml }],
        ['a comment in the subject', { subject: 'Reset <!-- now' }, { subject: M.subjectHasHtml }],
        ['a blank content', { content: ' \n\t ' }, { content: M.contentRequired }],
        [
          'a content made only of what is unsafe',
          { content: '<script>alert(1)</script><!-- x -->' },
          { content: 'Nothing would be left of the content once <script> elements and comments are removed' },
        ],
        [
          'an element never closed',
          { content: '<p>Hi {{firstName}}</p>\n<p><a href="{{resetLink}}">Reset</a></p>\n<div>\n<p>x</p>' },
          { content: 'The HTML is not well formed: <div> on line 3 is never closed' },
        ],
        [
          'an end tag that closes nothing',
          { content: '<p>Hi</p>\n<p>\n<a href="{{resetLink}}">Reset</a>\n</p>\n</span>' },
          { content: 'The HTML is not well formed: </span> on line 5 closes nothing' },
        ],
        [
          'elements closed out of order',
          { content: '<div><a href="{{resetLink}}"><b>Reset</a></b></div>' },
          { content: 'The HTML is not well formed: <b> on line 1 is never closed' },
        ],
        [
          'a placeholder the email does not fill, in the content',
          { content: '<p>Hi {{userName}}, <a href="{{resetLink}}">reset</a></p>' },
          { content: NOT_FILLED('{{userName}}') },
        ],
        [
          'two of them, one misspelt',
          { content: '<p>Hi {{first name}} {{amount}}, <a href="{{resetLink}}">reset</a></p>' },
          { content: `{{first name}} and {{amount}} are not filled in by this email; use ${FORGOT_FILLS}` },
        ],
        [
          'a placeholder the email does not fill, in the subject',
          { subject: 'Reset, {{displayName}}' },
          { subject: NOT_FILLED('{{displayName}}') },
        ],
        [
          'the required reset link left out',
          { content: '<p>Hi {{firstName}}, ask us for a new password.</p>' },
          { content: RESET_LINK_REQUIRED },
        ],
        [
          'the reset link only in a link the sanitiser removes',
          { content: '<p>Hi <a href="javascript:{{resetLink}}">reset</a></p>' },
          { content: RESET_LINK_REQUIRED },
        ],
        [
          'problems in both fields',
          { subject: '<i>x</i>', content: '<p>no link</p>' },
          { subject: M.subjectHasHtml, content: RESET_LINK_REQUIRED },
        ],
        [
          'a subject over the limit',
          { subject: 'x'.repeat(CATALOG_LIMITS.templateSubjectMax + 1) },
          { subject: 'subject must be at most 200 characters' },
        ],
        [
          'a content over the limit',
          { content: `<p>{{resetLink}}${'x'.repeat(CATALOG_LIMITS.templateContentMax)}</p>` },
          { content: 'content must be at most 100000 characters' },
        ],
      ])('refuses %s with a 400 on the field', async (_what, body, errors) => {
        const r = await update(id, body);
        expect(r.status).toBe(400);
        if (Object.keys(errors).length) {
          expect(r.body.errors).toEqual(errors);
          expect(r.body.message).toBe(Object.values(errors).join('; '));
        } else {
          expect(r.body).toEqual({ statusCode: 400, message: M.nothingToChange });
        }
      });

      it('answers 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
        expect((await update(UNKNOWN_ID, { subject: 'x' })).body).toEqual({
          statusCode: 404,
          message: M.emailTemplateNotFound,
        });
        expectMalformedId(await update('nope', { subject: 'x' }));
        const anonymous = await api.call('PATCH', '/emailTemplate/update', { query: { id }, body: { subject: 'x' } });
        expect(anonymous.status).toBe(401);
      });
    });

    it('accepts every placeholder the email fills, with or without spaces inside the braces', async () => {
      const t = await byKey('payout-approved');
      const r = await update(t.id, {
        subject: '{{ amount }} paid',
        content: '<p>{{firstName}}: {{amount}} ({{ reference }})</p>',
      });
      expect(r.status).toBe(200);
      expect((await stored(t.id)).placeholders).toEqual(['amount', 'firstName', 'reference']);
    });

    it('lets a template of an unknown key use only what it already uses', async () => {
      const t = await scratchTemplate('<p>{{a}}</p>', ['a']);
      expect((await update(t.id, { content: '<p>{{a}} again</p>' })).status).toBe(200);
      expect((await update(t.id, { content: '<p>{{b}}</p>' })).body.errors).toEqual({
        content: '{{b}} is not filled in by this email; use {{a}}',
      });
      const none = await scratchTemplate('<p>plain</p>', []);
      expect((await update(none.id, { subject: 'Hi {{x}}' })).body.errors).toEqual({
        subject: '{{x}} is not filled in by this email, which fills in no placeholders',
      });
    });

    it('saves every seeded template unchanged as an equivalent template, with nothing removed', async () => {
      for (const seed of EMAIL_TEMPLATES) {
        const row = await byKey(seed.key);
        const r = await update(row.id, { subject: seed.subject, content: seed.content });
        expect(r.status).toBe(200);
        expect(r.body.message).toBe('Template saved');
        const saved = await stored(row.id);
        expect(withoutStyleSpaces(saved.content)).toBe(withoutStyleSpaces(seed.content));
        expect(saved.content.startsWith('<!doctype html>\n<html><body style=')).toBe(true);
        expect(saved.placeholders).toEqual(row.placeholders);
        // saving what was stored changes nothing at all
        expect((await update(row.id, { content: saved.content })).body.data.content).toBe(saved.content);
      }
    });

    it('keeps the forgot-password email working after an unchanged save, then sends the edited text', async () => {
      const seed = EMAIL_TEMPLATES.find((t) => t.key === 'forgot-password')!;
      const id = (await byKey('forgot-password')).id;
      expect((await update(id, { subject: seed.subject, content: seed.content })).status).toBe(200);
      const sent = (await api.outbox()).length;
      await api.call('POST', '/admin/forgotPassword', { body: { email: TEST_ADMIN.adminEmail } });
      const mail = await eventually(async () => (await api.outbox())[sent]);
      expect(mail.to).toBe(TEST_ADMIN.adminEmail);
      expect(mail.subject).toBe(seed.subject);
      expect(mail.html).toMatch(/<a href="[^"]*\/reset-password\?token=[A-Za-z0-9_-]+">Reset my password<\/a>/);
      expect(mail.text).toMatch(/Reset my password \[\S+\/reset-password\?token=[A-Za-z0-9_-]+\]/);
      expect(mail.text).toContain('Hi Ada,');

      const edited = await update(id, {
        subject: 'New password link for {{firstName}}',
        content:
          '<!doctype html>\n<html><body>\n<p>Hello&nbsp;{{firstName}}, here is your link:</p>\n<p><a href="{{resetLink}}" style="color: #0a66c2">Choose a new password</a></p>\n<p>Valid for {{expiresInMinutes}} minutes.<script>steal()</script></p>\n</body></html>',
      });
      expect(edited.body.message).toBe('Template saved. Removed for safety: <script> elements');
      await api.call('POST', '/admin/forgotPassword', { body: { email: TEST_ADMIN.adminEmail } });
      // the edit also told the Owners (template-safety.test.ts): the reset emails are the others
      const resets = async () =>
        (await api.outbox()).filter((m, i) => i >= sent && !m.subject.startsWith('Security email changed'));
      const next = await eventually(async () => (await resets())[1]);
      expect(next.subject).toBe('New password link for Ada');
      expect(next.html).toContain('<p>Hello&nbsp;Ada, here is your link:</p>');
      expect(next.html).not.toContain('steal');
      // the text part is the HTML as read: the non-breaking space stays one
      expect(next.text).toMatch(/^Hello\u00a0Ada, here is your link:\n\nChoose a new password \[/);
      expect(next.text).toMatch(/Choose a new password \[\S+\/reset-password\?token=[A-Za-z0-9_-]+\]/);
      expect(next.text).toContain('Valid for 30 minutes.');
    });

    describe('XSS corpus: nothing executable survives, the text around it does', () => {
      it.each(XSS)('%s', async (_what, payload, ownText) => {
        const t = await scratchTemplate('<p>placeholder</p>', []);
        const marker = crypto.randomBytes(4).toString('hex');
        const content = `<p>Before ${marker}.</p>\n${payload}\n<p>After ${marker}.</p>`;
        const r = await update(t.id, { content });
        expect(r.status).toBe(200);
        expect(r.body.message).toMatch(/^Template saved/);
        const saved = (await stored(t.id)).content;
        expect(r.body.data.content).toBe(saved);
        expect(executableVectors(saved)).toEqual([]);
        expect(saved).toContain(`<p>Before ${marker}.</p>`);
        expect(saved).toContain(`<p>After ${marker}.</p>`);
        if (ownText) expect(saved).toContain(ownText);
        // what the list and the detail give back is the stored, safe content
        expect(executableVectors((await detail(t.id)).body.data.content)).toEqual([]);
      });

      it('says what it removed', async () => {
        const t = await scratchTemplate('<p>placeholder</p>', []);
        const r = await update(t.id, {
          content:
            '<p onclick="a()">x</p><script>b()</script><iframe src="https://x.test"></iframe><a href="javascript:c()">y</a><a href="vbscript:d">z</a><p style="width: expression(e())">w</p><!-- f -->',
        });
        expect(r.body.message).toBe(
          'Template saved. Removed for safety: <script> and <iframe> elements, event handler attributes, javascript: links, vbscript: links, unsafe or unsupported styles, comments',
        );
      });

      it('checks the detector itself', () => {
        expect(executableVectors('<a href="jav&#x09;ascript:x">a</a>')).toEqual(['href="jav&#x09;ascript:x"']);
        expect(executableVectors('<p ONMOUSEOVER=x>')).toEqual(['ONMOUSEOVER=']);
        expect(executableVectors('<p style="background:url(x)">')).toEqual(['style="background:url(x)"']);
        expect(executableVectors('<svg>')).toEqual(['<svg']);
        expect(executableVectors('<img src="data:image/png;base64,AA" /><a href="https://x.test/on=1">on</a>')).toEqual(
          [],
        );
      });
    });
  });
});
