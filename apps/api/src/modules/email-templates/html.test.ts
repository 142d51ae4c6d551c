import { EMAIL_HTML_CASES } from '@backoffice/shared-api/email-html-cases';
import { EMAIL_TEMPLATES } from '../../seed/email-templates';
import { emailText, hasHtml, plainText, previewOf, sanitizeEmailHtml, wellFormednessError } from './html';

describe('wellFormednessError', () => {
  it.each([
    ['a fragment', '<p>Hi <strong>{{firstName}}</strong>,</p><p>See <a href="{{resetLink}}">this</a>.</p>'],
    ['void elements, written either way', '<p>One<br>two<br/>three<img src="https://x.test/a.png" alt=""><hr /></p>'],
    ['paragraphs and list items left open', '<p>One\n<p>Two\n<ul><li>a<li>b</ul>'],
    ['a table with optional end tags left out', '<table><thead><tr><th>A<th>B<tbody><tr><td>1<td>2</table>'],
    [
      'a whole document with a doctype',
      '<!doctype html>\n<html><head><title>T</title></head><body><div>x</div></body></html>',
    ],
    ['a document whose html and body are never closed', '<html><body><p>x'],
    [
      'markup-looking text inside raw-text elements',
      '<script>if (a < b) { x = "</div>"; }</script><style>p > a {}</style><p>ok</p>',
    ],
    ['self-closing SVG elements', '<svg><path d="M0 0"/><circle r="1"/></svg>'],
    ['comments and upper-case tags', '<!-- note --><DIV><P>x</P></div>'],
    ['every seeded template', EMAIL_TEMPLATES.map((t) => t.content).join('\n')],
  ])('accepts %s', (_what, html) => {
    expect(wellFormednessError(html)).toBeUndefined();
  });

  it.each([
    ['an element never closed', '<p>ok</p>\n\n<div>\n<p>text</p>', '<div> on line 3 is never closed'],
    ['an element closed out of order', '<div>\n<b>bold</div>', '<b> on line 2 is never closed'],
    ['an end tag with nothing to close', '<p>a</p>\n<p>b</p>\n\n\n</span>', '</span> on line 5 closes nothing'],
    ['an end tag of a void element', '<p>a<br></br></p>', '</br> on line 1 closes nothing: <br> has no end tag'],
    [
      'a non-void element closing itself',
      '<p>a</p>\n<div/>',
      '<div/> on line 2 cannot close itself in HTML; write <div></div>',
    ],
    ['a tag cut off', '<p>a</p>\n<a href="x', 'the tag <a on line 2 is never finished (>)'],
    ['a comment never closed', '<p>a</p>\n<!-- b', 'the comment on line 2 is never closed (-->)'],
    ['a script never closed', '<p>a</p>\n<script>x()', '<script> on line 2 is never closed'],
    [
      'a cell content element left open',
      '<table><tr><td><span>x</td></tr></table>',
      '<span> on line 1 is never closed',
    ],
  ])('refuses %s, naming it and its line', (_what, html, problem) => {
    expect(wellFormednessError(html)).toBe(`The HTML is not well formed: ${problem}`);
  });

  it('names the first problem only', () => {
    expect(wellFormednessError('</em>\n<div>')).toBe('The HTML is not well formed: </em> on line 1 closes nothing');
  });
});

describe('sanitizeEmailHtml', () => {
  it.each(EMAIL_TEMPLATES.map((t) => [t.key, t.content]))(
    'keeps the seeded %s template as it is, doctype and styles included, and says nothing was removed',
    (_key, content) => {
      const { html, removed } = sanitizeEmailHtml(content);
      expect(removed).toEqual([]);
      // only the spelling of the style attributes changes
      const normalise = (s: string) =>
        s.replace(/style="([^"]*)"/g, (_m, v: string) => `style="${v.replace(/\s/g, '')}"`);
      expect(normalise(html)).toBe(normalise(content));
      expect(sanitizeEmailHtml(html)).toEqual({ html, removed: [] });
    },
  );

  it('keeps placeholders in links and text, entities as characters and &nbsp; visible', () => {
    const html =
      '<p>Hi {{firstName}}, &copy; 2026&nbsp;Acme &amp; co &lt;3</p><p><a href="{{resetLink}}" target="_blank">Reset</a> <a href="{{ resetLink }}">again</a> <a href="mailto:help@x.test">mail</a></p>';
    expect(sanitizeEmailHtml(html)).toEqual({
      html: '<p>Hi {{firstName}}, © 2026&nbsp;Acme &amp; co &lt;3</p><p><a href="{{resetLink}}" target="_blank">Reset</a> <a href="{{ resetLink }}">again</a> <a href="mailto:help@x.test">mail</a></p>',
      removed: [],
    });
  });

  it('keeps the tables, inline styles and images of an email layout', () => {
    const html =
      '<table width="100%" cellpadding="0" cellspacing="0" border="0" role="presentation"><tbody><tr><td align="center" valign="top" bgcolor="#ffffff" style="padding: 12px 24px; background-color: rgb(255, 255, 255); font-family: \'Helvetica Neue\', Arial, sans-serif"><img src="https://cdn.x.test/logo.png" alt="Logo" width="120" height="40"><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot"></td></tr></tbody></table>';
    const { html: out, removed } = sanitizeEmailHtml(html);
    expect(removed).toEqual([]);
    expect(out).toContain('<table width="100%" cellpadding="0" cellspacing="0" border="0" role="presentation">');
    expect(out).toContain(
      'style="padding:12px 24px;background-color:rgb(255, 255, 255);font-family:\'Helvetica Neue\', Arial, sans-serif"',
    );
    expect(out).toContain('<img src="https://cdn.x.test/logo.png" alt="Logo" width="120" height="40" />');
    expect(out).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" />');
  });

  it.each([
    ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>', ['<script> elements']],
    ['<p onclick="x()" style="color: red">a</p>', '<p style="color:red">a</p>', ['event handler attributes']],
    ['<a href="javascript:alert(1)">a</a>', '<a>a</a>', ['javascript: links']],
    ['<a href="vbscript:msgbox(1)">a</a>', '<a>a</a>', ['vbscript: links']],
    ['<a href="file:///etc/passwd">a</a>', '<a>a</a>', ['file: links']],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=" alt="x">', '<img alt="x" />', ['data: URLs that are not images']],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x">', '<img alt="x" />', ['data: URLs that are not images']],
    [
      '<p style="width: expression(alert(1)); color: blue; background: url(javascript:alert(1)); position: fixed">a</p>',
      '<p style="color:blue">a</p>',
      ['unsafe or unsupported styles'],
    ],
    ['<p class="x" id="y">a</p>', '<p>a</p>', ['unsupported attributes (class, id)']],
    ['<p>a<!-- secret --></p>', '<p>a</p>', ['comments']],
    [
      '<meta charset="utf-8"><meta http-equiv="refresh" content="0;url=https://evil.test">',
      '<meta charset="utf-8" /><meta />',
      ['<meta http-equiv> refreshes and redirects'],
    ],
    [
      '<iframe src="javascript:alert(1)"></iframe><style>p{}</style><form action="https://x.test"><p>a</p></form>',
      '<p>a</p>',
      ['<iframe>, <style> and <form> elements', 'javascript: links'],
    ],
  ])('cleans %s and says what went', (dirty, clean, removed) => {
    expect(sanitizeEmailHtml(dirty)).toEqual({ html: clean, removed });
  });

  // The editor's preview is held to these same results (apps/catalog, TemplatePreview.test.tsx).
  it.each(EMAIL_HTML_CASES.map((c) => [c.name, c]))('keeps of %s what the preview is checked against', (_name, c) => {
    expect(sanitizeEmailHtml(c.input).html).toBe(c.server);
  });

  it('keeps only a doctype at the very start, and only an HTML one', () => {
    expect(sanitizeEmailHtml('<!DOCTYPE html><p>a</p>').html).toBe('<!DOCTYPE html><p>a</p>');
    expect(sanitizeEmailHtml('<!doctype html><script>x</script><p>a</p>').html).toBe('<!doctype html><p>a</p>');
    expect(sanitizeEmailHtml('<!doctype svg><p>a</p>').html).toBe('<p>a</p>');
  });
});

describe('emailText, the plain-text part of an email', () => {
  it('reads a seeded layout as its reader would: paragraphs apart, the link after its text, no head', () => {
    const forgot = EMAIL_TEMPLATES.find((t) => t.key === 'forgot-password')!.content;
    expect(emailText(forgot.replace('{{resetLink}}', 'https://x.test/reset-password?token=abc'))).toBe(
      [
        'Hi {{firstName}},',
        'We received a request to reset your password. Click the link below to choose a new one:',
        'Reset my password [https://x.test/reset-password?token=abc]',
        'This link expires in {{expiresInMinutes}} minutes. If you did not ask for it, ignore this email.',
        'You received this email because you have an account with us.',
      ].join('\n\n'),
    );
  });

  it('decodes every entity, keeps table cells apart and lists bulleted, and shows images by their alt text', () => {
    const html =
      '<html><head><title>Receipt</title><meta charset="utf-8"></head><body>' +
      '<p>&copy; 2026&nbsp;Acme &amp; co &lt;3 &quot;quoted&quot; &#8364;5</p>' +
      '<table><tr><td>Amount</td><td>$10.00</td></tr><tr><td>Reference</td><td>PAY-1</td></tr></table>' +
      '<ul><li>one</li><li>two</li></ul>' +
      '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="Acme"> <img src="https://x.test/pixel.gif" alt=""></p>' +
      '</body></html>';
    expect(emailText(html)).toBe(
      '© 2026\u00a0Acme & co <3 "quoted" €5\n\nAmount\n$10.00\nReference\nPAY-1\n\n * one\n * two\n\nAcme',
    );
  });

  it('writes an address once when the link text is the address, and none for an in-page anchor', () => {
    expect(
      emailText(
        '<p><a href="https://x.test/help">https://x.test/help</a> <a href="mailto:help@x.test">help@x.test</a> <a href="#top">Top</a> <a href="tel:+15550100">call us</a></p>',
      ),
    ).toBe('https://x.test/help help@x.test Top call us [tel:+15550100]');
  });
});

describe('plainText and previewOf', () => {
  it('strips tags, hidden parts and entities, and collapses whitespace between blocks', () => {
    const html =
      '<!doctype html><html><head><title>T</title><style>p{}</style></head><body>\n<p>Hi&nbsp;<b>Jane</b>,</p><p>Tom &amp; Jerry &lt;3</p>\n\n<ul><li>one</li><li>two</li></ul></body></html>';
    expect(plainText(html)).toBe('Hi Jane, Tom & Jerry <3 one two');
  });

  it('cuts at the length with an ellipsis, and only when it must', () => {
    expect(previewOf('<p>short</p>', 10)).toBe('short');
    expect(previewOf('<p>exactly 10</p>', 10)).toBe('exactly 10');
    expect(previewOf('<p>one two three four</p>', 10)).toBe('one two t…');
    // no space is left before the ellipsis
    expect(previewOf('<p>one two  three</p>', 9)).toBe('one two…');
    expect(previewOf('<p>abcdefghijklmnop</p>', 10)).toBe('abcdefghi…');
    // a character outside the BMP counts once and is never split
    expect(previewOf(`<p>${'😀'.repeat(12)}</p>`, 10)).toBe(`${'😀'.repeat(9)}…`);
  });
});

describe('hasHtml', () => {
  it.each([
    ['<b>Hi</b>', true],
    ['Hi <br/>', true],
    ['Hi <!-- x', true],
    ['Save 5 < 10 > 3', false],
    ['Reset your password, {{firstName}}', false],
  ])('%s → %s', (text, expected) => {
    expect(hasHtml(text)).toBe(expected);
  });
});
