import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, PAYMENT_MESSAGES, type PayoutRequestRow } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, type StubReply, type StubRequest } from '@backoffice/shared-api/testing';
import { formatDateTime } from '@backoffice/ui-kit';
import {
  ADA,
  BOB,
  bodyOf,
  buttonIn,
  expectRetryRecovers,
  failure,
  headers,
  listReply,
  ok,
  payoutRequest,
  renderPayments,
  rowOf,
  stubApi,
} from '../testFixtures';

const LIST = '/app/payouts-requests';
const ALL = `${LIST}?status=all`;
const DECIDED_AT = '2026-02-02T14:15:00.000Z';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const COLUMNS = [
  'Display Name',
  'Preference',
  'Query',
  'Amount',
  'Payout Amount',
  'Platform Fee',
  'Email',
  'Payment Status',
  'Created On',
  'Action',
];

type Decide = (config: StubRequest, rows: PayoutRequestRow[]) => Promise<StubReply> | StubReply;

/**
 * A fake API over `rows`: the list filtered by status as the server does; decisions as `decide`
 * answers (by default: applied, as Ada).
 */
function server(initial: PayoutRequestRow[], decide?: Decide) {
  let rows = initial;
  const apply = (config: StubRequest, by = ADA) => {
    const { id, decision, reason } = bodyOf(config) as {
      id: string;
      decision: 'approved' | 'rejected';
      reason?: string;
    };
    rows = rows.map((r) =>
      r._id === id ? { ...r, status: decision, reason: reason ?? '', decidedAt: DECIDED_AT, decidedBy: by } : r,
    );
    const verb = decision === 'approved' ? 'approved' : 'rejected';
    // The server's own words, which the screen shows as they are.
    return ok(
      rows.find((r) => r._id === id),
      `Server: payout ${verb}. The influencer will be emailed.`,
    );
  };
  const requests = stubApi(async (config) => {
    if (config.url === ROUTES.getAllPayoutRequests.path) {
      const status = (config.params as { status?: string }).status;
      const selected = status ? rows.filter((r) => r.status === status) : rows;
      return listReply(selected);
    }
    if (config.url === ROUTES.decidePayoutRequest.path) return decide ? decide(config, rows) : apply(config);
    return undefined;
  });
  return {
    requests,
    apply,
    lists: () => requests.filter((r) => r.url === ROUTES.getAllPayoutRequests.path).map((r) => r.params),
    decisions: () =>
      requests.filter((r) => r.url === ROUTES.decidePayoutRequest.path).map((r) => [r.method, bodyOf(r)]),
  };
}

// antd disables pointer events on its controls while they animate; the check would refuse the clicks.
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
/** The open dialog named `name`: its queries and a click on one of its buttons. */
async function dialogNamed(name: string) {
  const element = await screen.findByRole('dialog', { name });
  return Object.assign(within(element), { click: (button: string) => user().click(buttonIn(element, button)) });
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Payout requests list', () => {
  it('shows the payout list columns, the pending requests and their actions', async () => {
    const api = server([payoutRequest(1), payoutRequest(2)]);
    renderPayments(LIST);
    expect(await screen.findByText('jane1@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payout requests' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(headers()).toEqual(COLUMNS);
    const first = rowOf('jane1@example.com');
    expect(first.getByText('Jane 1')).toBeInTheDocument();
    expect(first.getByText('$20.00')).toBeInTheDocument();
    expect(first.getByText('$17.50')).toBeInTheDocument();
    expect(first.getByText('$2.50')).toBeInTheDocument();
    expect(first.getByText('Pending')).toBeInTheDocument();
    expect(first.getByText('Approve')).toBeInTheDocument();
    expect(first.getByText('Reject')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    expect(api.lists()).toEqual([{ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', status: 'pending' }]);
    expect(screen.getByRole('radio', { name: 'Pending' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Search by influencer name or email' })).toBeInTheDocument();
  });

  it('shows a loader until the server answers', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubApi(async () => {
      await answered;
      return listReply([payoutRequest(1)]);
    });
    renderPayments(LIST);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('jane1@example.com')).toBeInTheDocument();
  });

  it('says "Data Not Found" when no request waits', async () => {
    server([]);
    renderPayments(LIST);
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('shows an error state with a Retry that asks again', async () => {
    let fail = true;
    stubApi(() => (fail ? 'network-error' : listReply([payoutRequest(7)])));
    renderPayments(LIST);
    await expectRetryRecovers('Payout requests could not be loaded', () => (fail = false), 'jane7@example.com');
  });

  it('asks for the page, sort, search and status kept in the URL; decided rows say who decided, when and why', async () => {
    const requests = stubApi(() =>
      listReply(
        [
          payoutRequest(1, { status: 'approved', decidedBy: ADA, decidedAt: DECIDED_AT }),
          payoutRequest(2, { status: 'rejected', decidedBy: BOB, decidedAt: DECIDED_AT, reason: 'Duplicate request.' }),
        ],
        30,
      ),
    );
    renderPayments(`${LIST}?page=3&sortBy=payableAmount&sortOrder=asc&search=jane&status=approved`);
    await screen.findByText('jane1@example.com');
    expect(requests[0]!.params).toEqual({
      page: 3,
      limit: 10,
      search: 'jane',
      sortBy: 'payableAmount',
      sortOrder: 'asc',
      status: 'approved',
    });
    expect(screen.getByRole('radio', { name: 'Approved' })).toBeChecked();
    expect(screen.getByText('Showing 21 to 30 of 30 entries')).toBeInTheDocument();
    const approved = rowOf('jane1@example.com');
    expect(approved.getByText('Approved by Ada Admin')).toBeInTheDocument();
    expect(approved.getByText(formatDateTime(DECIDED_AT))).toBeInTheDocument();
    const rejected = rowOf('jane2@example.com');
    expect(rejected.getByText('Rejected by Bob Other')).toBeInTheDocument();
    expect(rejected.getByText('Reason: Duplicate request.')).toHaveAttribute('title', 'Duplicate request.');
    expect(screen.queryByText('Approve', { selector: 'button span' })).not.toBeInTheDocument();
    expect(screen.queryByText('Reject', { selector: 'button span' })).not.toBeInTheDocument();
  });

  it('"All" asks without a status; a status the server would refuse falls back to pending', async () => {
    const api = server([payoutRequest(1)]);
    const { unmount } = renderPayments(ALL);
    await screen.findByText('jane1@example.com');
    expect(api.lists()[0]).not.toHaveProperty('status');
    unmount();
    renderPayments(`${LIST}?status=paid&sortBy=password`);
    await screen.findByText('jane1@example.com');
    expect(api.lists()[1]).toMatchObject({ status: 'pending', sortBy: 'createdAt' });
  });

  it('the status filter is written to the URL from page 1, pending being left out', async () => {
    const api = server([payoutRequest(1)]);
    const { url } = renderPayments(`${LIST}?page=2`);
    await screen.findByText('jane1@example.com');
    await user().click(screen.getByRole('radio', { name: 'Rejected' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?status=rejected`));
    await waitFor(() => expect(api.lists().at(-1)).toMatchObject({ page: 1, status: 'rejected' }));
    await user().click(screen.getByRole('radio', { name: 'Pending' }));
    await waitFor(() => expect(url()).toBe(LIST));
  });

  it('sorting and searching go back to page 1 and are written to the URL', async () => {
    const api = server([payoutRequest(1)]);
    const { url } = renderPayments(`${LIST}?page=2&status=all`);
    await screen.findByText('jane1@example.com');
    await user().click(screen.getByRole('button', { name: 'Platform Fee' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?status=all&sortBy=platformFee&sortOrder=asc`));
    await user().type(screen.getByRole('textbox', { name: /Search by influencer/ }), 'jane{Enter}');
    await waitFor(() => expect(url()).toBe(`${LIST}?status=all&sortBy=platformFee&sortOrder=asc&search=jane`));
    await waitFor(() =>
      expect(api.lists().at(-1)).toEqual({
        page: 1,
        limit: 10,
        search: 'jane',
        sortBy: 'platformFee',
        sortOrder: 'asc',
      }),
    );
  });
});

describe('Approving a payout', () => {
  it('confirms naming the influencer and the amount, sends one decision on double clicks, waits for the server', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = server([payoutRequest(1), payoutRequest(2)], async (config) => {
      await answered;
      return api.apply(config);
    });
    renderPayments(ALL);
    await screen.findByText('jane1@example.com');
    await user().dblClick(buttonIn(screen.getByText('jane1@example.com').closest('tr')!, 'Approve'));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    const dialog = await dialogNamed('Approve the payout of $17.50 to Jane 1?');
    expect(
      dialog.getByText(/Jane 1 \(jane1@example\.com\) requested \$20\.00: \$17\.50 after the \$2\.50 platform fee\./),
    ).toBeInTheDocument();

    await user().dblClick(buttonIn(dialog.getByText('Cancel').closest('[role="dialog"]')!, 'Approve'));
    await waitFor(() => expect(api.decisions()).toHaveLength(1));
    // Until the server answers, the row is unchanged and the dialog's button spins.
    expect(rowOf('jane1@example.com').getByText('Approve')).toBeInTheDocument();
    expect(dialog.getByText('Approve').closest('button')).toHaveClass('ant-btn-loading');
    expect(screen.queryByText('Server: payout approved. The influencer will be emailed.')).not.toBeInTheDocument();

    await act(async () => answer());
    expect(await screen.findByText('Server: payout approved. The influencer will be emailed.')).toBeInTheDocument();
    expect(await rowOf('jane1@example.com').findByText('Approved by Ada Admin')).toBeInTheDocument();
    expect(rowOf('jane1@example.com').getByText('Approved')).toBeInTheDocument();
    expect(rowOf('jane1@example.com').queryByText('Approve')).not.toBeInTheDocument();
    const [[method, body]] = api.decisions() as [[string, { idempotencyKey: string }]];
    expect(method).toBe('patch');
    expect(body).toEqual({
      id: payoutRequest(1)._id,
      decision: 'approved',
      idempotencyKey: expect.stringMatching(UUID_V4),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a retry after a failure sends the same idempotency key; another dialog gets a new one', async () => {
    let fail = true;
    const api = server([payoutRequest(1), payoutRequest(2)], (config) => {
      if (fail) return 'network-error';
      return api.apply(config);
    });
    renderPayments(ALL);
    await screen.findByText('jane1@example.com');
    await user().click(buttonIn(screen.getByText('jane1@example.com').closest('tr')!, 'Approve'));
    const dialog = await dialogNamed('Approve the payout of $17.50 to Jane 1?');
    await dialog.click('Approve');
    expect(await dialog.findByText('Network error')).toBeInTheDocument();
    expect(
      dialog.getByText('Try again: the same decision is sent, so the payout is made at most once.'),
    ).toBeInTheDocument();
    expect(rowOf('jane1@example.com').getByText('Approve')).toBeInTheDocument();

    fail = false;
    await dialog.click('Approve');
    expect(await rowOf('jane1@example.com').findByText('Approved by Ada Admin')).toBeInTheDocument();
    const keys = () => api.decisions().map(([, body]) => (body as { idempotencyKey: string }).idempotencyKey);
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user().click(buttonIn(screen.getByText('jane2@example.com').closest('tr')!, 'Approve'));
    const second = await dialogNamed('Approve the payout of $17.50 to Jane 2?');
    await second.click('Approve');
    await waitFor(() => expect(keys()).toHaveLength(3));
    expect(keys()[2]).not.toBe(keys()[0]);
  });

  it("when another admin decided first, shows the server's message and the refreshed row", async () => {
    const conflict = 'This payout request was already approved by Bob Other on 2026-02-02 14:15.';
    const api = server([payoutRequest(1)], (config) => {
      api.apply(config, BOB);
      return failure(409, conflict);
    });
    renderPayments(ALL);
    await screen.findByText('jane1@example.com');
    await user().click(buttonIn(screen.getByText('jane1@example.com').closest('tr')!, 'Approve'));
    const dialog = await dialogNamed('Approve the payout of $17.50 to Jane 1?');
    await dialog.click('Approve');
    expect(await screen.findByText(conflict)).toBeInTheDocument();
    expect(await rowOf('jane1@example.com').findByText('Approved by Bob Other')).toBeInTheDocument();
    expect(api.lists().length).toBeGreaterThanOrEqual(2);
    expect(api.decisions()).toHaveLength(1);
    expect(screen.queryByText(/approved$/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a request approved from the Pending list stays in place, decided, until the admin moves on', async () => {
    const api = server([payoutRequest(1), payoutRequest(2), payoutRequest(3)]);
    const { url } = renderPayments(LIST);
    await screen.findByText('jane2@example.com');
    await user().click(buttonIn(screen.getByText('jane2@example.com').closest('tr')!, 'Approve'));
    const dialog = await dialogNamed('Approve the payout of $17.50 to Jane 2?');
    await dialog.click('Approve');
    expect(await rowOf('jane2@example.com').findByText('Approved by Ada Admin')).toBeInTheDocument();
    // The list was refreshed (the server no longer lists it as pending), yet the row kept its place.
    await waitFor(() => expect(api.lists().length).toBeGreaterThanOrEqual(2));
    const emails = () =>
      within(screen.getByRole('table'))
        .getAllByText(/^jane\d@example\.com$/)
        .map((e) => e.textContent);
    expect(emails()).toEqual(['jane1@example.com', 'jane2@example.com', 'jane3@example.com']);
    expect(rowOf('jane2@example.com').queryByText('Approve')).not.toBeInTheDocument();

    await user().click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(url()).toBe(ALL));
    await user().click(screen.getByRole('radio', { name: 'Pending' }));
    await waitFor(() => expect(url()).toBe(LIST));
    await waitFor(() => expect(emails()).toEqual(['jane1@example.com', 'jane3@example.com']));
  });
});

describe('A payout that needs two approvals', () => {
  const ME = { _id: ADMIN._id, firstName: 'Ada', lastName: 'Admin' };

  it("the first approval leaves it pending, naming who approved; the screen asks another admin's", async () => {
    const big = payoutRequest(1, { approvalsNeeded: 2 });
    const api = server([big], (config, rows) => {
      const { idempotencyKey } = bodyOf(config) as { idempotencyKey: string };
      expect(idempotencyKey).toMatch(UUID_V4);
      // Still pending, so the refreshed list keeps listing it, as the server does.
      const approved = Object.assign(rows[0]!, { approvals: [{ by: ME, at: DECIDED_AT }] });
      return ok(
        approved,
        'Payout of $17.50 to Jane Doe 1 approved by Ada Admin; it needs the approval of another admin before it is paid.',
      );
    });
    renderPayments(LIST);
    const row = await screen.findByText('jane1@example.com');
    expect(rowOf('jane1@example.com').getByText('Needs the approval of two admins.')).toBeInTheDocument();
    await user().click(buttonIn(row.closest('tr')!, 'Approve'));
    const dialog = await dialogNamed('Approve the payout of $17.50 to Jane 1?');
    expect(
      dialog.getByText(/yours is the first, and nothing is paid until another admin approves\./),
    ).toBeInTheDocument();
    await dialog.click('Approve');
    expect(
      await screen.findByText(
        'Payout of $17.50 to Jane Doe 1 approved by Ada Admin; it needs the approval of another admin before it is paid.',
      ),
    ).toBeInTheDocument();
    const shown = rowOf('jane1@example.com');
    expect(await shown.findByText(/^Approved by Ada Admin; needs the approval of another admin\./)).toBeInTheDocument();
    expect(shown.getByText('Pending')).toBeInTheDocument();
    expect(buttonIn(screen.getByText('jane1@example.com').closest('tr')!, 'Approve')).toBeDisabled();
    expect(api.decisions()).toHaveLength(1);
  });

  it('another admin sees the first approval and is told their approval pays it', async () => {
    server([payoutRequest(1, { approvalsNeeded: 2, approvals: [{ by: BOB, at: DECIDED_AT }] })]);
    renderPayments(LIST);
    await screen.findByText('jane1@example.com');
    expect(
      rowOf('jane1@example.com').getByText('Approved by Bob Other; needs the approval of another admin.'),
    ).toBeInTheDocument();
    await user().click(buttonIn(screen.getByText('jane1@example.com').closest('tr')!, 'Approve'));
    const dialog = await dialogNamed('Approve the payout of $17.50 to Jane 1?');
    expect(
      dialog.getByText(/Bob Other approved it first; your approval makes the payout, which cannot be undone\./),
    ).toBeInTheDocument();
  });
});

describe('Rejecting a payout', () => {
  it('requires a reason, sends it trimmed with an idempotency key, then shows it', async () => {
    const api = server([payoutRequest(1)]);
    renderPayments(ALL);
    await screen.findByText('jane1@example.com');
    await user().dblClick(buttonIn(screen.getByText('jane1@example.com').closest('tr')!, 'Reject'));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    const dialog = await dialogNamed('Reject the payout of $17.50 to Jane 1?');
    expect(dialog.getByText(/The influencer is told the reason\./)).toBeInTheDocument();

    await dialog.click('Reject');
    expect(await dialog.findByText(PAYMENT_MESSAGES.reasonRequired)).toBeInTheDocument();
    await user().type(dialog.getByLabelText('Reason'), '   ');
    await dialog.click('Reject');
    expect(await dialog.findByText(PAYMENT_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.decisions()).toEqual([]);

    await user().type(dialog.getByLabelText('Reason'), 'Duplicate of last week.  ');
    await dialog.click('Reject');
    expect(await screen.findByText('Server: payout rejected. The influencer will be emailed.')).toBeInTheDocument();
    expect(api.decisions()).toEqual([
      [
        'patch',
        {
          id: payoutRequest(1)._id,
          decision: 'rejected',
          reason: 'Duplicate of last week.',
          idempotencyKey: expect.stringMatching(UUID_V4),
        },
      ],
    ]);
    const row = rowOf('jane1@example.com');
    expect(await row.findByText('Rejected by Ada Admin')).toBeInTheDocument();
    expect(row.getByText('Reason: Duplicate of last week.')).toBeInTheDocument();
  });

  it("puts the server's objection to the reason on the reason field, keeping what was typed", async () => {
    server([payoutRequest(1)], () => failure(400, 'Invalid request', { reason: 'The reason must not contain links.' }));
    renderPayments(ALL);
    await screen.findByText('jane1@example.com');
    await user().click(buttonIn(screen.getByText('jane1@example.com').closest('tr')!, 'Reject'));
    const dialog = await dialogNamed('Reject the payout of $17.50 to Jane 1?');
    await user().type(dialog.getByLabelText('Reason'), 'See https://example.com');
    await dialog.click('Reject');
    expect(await dialog.findByText('The reason must not contain links.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Reason')).toHaveValue('See https://example.com');

    // Cancelled, then opened again: a new decision starts with an empty reason.
    await dialog.click('Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user().click(buttonIn(screen.getByText('jane1@example.com').closest('tr')!, 'Reject'));
    const again = await dialogNamed('Reject the payout of $17.50 to Jane 1?');
    expect(again.getByLabelText('Reason')).toHaveValue('');
  });
});
