import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, adminWithRole } from '@backoffice/shared-api/testing';
import { formatDateTime } from '@backoffice/ui-kit';
import {
  emailTemplateRow,
  expectRetryRecovers,
  headers,
  listReply,
  renderCatalog,
  rowOf,
  stubApi,
  type Handler,
} from '../testFixtures';

const LIST = '/app/email-templates';
type Requests = Array<{ url?: string; params?: unknown }>;
const lists = (requests: Requests) =>
  requests.filter((r) => r.url === ROUTES.getAllEmailTemplates.path).map((r) => r.params);

/** A fake API serving the templates list with what `reply` says. */
function server(reply: () => ReturnType<Handler> = () => listReply([emailTemplateRow(1)], 1)) {
  return stubApi((config) => (config.url === ROUTES.getAllEmailTemplates.path ? reply() : undefined));
}

// antd disables pointer events on its controls while they animate; the check would refuse the clicks.
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Email templates list', () => {
  it('shows the spec columns in order, each template on one line, newest change first', async () => {
    const long = `Hello {{firstName}}, ${'and more words '.repeat(12)}`.trim();
    const requests = server(() =>
      listReply([emailTemplateRow(1, { key: 'welcome', name: 'Welcome', preview: long }), emailTemplateRow(2)], 12),
    );
    renderCatalog(LIST);
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
    expect(headers()).toEqual(['Name', 'Key String', 'Content', 'Updated On', 'Action']);
    expect(screen.getByRole('heading', { name: 'Email templates' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    const row = rowOf('Welcome');
    expect(row.getByText('welcome')).toBeInTheDocument();
    const content = row.getByText(long);
    expect(content).toHaveStyle({ whiteSpace: 'nowrap', textOverflow: 'ellipsis', overflow: 'hidden' });
    expect(content).toHaveAttribute('title', long);
    expect(row.getByText(formatDateTime('2026-01-05T06:07:00.000Z'))).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `${LIST}/edit/${emailTemplateRow(1)._id}`);
    expect(rowOf('Template 2').getByText('template-2')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 12 entries')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search by name or key' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Updated On' })).toHaveAttribute('aria-sort', 'descending');
    expect(lists(requests)).toEqual([{ page: 1, limit: 10, sortBy: 'updatedAt', sortOrder: 'desc' }]);
  });

  it('lists the templates without Edit for a role that may only read them (Auditor)', async () => {
    server(() => listReply([emailTemplateRow(1, { name: 'Welcome' })], 1));
    session.signedIn(adminWithRole('auditor'));
    renderCatalog(LIST);
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
    expect(headers()).toEqual(['Name', 'Key String', 'Content', 'Updated On']);
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('shows a loader until the server answers', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server(async () => {
      await answered;
      return listReply([emailTemplateRow(1)]);
    });
    renderCatalog(LIST);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Template 1')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('says "Data Not Found" when no template matches', async () => {
    server(() => listReply([], 0));
    renderCatalog(`${LIST}?search=nothing`);
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('shows an error state with a Retry that asks again', async () => {
    let fail = true;
    const requests = server(() => (fail ? 'network-error' : listReply([emailTemplateRow(7)])));
    renderCatalog(LIST);
    await expectRetryRecovers('Email templates could not be loaded', () => (fail = false), 'Template 7');
    expect(lists(requests).length).toBeGreaterThanOrEqual(2);
  });

  it('asks for the page, sort and search kept in the URL', async () => {
    const requests = server(() => listReply([emailTemplateRow(3)], 30));
    renderCatalog(`${LIST}?page=3&sortBy=key&sortOrder=asc&search=pay`);
    await screen.findByText('Template 3');
    expect(lists(requests)).toEqual([{ page: 3, limit: 10, search: 'pay', sortBy: 'key', sortOrder: 'asc' }]);
    expect(screen.getByRole('columnheader', { name: 'Key String' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('textbox', { name: 'Search by name or key' })).toHaveValue('pay');
  });

  it('leaves out a sort the server would refuse', async () => {
    const requests = server();
    renderCatalog(`${LIST}?sortBy=content`);
    await screen.findByText('Template 1');
    expect(lists(requests)).toEqual([{ page: 1, limit: 10, sortBy: 'updatedAt', sortOrder: 'desc' }]);
  });

  it('sorting toggles, searching and paging are written to the URL; search and sort go back to page 1', async () => {
    const requests = server(() => listReply([emailTemplateRow(1)], 30));
    const { url } = renderCatalog(`${LIST}?page=2`);
    await screen.findByText('Template 1');

    await user().click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=name&sortOrder=asc`));
    await user().click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=name`));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');

    await user().type(screen.getByRole('textbox', { name: 'Search by name or key' }), '  welcome {Enter}');
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=name&search=welcome`));
    await user().click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=name&search=welcome&page=3`));
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({
        page: 3,
        limit: 10,
        search: 'welcome',
        sortBy: 'name',
        sortOrder: 'desc',
      }),
    );
  });
});
