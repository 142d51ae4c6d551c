import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, type TransactionTotals } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, type StubReply } from '@backoffice/shared-api/testing';
import { listReply, ok, renderPayments, stubApi, transaction } from '../testFixtures';

const LIST = '/app/transactions';
const TOTALS: TransactionTotals = {
  count: 1234,
  totalTransactionAmount: 24680.5,
  totalPayableAmount: 21595.44,
  totalPlatformFee: 3085.06,
};

type Requests = Array<{ url?: string; params?: unknown }>;
const totalsAsked = (requests: Requests) =>
  requests.filter((r) => r.url === ROUTES.getTransactionTotals.path).map((r) => r.params);

/** A fake API serving one page of transactions and the totals `totals` says. */
function server(totals: () => StubReply | Promise<StubReply> = () => ok(TOTALS)) {
  return stubApi((config) => {
    if (config.url === ROUTES.getAllTransactions.path) return listReply([transaction(1)], 30);
    if (config.url === ROUTES.getTransactionTotals.path) return totals();
    return undefined;
  });
}

const totalsLine = () => screen.getByRole('status', { name: 'Totals' });

/** The figures of the totals line as an admin reads them: term -> value. */
function figures() {
  const line = within(totalsLine());
  const values = line.getAllByRole('definition').map((d) => d.textContent);
  return Object.fromEntries(line.getAllByRole('term').map((t, i) => [t.textContent, values[i]]));
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Transactions totals', () => {
  it('adds up every page the search and filters select, in US dollars', async () => {
    const requests = server();
    renderPayments(`${LIST}?page=2&sortBy=amount&search=ann&status=completed&type=tip&from=2026-11-01&to=2026-11-22`);
    await waitFor(() =>
      expect(figures()).toEqual({
        Payments: '1,234',
        Amount: '$24,680.50',
        Payable: '$21,595.44',
        'Platform fee': '$3,085.06',
      }),
    );
    // Page and sort change no sum: only the search and filters are sent, the days as local instants.
    expect(totalsAsked(requests)).toEqual([
      {
        search: 'ann',
        status: 'completed',
        type: 'tip',
        from: new Date(2026, 10, 1).toISOString(),
        to: new Date(2026, 10, 22, 23, 59, 59, 999).toISOString(),
      },
    ]);
  });

  it('asks again when a filter changes, and not for another page', async () => {
    const requests = server();
    renderPayments(LIST);
    await waitFor(() => expect(figures().Payments).toBe('1,234'));
    await userEvent.setup({ pointerEventsCheck: 0 }).click(screen.getByRole('button', { name: 'Page 2' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(totalsAsked(requests)).toEqual([{}, { from: new Date(2026, 2, 1).toISOString() }]));
  });

  it('shows a quiet placeholder until the server answers', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server(async () => {
      await answered;
      return ok(TOTALS);
    });
    renderPayments(LIST);
    expect(await screen.findByText('fan1@example.com')).toBeInTheDocument();
    expect(totalsLine()).toHaveTextContent('Adding up the totals…');
    expect(totalsLine()).toHaveAttribute('aria-busy', 'true');
    answer();
    await waitFor(() => expect(figures()['Platform fee']).toBe('$3,085.06'));
    expect(totalsLine()).toHaveAttribute('aria-busy', 'false');
  });

  it('says the totals are unavailable when they fail, keeps the table, and retries on demand', async () => {
    let fail = true;
    const requests = server(() => (fail ? 'network-error' : ok(TOTALS)));
    renderPayments(LIST);
    expect(await within(totalsLine()).findByText(/Totals unavailable/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('fan1@example.com')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 30 entries')).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry totals' }));
    await waitFor(() => expect(figures().Amount).toBe('$24,680.50'));
    expect(totalsAsked(requests).length).toBeGreaterThanOrEqual(2);
  });

  it('the list’s Retry brings the totals back too', async () => {
    let fail = true;
    stubApi((config) => {
      if (fail) return 'network-error';
      if (config.url === ROUTES.getAllTransactions.path) return listReply([transaction(1)], 30);
      if (config.url === ROUTES.getTransactionTotals.path) return ok(TOTALS);
      return undefined;
    });
    renderPayments(LIST);
    expect(await screen.findByText('Transactions could not be loaded', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(totalsLine()).toHaveTextContent('Totals unavailable'));
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('fan1@example.com')).toBeInTheDocument();
    await waitFor(() => expect(figures().Payments).toBe('1,234'));
  });
});
