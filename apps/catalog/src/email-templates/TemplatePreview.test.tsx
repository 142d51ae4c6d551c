import { render, screen } from '@testing-library/react';
import { AppProviders } from '@backoffice/ui-kit';
import { createQueryClient } from '@backoffice/shared-api';
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

  it('drops scripts, frames, event handlers, script links and relative addresses, and keeps the rest and styles', () => {
    const html =
      '<html><head><style>p{color:red}</style><meta http-equiv="refresh" content="0;url=https://evil.test"></head>' +
      '<body><p ONCLICK="x()" class="a">Hi <img src="logo.png" onerror="x()"></p>' +
      '<script>x()</script><iframe src="https://evil.test"></iframe><object data="x.swf"></object>' +
      '<a href=" JavaScript:x()">Bad</a><a href="https://example.com">Good</a>' +
      '<a href="data:text/html,<script>x()</script>">Data</a>' +
      '<img src="https://cdn.example.com/logo.png"><img src="data:image/png;base64,AAAA"></body></html>';
    expect(withoutScripts(html)).toBe(
      '<style>p{color:red}</style><p class="a">Hi <img></p>' +
        '<a>Bad</a><a href="https://example.com">Good</a><a>Data</a>' +
        '<img src="https://cdn.example.com/logo.png"><img src="data:image/png;base64,AAAA">',
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

describe('TemplatePreview', () => {
  it('renders the document in a frame sandboxed with no permissions', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
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
