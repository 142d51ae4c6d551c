import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, CATALOG_MESSAGES, type EmailTemplate } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, type StubReply, type StubRequest } from '@backoffice/shared-api/testing';
import {
  bodyOf,
  buttonIn,
  emailTemplate,
  emailTemplateRow,
  failure,
  listReply,
  ok,
  renderCatalog,
  stubApi,
} from '../testFixtures';

import { NOTHING_CHANGED_MESSAGE, LEAVE_TITLE } from '@backoffice/ui-kit/forms';
import { PREVIEW_DEBOUNCE_MS } from './useEmailTemplateEditor';

const TEMPLATE = emailTemplate();
const LIST = '/app/email-templates';
const EDIT = `${LIST}/edit/${TEMPLATE._id}`;
const SAVED_AT = '2026-03-04T05:06:00.000Z';
const USE = 'use {{firstName}} or {{resetLink}}';
const MISSING_LINK =
  'The content must include {{resetLink}} (the one-time password reset link): the email does not work without it';

type Save = (config: StubRequest, current: EmailTemplate) => StubReply | Promise<StubReply>;

/** A fake API over one template; a save is applied as sent unless `save` answers otherwise. */
function server(initial: EmailTemplate = TEMPLATE, save?: Save) {
  let current = initial;
  const requests = stubApi(async (config) => {
    if (config.url === ROUTES.getAllEmailTemplates.path) return listReply([emailTemplateRow(1, { _id: current._id })]);
    if (config.url === ROUTES.getEmailTemplateDetail.path) {
      return (config.params as { id: string }).id === current._id
        ? ok(current)
        : failure(404, CATALOG_MESSAGES.emailTemplateNotFound);
    }
    if (config.url === ROUTES.updateEmailTemplate.path) {
      if (save) return save(config, current);
      current = { ...current, ...bodyOf(config), updatedAt: SAVED_AT };
      return ok(current, 'Template saved');
    }
    return undefined;
  });
  return {
    saves: () =>
      requests.filter((r) => r.url === ROUTES.updateEmailTemplate.path).map((r) => [r.method, r.params, bodyOf(r)]),
    details: () => requests.filter((r) => r.url === ROUTES.getEmailTemplateDetail.path),
  };
}

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const subjectField = () => screen.getByLabelText('Subject') as HTMLInputElement;
const contentField = () => screen.getByLabelText('HTML content') as HTMLTextAreaElement;
const preview = () => screen.getByTitle('Email preview');
const srcdoc = () => preview().getAttribute('srcdoc') ?? '';
// By text, not role: role queries over a whole antd screen are slow in jsdom.
const button = (name: string) => buttonIn(document.body, name);
const save = () => user().click(button('Save'));
/** Replaces a field's text in one change, as a paste does (typing 100 characters is slow in jsdom). */
const paste = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

async function openEditor(initial?: EmailTemplate, saveReply?: Save) {
  const api = server(initial, saveReply);
  const rendered = renderCatalog(EDIT);
  await waitFor(() => expect(subjectField()).toHaveValue((initial ?? TEMPLATE).subject));
  return { api, ...rendered };
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Email template editor', () => {
  it('shows the template, its placeholders and a sandboxed preview with the sample values', async () => {
    const { api } = await openEditor();
    expect(api.details().map((r) => r.params)).toEqual([{ id: TEMPLATE._id }]);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(screen.getByRole('link', { name: 'Email templates' })).toHaveAttribute('href', LIST);
    expect(screen.getByText('Forgot password', { selector: '.bo-breadcrumb *' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('forgot-password')).toBeInTheDocument();
    expect(contentField()).toHaveValue(TEMPLATE.content);

    expect(preview().tagName).toBe('IFRAME');
    expect(preview()).toHaveAttribute('sandbox', '');
    expect(srcdoc()).toContain('<title>Reset your password</title>');
    expect(srcdoc()).toContain('<p>Hi Jane,</p>');
    expect(srcdoc()).toContain('<a href="https://example.com/reset-password?token=sample">Reset my password</a>');
    expect(srcdoc()).not.toContain('{{');

    const list = within(screen.getByRole('list', { name: 'Placeholders' }));
    const items = list.getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('code')?.textContent)).toEqual(['{{firstName}}', '{{resetLink}}']);
    expect(within(items[0]!).getByText("The recipient's first name")).toBeInTheDocument();
    expect(within(items[0]!).queryByText('required')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('The one-time password reset link')).toBeInTheDocument();
    expect(within(items[1]!).getByText('required')).toBeInTheDocument();
  });

  it('escapes the sample values in the preview, and keeps a placeholder the email does not fill as typed', async () => {
    await openEditor(
      emailTemplate({
        subject: 'For {{firstName}}',
        content: '<p>{{firstName}} and {{other}}</p>',
        placeholders: [{ name: 'firstName', description: 'Name', required: false, sample: '<b>Jo & "Al"</b>' }],
      }),
    );
    expect(srcdoc()).toContain('<p>&lt;b&gt;Jo &amp; "Al"&lt;/b&gt; and {{other}}</p>');
    expect(srcdoc()).toContain('<title>For &lt;b&gt;Jo &amp; &quot;Al&quot;&lt;/b&gt;</title>');
    expect(srcdoc()).not.toContain('<b>Jo');
  });

  it('updates the preview once typing pauses, without the scripts and handlers typed', async () => {
    await openEditor();
    const before = srcdoc();
    const typed = '<p onclick="steal()">Hello {{firstName}}, {{resetLink}}</p><script>steal()</script>';
    // The form checks each change asynchronously: let that settle inside act as well.
    const type = (value: string) => act(async () => paste(contentField(), value));
    const wait = (ms: number) => act(async () => jest.advanceTimersByTime(ms));
    jest.useFakeTimers();
    try {
      await type(`${typed}<a href="javascript:steal()">Go</a>`);
      await wait(PREVIEW_DEBOUNCE_MS - 10);
      await type(`${typed}<a href="javascript:steal()">Go!</a>`);
      await wait(PREVIEW_DEBOUNCE_MS - 10);
      // Each keystroke starts the wait again.
      expect(srcdoc()).toBe(before);
      await wait(10);
    } finally {
      jest.useRealTimers();
    }
    expect(srcdoc()).toContain('<p>Hello Jane, https://example.com/reset-password?token=sample</p>');
    expect(srcdoc()).toContain('<a>Go!</a>');
    expect(srcdoc()).not.toMatch(/script|onclick|javascript:/);
  });

  it('checks the subject and the content as the server does and sends nothing they refuse', async () => {
    const { api } = await openEditor();
    await user().clear(subjectField());
    expect(await screen.findByText(CATALOG_MESSAGES.subjectRequired)).toBeInTheDocument();
    await user().type(subjectField(), 'Hi <b>there</b>');
    expect(await screen.findByText(CATALOG_MESSAGES.subjectHasHtml)).toBeInTheDocument();
    paste(subjectField(), 'Hi {{nickname}}');
    expect(await screen.findByText(`{{nickname}} is not filled in by this email; ${USE}`)).toBeInTheDocument();
    paste(subjectField(), 'Reset for {{firstName}}');
    await waitFor(() => expect(subjectField()).not.toHaveAttribute('aria-invalid', 'true'));

    paste(contentField(), '   ');
    expect(await screen.findByText(CATALOG_MESSAGES.contentRequired)).toBeInTheDocument();
    paste(contentField(), '<p>{{ firstName }} {{code}} {{pin}}</p> {{resetLink}}');
    expect(await screen.findByText(`{{code}} and {{pin}} are not filled in by this email; ${USE}`)).toBeInTheDocument();
    paste(contentField(), '<p>Hi {{firstName}}</p>');
    expect(await screen.findByText(MISSING_LINK)).toBeInTheDocument();
    expect(contentField()).toHaveAttribute('aria-invalid', 'true');

    await save();
    expect(await screen.findByText(MISSING_LINK)).toBeInTheDocument();
    expect(api.saves()).toEqual([]);

    paste(contentField(), '<p>Hi {{firstName}}, <a href="{{resetLink}}">reset</a></p>');
    await waitFor(() => expect(contentField()).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it('sends only the fields that changed, the subject trimmed', async () => {
    const { api } = await openEditor();
    paste(subjectField(), '  Choose a new password  ');
    await save();
    expect(await screen.findByText('Template saved')).toBeInTheDocument();
    expect(api.saves()).toEqual([['patch', { id: TEMPLATE._id }, { subject: 'Choose a new password' }]]);
    expect(subjectField()).toHaveValue('Choose a new password');

    paste(contentField(), '<p>New {{resetLink}}</p>');
    await save();
    await waitFor(() => expect(api.saves()).toHaveLength(2));
    expect(api.saves()[1]).toEqual(['patch', { id: TEMPLATE._id }, { content: '<p>New {{resetLink}}</p>' }]);
  });

  it('saving without a change sends nothing and says so', async () => {
    const { api } = await openEditor();
    paste(subjectField(), 'Reset your password ');
    await save();
    expect(await screen.findByText(NOTHING_CHANGED_MESSAGE)).toBeInTheDocument();
    expect(api.saves()).toEqual([]);
  });

  it("puts the server's 400 on its field and keeps what was typed", async () => {
    const NOT_WELL_FORMED = 'The HTML is not well formed: <p> is never closed';
    const { api } = await openEditor(undefined, () => failure(400, NOT_WELL_FORMED, { content: NOT_WELL_FORMED }));
    paste(contentField(), '<p>Hi {{firstName}} {{resetLink}}');
    paste(subjectField(), 'Reset now');
    await save();
    expect(await screen.findByText(NOT_WELL_FORMED)).toBeInTheDocument();
    expect(contentField()).toHaveAttribute('aria-invalid', 'true');
    expect(contentField()).toHaveValue('<p>Hi {{firstName}} {{resetLink}}');
    expect(subjectField()).toHaveValue('Reset now');
    expect(screen.queryByText('The template was not saved')).not.toBeInTheDocument();
    expect(api.saves()).toEqual([
      ['patch', { id: TEMPLATE._id }, { subject: 'Reset now', content: '<p>Hi {{firstName}} {{resetLink}}' }],
    ]);

    // Typing again clears the server's objection.
    paste(contentField(), '<p>Hi {{firstName}} {{resetLink}}</p>');
    await waitFor(() => expect(screen.queryByText(NOT_WELL_FORMED)).not.toBeInTheDocument());
  });

  it('shows a failure that names no field above the buttons', async () => {
    await openEditor(undefined, () => 'network-error');
    paste(subjectField(), 'Reset now');
    await save();
    expect(await screen.findByText('The template was not saved')).toBeInTheDocument();
    expect(screen.getByText('Network error')).toBeInTheDocument();
    expect(subjectField()).toHaveValue('Reset now');
  });

  it("toasts the server's message and shows the sanitised template it kept, in the form and the preview", async () => {
    const REMOVED = 'Template saved. Removed for safety: <script> elements, event handler attributes';
    const { api } = await openEditor(undefined, (config, current) => {
      const body = bodyOf(config) as { content: string };
      const content = body.content.replace(/<script>.*?<\/script>/, '').replace(' onerror="steal()"', '');
      return ok({ ...current, content, updatedAt: SAVED_AT }, REMOVED);
    });
    paste(
      contentField(),
      '<p>Hi {{firstName}} <img src="x.png" onerror="steal()"> {{resetLink}}</p><script>steal()</script>',
    );
    await save();
    expect(await screen.findByText(REMOVED)).toBeInTheDocument();
    // Not a plain success: what was sent is not all of what was stored.
    expect(screen.getByText(REMOVED).closest('.ant-notification-notice-warning')).not.toBeNull();
    const sanitised = '<p>Hi {{firstName}} <img src="x.png"> {{resetLink}}</p>';
    await waitFor(() => expect(contentField()).toHaveValue(sanitised));
    // A relative image has nothing to load from in an email; the preview leaves it out.
    expect(srcdoc()).toContain('<p>Hi Jane <img> https://example.com/reset-password?token=sample</p>');

    // The next save compares with what the server kept: only a real change is sent.
    await save();
    expect(await screen.findByText(NOTHING_CHANGED_MESSAGE)).toBeInTheDocument();
    expect(api.saves()).toHaveLength(1);
  });

  it('inserts a placeholder at the cursor of the field used last, or at the end of the content', async () => {
    await openEditor(emailTemplate({ subject: 'Hello', content: '<p>Hi !</p> {{resetLink}}' }));
    const firstName = screen.getByText('{{firstName}}', { selector: 'button code' }).closest('button')!;

    await user().click(firstName);
    await waitFor(() => expect(contentField()).toHaveValue('<p>Hi !</p> {{resetLink}}{{firstName}}'));

    const content = contentField();
    act(() => {
      content.focus();
      content.setSelectionRange(6, 6);
    });
    await user().click(firstName);
    await waitFor(() => expect(contentField()).toHaveValue('<p>Hi {{firstName}}!</p> {{resetLink}}{{firstName}}'));
    await waitFor(() => expect(contentField().selectionStart).toBe(6 + '{{firstName}}'.length));

    const subject = subjectField();
    act(() => {
      subject.focus();
      subject.setSelectionRange(0, 5);
    });
    await user().click(firstName);
    await waitFor(() => expect(subjectField()).toHaveValue('{{firstName}}'));
    await waitFor(() => expect(srcdoc()).toContain('<title>Jane</title>'));
  });

  it('copies a placeholder', async () => {
    await openEditor();
    const u = userEvent.setup({ pointerEventsCheck: 0 });
    await u.click(screen.getByLabelText('Copy {{resetLink}}'));
    expect(await screen.findByText('Copied {{resetLink}}')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('{{resetLink}}');
  });

  it('Cancel goes back to the list as it was left; with unsaved changes it asks first', async () => {
    server();
    const { url } = renderCatalog(`${LIST}?page=2&search=pass`);
    await user().click(await screen.findByText('Edit', { selector: 'a' }));
    await waitFor(() => expect(subjectField()).toHaveValue(TEMPLATE.subject));
    paste(subjectField(), 'Changed');
    await user().click(button('Cancel'));
    expect((await screen.findAllByText(LEAVE_TITLE)).length).toBeGreaterThan(0);
    await user().click(button('Stay'));
    await waitFor(() => expect(screen.queryAllByText(LEAVE_TITLE)).toHaveLength(0));
    expect(url()).toBe(EDIT);
    await user().click(button('Cancel'));
    expect((await screen.findAllByText(LEAVE_TITLE)).length).toBeGreaterThan(0);
    await user().click(button('Leave'));
    await waitFor(() => expect(url()).toBe(`${LIST}?page=2&search=pass`));
  });

  it('Back without changes leaves at once', async () => {
    server();
    const { url } = renderCatalog(EDIT);
    await waitFor(() => expect(subjectField()).toHaveValue(TEMPLATE.subject));
    await user().click(button('Back'));
    await waitFor(() => expect(url()).toBe(LIST));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Email template editor, before the template is there', () => {
  it('a malformed id is not found without asking the server; an unknown one after asking', async () => {
    const api = server();
    const { unmount } = renderCatalog(`${LIST}/edit/not-an-id`);
    expect(await screen.findByText('Email template not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to email templates' })).toHaveAttribute('href', LIST);
    expect(api.details()).toEqual([]);
    unmount();

    renderCatalog(`${LIST}/edit/${emailTemplateRow(9)._id}`);
    expect(await screen.findByText('Email template not found.')).toBeInTheDocument();
    expect(api.details()).toHaveLength(1);
  });

  it('shows a loader, then an error with a Retry that loads the template', async () => {
    let fail = true;
    stubApi((config) => {
      if (config.url !== ROUTES.getEmailTemplateDetail.path) return undefined;
      return fail ? failure(503, 'The service is restarting') : ok(TEMPLATE);
    });
    renderCatalog(EDIT);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByText('The email template could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The service is restarting')).toBeInTheDocument();
    fail = false;
    await user().click(button('Retry'));
    await waitFor(() => expect(subjectField()).toHaveValue(TEMPLATE.subject));
  });
});
