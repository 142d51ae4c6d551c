import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, adminWithRole } from '@backoffice/shared-api/testing';
import { formatDateTime } from '@backoffice/ui-kit';
import { expectRetryRecovers, headers, listReply, renderPayments, rowOf, stubApi, transaction } from '../testFixtures';

const PAYMENT_COLUMNS = [
  'Display Name',
  'Preference',
  'Query',
  'Amount',
  'Payable Amount',
  'Platform Fee',
  'Email',
  'Payment Status',
  'Created On',
];

const LIST = '/app/transactions';
const lists = (requests: Array<{ url?: string; params?: unknown }>) =>
  requests.filter((r) => r.url === ROUTES.getAllTransactions.path).map((r) => r.params);

/** A fake API serving the transactions list with `rows` (or what `reply` says). */
function server(reply: () => ReturnType<typeof listReply> | 'network-error' = () => listReply([transaction(1)], 1)) {
  return stubApi((config) => (config.url === ROUTES.getAllTransactions.path ? reply() : undefined));
}

// antd disables pointer events on its controls while they animate; the check would refuse the clicks.
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

/** Picks `label` in the antd Select named `name`. */
async function choose(name: string, label: string) {
  await user().click(screen.getByRole('combobox', { name }));
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  await user().click(option);
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Transactions list', () => {
  it('shows the title, breadcrumb, the payment list columns in the spec order and the rows', async () => {
    const requests = server(() => listReply([transaction(1), transaction(2, { status: 'refunded' })], 42));
    renderPayments(LIST);
    expect(await screen.findByText('fan1@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Transactions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(headers()).toEqual(PAYMENT_COLUMNS);
    const first = rowOf('fan1@example.com');
    expect(first.getByText('Fan 1')).toBeInTheDocument();
    expect(first.getByText('Question 1')).toBeInTheDocument();
    expect(first.getByText('$20.00')).toBeInTheDocument();
    expect(first.getAllByText('$17.50')).toHaveLength(1);
    expect(first.getByText('$2.50')).toBeInTheDocument();
    expect(first.getByText('Completed')).toBeInTheDocument();
    expect(first.getByText(formatDateTime('2026-01-02T03:04:00.000Z'))).toBeInTheDocument();
    expect(rowOf('fan2@example.com').getByText('Refunded')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 42 entries')).toBeInTheDocument();
    expect(lists(requests)).toEqual([{ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' }]);
    expect(screen.getByRole('textbox', { name: 'Search by name, email or transaction ID' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('offers Export CSV to a role that may export (Finance), and not to one that may only read (Support)', async () => {
    server();
    session.signedIn(adminWithRole('finance'));
    const { unmount } = renderPayments(LIST);
    expect(await screen.findByText('fan1@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    unmount();
    session.signedIn(adminWithRole('support'));
    renderPayments(LIST);
    expect(await screen.findByText('fan1@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('shows a loader until the server answers', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubApi(async (config) => {
      if (config.url !== ROUTES.getAllTransactions.path) return undefined;
      await answered;
      return listReply([transaction(1)]);
    });
    renderPayments(LIST);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('fan1@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('says "Data Not Found" when no transaction matches', async () => {
    server(() => listReply([], 0));
    renderPayments(LIST);
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('shows an error state with a Retry that asks again', async () => {
    let fail = true;
    const requests = server(() => (fail ? 'network-error' : listReply([transaction(7)])));
    renderPayments(LIST);
    await expectRetryRecovers('Transactions could not be loaded', () => (fail = false), 'fan7@example.com');
    expect(lists(requests).length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's message when it refuses the filters", async () => {
    server(() => ({
      status: 400,
      data: { statusCode: 400, message: 'The start date must not be after the end date' },
    }));
    renderPayments(`${LIST}?from=2026-02-01&to=2026-01-01`);
    expect(await screen.findByText('The start date must not be after the end date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('asks the server for the page, sort, search and filters kept in the URL, dates as local days', async () => {
    const requests = server(() => listReply([transaction(3)], 30));
    renderPayments(
      `${LIST}?page=3&sortBy=platformFee&sortOrder=asc&search=ann&status=failed&type=tip&from=2026-01-05&to=2026-01-07`,
    );
    await screen.findByText('fan3@example.com');
    expect(lists(requests)).toEqual([
      {
        page: 3,
        limit: 10,
        search: 'ann',
        sortBy: 'platformFee',
        sortOrder: 'asc',
        status: 'failed',
        type: 'tip',
        // The admin's own days, whatever zone the test runs in.
        from: new Date(2026, 0, 5, 0, 0, 0, 0).toISOString(),
        to: new Date(2026, 0, 7, 23, 59, 59, 999).toISOString(),
      },
    ]);
    expect(screen.getByText('Showing 21 to 30 of 30 entries')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-05');
    expect(screen.getByLabelText('To')).toHaveValue('2026-01-07');
    expect(screen.getByRole('columnheader', { name: 'Platform Fee' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('leaves out what the server would refuse: an unknown sort, status, type or day', async () => {
    const requests = server();
    renderPayments(`${LIST}?sortBy=password&status=bogus&type=gift&from=2026-02-30&to=yesterday`);
    await screen.findByText('fan1@example.com');
    expect(lists(requests)).toEqual([{ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' }]);
  });

  it('a filter change is written to the URL and goes back to page 1', async () => {
    const requests = server(() => listReply([transaction(1)], 30));
    const { url } = renderPayments(`${LIST}?page=2`);
    await screen.findByText('fan1@example.com');

    await choose('Status', 'Pending');
    await waitFor(() => expect(url()).toBe(`${LIST}?status=pending`));
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({
        page: 1,
        limit: 10,
        sortBy: 'createdAt',
        sortOrder: 'desc',
        status: 'pending',
      }),
    );

    await user().click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?status=pending&page=3`));
    await choose('Type', 'Wallet top-up');
    await waitFor(() => expect(url()).toBe(`${LIST}?status=pending&type=wallet_top_up`));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(url()).toBe(`${LIST}?status=pending&type=wallet_top_up&from=2026-03-01`));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({
        page: 1,
        limit: 10,
        sortBy: 'createdAt',
        sortOrder: 'desc',
        status: 'pending',
        type: 'wallet_top_up',
        from: new Date(2026, 2, 1).toISOString(),
        to: new Date(2026, 2, 31, 23, 59, 59, 999).toISOString(),
      }),
    );

    await choose('Status', 'All');
    await waitFor(() => expect(url()).toBe(`${LIST}?type=wallet_top_up&from=2026-03-01&to=2026-03-31`));

    await user().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(url()).toBe(LIST));
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('searching and sorting go back to page 1 and are written to the URL', async () => {
    const requests = server(() => listReply([transaction(1)], 30));
    const { url } = renderPayments(`${LIST}?page=2&status=completed`);
    await screen.findByText('fan1@example.com');
    await user().click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?status=completed&sortBy=amount&sortOrder=asc`));
    await user().type(screen.getByRole('textbox', { name: /Search by name/ }), '  txn_9 {Enter}');
    await waitFor(() => expect(url()).toBe(`${LIST}?status=completed&sortBy=amount&sortOrder=asc&search=txn_9`));
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({
        page: 1,
        limit: 10,
        search: 'txn_9',
        sortBy: 'amount',
        sortOrder: 'asc',
        status: 'completed',
      }),
    );
  });
});
