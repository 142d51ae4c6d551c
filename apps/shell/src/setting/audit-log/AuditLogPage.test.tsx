import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { ROUTES, createQueryClient, type AuditEntryRow } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, failure, listReply, stubApi, type StubReply } from '@backoffice/shared-api/testing';
import { AppProviders, formatDateTime } from '@backoffice/ui-kit';
import { chooseOption, expectRetryRecovers, headers, rowOf } from '@backoffice/ui-kit/testing';
import { SettingPage } from '../SettingPage';
import { AuditLogPage } from './AuditLogPage';
import { changeLines, recordPath } from './auditEntry';

const FAN_ID = '11111111-2222-4333-8444-555555555555';
const CODE_ID = '22222222-3333-4444-8555-666666666666';

function entry(n: number, over: Partial<AuditEntryRow> = {}): AuditEntryRow {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    createdAt: `2026-03-0${n}T10:20:00.000Z`,
    actor: { _id: ADMIN._id, name: 'Ada Admin', email: ADMIN.email },
    actorEmail: ADMIN.email,
    action: 'user.statusChanged',
    recordType: 'user',
    recordId: FAN_ID,
    ip: '203.0.113.4',
    before: { status: '1' },
    after: { status: '0' },
    ...over,
  };
}

type Requests = ReturnType<typeof stubApi>;
const lists = (requests: Requests) => requests.filter((r) => r.url === ROUTES.getAuditLog.path).map((r) => r.params);
function server(reply: () => StubReply = () => listReply([entry(1)], 1)) {
  return stubApi((config) => (config.url === ROUTES.getAuditLog.path ? reply() : undefined));
}

/** The page as the shell routes it: under /app and at the root, beside Setting and a fan's screen. */
function renderLog(entry: string) {
  let location: Location | undefined;
  const Probe = () => {
    location = useLocation();
    return null;
  };
  const area = (prefix: string) => [
    <Route key={`${prefix}-index`} index element={<p>Dashboard page</p>} />,
    <Route key={`${prefix}-setting`} path="setting" element={<SettingPage />} />,
    <Route key={`${prefix}-log`} path="setting/audit-log" element={<AuditLogPage />} />,
    <Route key={`${prefix}-fan`} path="details/fan-details/:id" element={<p>Fan detail page</p>} />,
  ];
  render(
    <AppProviders queryClient={createQueryClient()} toasts>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/app">{area('app')}</Route>
          <Route path="/">{area('root')}</Route>
        </Routes>
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { url: () => `${location?.pathname}${location?.search}` };
}

const LOG = '/app/setting/audit-log';
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Audit log', () => {
  it('lists who did what to which record, when, from where and what changed, newest first', async () => {
    const requests = server(() =>
      listReply(
        [
          entry(2, {
            action: 'discountCode.created',
            recordType: 'discountCode',
            recordId: CODE_ID,
            before: null,
            after: { codeName: 'SPRING', amount: 5 },
          }),
          entry(1),
          entry(3, {
            actor: null,
            actorEmail: 'stranger@example.com',
            action: 'auth.signInFailed',
            recordType: null,
            recordId: null,
            before: null,
            after: null,
          }),
        ],
        3,
      ),
    );
    renderLog(LOG);
    expect(await screen.findByText('Discount code created')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(crumbs.getByRole('link', { name: 'Setting' })).toHaveAttribute('href', '/app/setting');
    expect(headers()).toEqual(['When', 'Who', 'Action', 'Record', 'From', 'Changes']);

    const changed = rowOf('User status changed');
    expect(changed.getByText(formatDateTime('2026-03-01T10:20:00.000Z'))).toBeInTheDocument();
    expect(changed.getByText('Ada Admin')).toBeInTheDocument();
    expect(changed.getByText('203.0.113.4')).toBeInTheDocument();
    expect(changed.getByText('status: 1 → 0')).toBeInTheDocument();
    expect(changed.getByRole('link', { name: 'User 11111111...' })).toHaveAttribute(
      'href',
      `/app/details/fan-details/${FAN_ID}`,
    );

    const created = rowOf('Discount code created');
    expect(created.getByRole('link', { name: 'Discount code 22222222...' })).toHaveAttribute(
      'href',
      `/app/manage-discount-codes/view/${CODE_ID}`,
    );
    expect(created.getByText('codeName: SPRING')).toBeInTheDocument();

    const failed = rowOf('Sign-in failed');
    expect(failed.getByText('stranger@example.com')).toBeInTheDocument();
    expect(lists(requests)).toEqual([{ page: 1, limit: 10 }]);
  });

  it('links to records under the root as well as under /app, and follows them', async () => {
    server();
    const { url } = renderLog('/setting/audit-log');
    const link = await screen.findByRole('link', { name: 'User 11111111...' });
    expect(link).toHaveAttribute('href', `/details/fan-details/${FAN_ID}`);
    expect(screen.getByRole('link', { name: 'Setting' })).toHaveAttribute('href', '/setting');
    await user().click(link);
    expect(await screen.findByText('Fan detail page')).toBeInTheDocument();
    expect(url()).toBe(`/details/fan-details/${FAN_ID}`);
  });

  it('is reached from Setting', async () => {
    server();
    const { url } = renderLog('/app/setting');
    await user().click(await screen.findByRole('link', { name: 'Open the audit log' }));
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    expect(url()).toBe(LOG);
  });

  it('filters by action, from page 1, and keeps the filter in the URL', async () => {
    const requests = server(() => listReply([entry(1)], 30));
    const { url } = renderLog(`${LOG}?page=2`);
    await screen.findByText('User status changed');
    // 26 actions: typing narrows them
    await user().type(screen.getByRole('combobox', { name: 'Action' }), 'template');
    await waitFor(() =>
      expect(
        Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.getAttribute('title')),
      ).toEqual(['Email template updated']),
    );
    await chooseOption(screen.getByRole('combobox', { name: 'Action' }), 'Email template updated');
    await waitFor(() => expect(url()).toBe(`${LOG}?action=emailTemplate.updated`));
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({ page: 1, limit: 10, action: 'emailTemplate.updated' }),
    );
  });

  it('filters by who, by a record, and by days; Clear filters removes them all', async () => {
    const requests = server(() => listReply([entry(1)], 30));
    const { url } = renderLog(`${LOG}?from=2026-03-01&to=2026-03-02`);
    await screen.findByText('User status changed');
    expect(lists(requests).at(-1)).toMatchObject({
      from: new Date(2026, 2, 1, 0, 0, 0, 0).toISOString(),
      to: new Date(2026, 2, 2, 23, 59, 59, 999).toISOString(),
    });

    await user().type(screen.getByRole('textbox', { name: 'Who' }), ' Ada@Example.com {Enter}');
    await waitFor(() => expect(lists(requests).at(-1)).toMatchObject({ actorEmail: 'Ada@Example.com' }));

    // a record id needs its type: the box shows once a type is chosen
    expect(screen.queryByRole('textbox', { name: 'Record id' })).not.toBeInTheDocument();
    await chooseOption(screen.getByRole('combobox', { name: 'Record' }), 'User');
    await user().type(await screen.findByRole('textbox', { name: 'Record id' }), `${FAN_ID}{Enter}`);
    await waitFor(() => expect(lists(requests).at(-1)).toMatchObject({ recordType: 'user', recordId: FAN_ID }));

    await user().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(url()).toBe(LOG));
    await waitFor(() => expect(lists(requests).at(-1)).toEqual({ page: 1, limit: 10 }));
  });

  it("shows one record's whole history from its row", async () => {
    const requests = server();
    const { url } = renderLog(LOG);
    await user().click(await screen.findByRole('button', { name: 'History of User 11111111...' }));
    await waitFor(() => expect(url()).toBe(`${LOG}?recordType=user&recordId=${FAN_ID}`));
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({ page: 1, limit: 10, recordType: 'user', recordId: FAN_ID }),
    );
  });

  it('leaves out what the server would refuse: an unknown action or type, a record id without its type', async () => {
    const requests = server();
    renderLog(`${LOG}?action=user.deleted&recordType=password&recordId=x`);
    await screen.findByText('User status changed');
    expect(lists(requests)).toEqual([{ page: 1, limit: 10 }]);
  });

  it('pages with the pager', async () => {
    const requests = server(() => listReply([entry(1)], 25));
    const { url } = renderLog(`${LOG}?action=user.statusChanged`);
    // the row, not the filter's own label
    await screen.findByText('203.0.113.4');
    await user().click(screen.getByLabelText('Page 3'));
    await waitFor(() => expect(url()).toBe(`${LOG}?action=user.statusChanged&page=3`));
    await waitFor(() => expect(lists(requests).at(-1)).toEqual({ page: 3, limit: 10, action: 'user.statusChanged' }));
  });

  it('says so when it cannot be loaded, with a Retry that asks again', async () => {
    let fail = true;
    server(() => (fail ? failure(500, 'The server failed') : listReply([entry(1)], 1)));
    renderLog(LOG);
    await expectRetryRecovers('The audit log could not be loaded', () => (fail = false), 'User status changed');
  });
});

describe('an entry as the screen shows it', () => {
  it('names each field with what it was and became; long values are cut, lists joined', () => {
    expect(
      changeLines({
        before: { subject: 'Old', keywords: [], content: 'x'.repeat(200) },
        after: { subject: 'New', keywords: ['a', 'b'], content: 'y' },
      }),
    ).toEqual(['subject: Old → New', 'keywords: — → a, b', `content: ${'x'.repeat(79)}… → y`]);
    expect(changeLines({ before: null, after: { name: 'Cash', isActive: true } })).toEqual([
      'name: Cash',
      'isActive: true',
    ]);
    expect(changeLines({ before: null, after: null })).toEqual([]);
  });

  it("opens each record on its own screen, under the admin's base; another admin has none", () => {
    expect(recordPath('', 'influencerRequest', 'r1', 'me')).toBe('/requests/view/r1');
    expect(recordPath('/app', 'emailTemplate', 't1', 'me')).toBe('/app/email-templates/edit/t1');
    expect(recordPath('/app', 'payoutRequest', 'p1', 'me')).toBe('/app/payouts-requests');
    expect(recordPath('/app', 'paymentMethod', 'm1', 'me')).toBe('/app/payment-methods');
    expect(recordPath('/app', 'admin', 'me', 'me')).toBe('/app/setting');
    expect(recordPath('/app', 'admin', 'someone', 'me')).toBeUndefined();
    expect(recordPath('/app', null, null, 'me')).toBeUndefined();
  });
});
