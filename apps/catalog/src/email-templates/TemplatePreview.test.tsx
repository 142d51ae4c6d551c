import { render, screen } from '@testing-library/react';
import { AppProviders } from '@backoffice/ui-kit';
import { createQueryClient } from '@backoffice/shared-api';
import { EMAIL_HTML_CASES } from '@backoffice/shared-api/email-html-cases';
import { escapeHtml, fillSamples, previewDocument, withoutScripts } from './previewDocument';
import { TemplatePreview } from './TemplatePreview';
import type { TemplatePlaceholders } from './templateChecks';

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

describe('The preview document', () => {
  it('fills each placeholder with its sample, spaces inside the braces allowed, others kept', () => {
    expect(fillSamples('Hi {{firstName}} / {{ firstName }} / {{nickname}}', PLACEHOLDERS, false)).toBe(
      'Hi Jane / Jane / {{nickname}}',
    );
  });

  it('escapes samples in HTML, not in plain text', () => {
    const risky = [{ name: 'firstName', description: '', required: false, sample: `<i>O'Neil & "Co"</i>` }];
    expect(fillSamples('<p>{{firstName}}</p>', risky, true)).toBe(
      '<p>&lt;i&gt;O&#39;Neil &amp; &quot;Co&quot;&lt;/i&gt;</p>',
    );
    expect(fillSamples('{{firstName}}', risky, false)).toBe(`<i>O'Neil & "Co"</i>`);
    expect(escapeHtml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&#39;');
  });

  it('keeps what the server keeps: no <style>, <form>, handlers or script links, styles filtered', () => {
    const html =
      '<html><head><style>p{color:red}</style><meta http-equiv="refresh" content="0;url=https://evil.test"></head>' +
      '<body><p ONCLICK="x()" class="a" style="color: red; position: fixed">Hi <img src="logo.png" onerror="x()"></p>' +
      '<script>x()</script><iframe src="https://evil.test"></iframe><object data="x.swf"></object>' +
      '<form action="https://evil.test"><p>In a form</p><input name="q"></form>' +
      '<a href=" JavaScript:x()">Bad</a><a href="https://example.com" target="_blank">Good</a>' +
      '<a href="data:text/html,<script>x()</script>">Data</a>' +
      '<img src="https://cdn.example.com/logo.png"><img src="data:image/png;base64,AAAA">' +
      '<img src="data:image/svg+xml;base64,PHN2Zz4="></body></html>';
    expect(withoutScripts(html)).toBe(
      '<p style="color:red">Hi <img></p><p>In a form</p>' +
        '<a>Bad</a><a href="https://example.com" target="_blank">Good</a><a>Data</a>' +
        '<img src="https://cdn.example.com/logo.png"><img src="data:image/png;base64,AAAA"><img>',
    );
  });

  it('shows the subject as text above the content', () => {
    const doc = previewDocument('Reset <now> for {{firstName}}', '<p>{{resetLink}}</p>', PLACEHOLDERS);
    expect(doc).toContain('<title>Reset &lt;now&gt; for Jane</title>');
    expect(doc).toContain('<strong>Reset &lt;now&gt; for Jane</strong>');
    expect(doc).toContain('<div><p>https://example.com/reset-password?token=sample</p></div>');
    expect(doc.indexOf('<strong>')).toBeLessThan(doc.indexOf('<p>'));
  });
});

interface Parsed {
  /** Each element, in document order, with its attributes as name=value (styles without spaces). */
  elements: { tag: string; attributes: string[] }[];
  text: string;
}

/** What a piece of HTML holds, as a browser parses it. */
function parsed(html: string): Parsed {
  const template = document.createElement('template');
  template.innerHTML = html;
  const elements = Array.from(template.content.querySelectorAll('*')).map((el) => ({
    tag: el.localName,
    attributes: Array.from(el.attributes)
      .map(({ name, value }) => `${name}=${name === 'style' ? value.replace(/([:;])\s+/g, '$1') : value}`)
      .sort(),
  }));
  return { elements, text: template.content.textContent ?? '' };
}

/**
 * The preview's elements that have no counterpart in what the server stores: matched in order, each
 * to a server element of its tag that has every attribute it has.
 */
function shownButNotStored(preview: Parsed, server: Parsed): string[] {
  const extra: string[] = [];
  let next = 0;
  for (const el of preview.elements) {
    const at = server.elements.findIndex(
      (s, i) => i >= next && s.tag === el.tag && el.attributes.every((a) => s.attributes.includes(a)),
    );
    if (at < 0) extra.push(`<${el.tag} ${el.attributes.join(' ')}>`);
    else next = at + 1;
  }
  return extra;
}

/** Where the preview shows less than the server stores, and why. */
const PREVIEW_SHOWS_LESS: Record<string, string> = {
  svg: 'the browser reads SVG as SVG: an <a> or <p> inside it goes, with its text',
  math: 'likewise for MathML',
  'attributes off the list': 'the server keeps a target outside the list empty (target=""), the preview drops it',
  'protocol-relative and relative addresses': 'a relative address has nothing to be relative to in the frame',
  'placeholders in links and text': 'unfilled, {{resetLink}} is a relative address',
};

describe('The preview and the server agree on what an email may hold', () => {
  it.each(EMAIL_HTML_CASES.map((c) => [c.name, c]))('%s', (name, c) => {
    const preview = parsed(withoutScripts(c.input));
    const server = parsed(c.server);
    // nothing the server takes out is shown
    expect(shownButNotStored(preview, server)).toEqual([]);
    // and, but for the known cases, nothing it keeps is missing
    if (!(name in PREVIEW_SHOWS_LESS)) expect(preview).toEqual(server);
  });
});

describe('TemplatePreview', () => {
  it('renders the document in a frame sandboxed with no permissions', () => {
    render(
      <AppProviders queryClient={createQueryClient()} toasts>
        <TemplatePreview subject="Hello {{firstName}}" content="<p>Hi {{firstName}}</p>" placeholders={PLACEHOLDERS} />
      </AppProviders>,
    );
    const frame = screen.getByTitle('Email preview');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe(
      previewDocument('Hello {{firstName}}', '<p>Hi {{firstName}}</p>', PLACEHOLDERS),
    );
    expect(frame.getAttribute('srcdoc')).toContain('<p>Hi Jane</p>');
  });
});
