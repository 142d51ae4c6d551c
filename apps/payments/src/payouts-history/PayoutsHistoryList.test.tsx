import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN } from '@backoffice/shared-api/testing';
import { formatDateTime } from '@backoffice/ui-kit';
import { expectRetryRecovers, headers, listReply, payout, renderPayments, rowOf, stubApi } from '../testFixtures';

const LIST = '/app/payouts-history';

function server(reply: () => ReturnType<typeof listReply> | 'network-error') {
  const requests = stubApi((config) => (config.url === ROUTES.getAllPayouts.path ? reply() : undefined));
  return { requests, lists: () => requests.filter((r) => r.url === ROUTES.getAllPayouts.path).map((r) => r.params) };
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Payouts history', () => {
  it('shows the columns in order and each payout, latest paid first', async () => {
    const api = server(() =>
      listReply([payout(1, { amount: 1234.5 }), payout(2, { approvedBy: null, approvedAt: null })], 12),
    );
    renderPayments(LIST);
    expect(await screen.findByText('jane1@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payouts history' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(headers()).toEqual([
      'Display Name',
      'Email',
      'Payout Amount',
      'Reference',
      'Approved By',
      'Approved On',
      'Paid On',
    ]);
    const cells = (text: string) =>
      Array.from(
        screen.getByText(text).closest('tr')!.querySelectorAll('td'),
        (td: HTMLTableCellElement) => td.textContent,
      );
    expect(cells('jane1@example.com')).toEqual([
      'Jane 1',
      'jane1@example.com',
      '$1,234.50',
      'PAY-1001',
      'Ada Admin',
      formatDateTime('2026-01-03T10:15:00.000Z'),
      formatDateTime('2026-01-03T10:20:00.000Z'),
    ]);
    expect(cells('jane2@example.com').slice(4, 6)).toEqual(['-', '-']);
    expect(screen.getByText('Showing 1 to 10 of 12 entries')).toBeInTheDocument();
    expect(api.lists()).toEqual([{ page: 1, limit: 10, sortBy: 'paidAt', sortOrder: 'desc' }]);
    expect(screen.getByRole('columnheader', { name: 'Paid On' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('textbox', { name: 'Search by name, email or reference' })).toBeInTheDocument();
  });

  it('shows a loader until the server answers', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubApi(async () => {
      await answered;
      return listReply([payout(1)]);
    });
    renderPayments(LIST);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('jane1@example.com')).toBeInTheDocument();
  });

  it('says "Data Not Found" when no payout matches', async () => {
    server(() => listReply([], 0));
    renderPayments(LIST);
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
  });

  it('shows an error state with a Retry that asks again', async () => {
    let fail = true;
    server(() => (fail ? 'network-error' : listReply([payout(4)])));
    renderPayments(LIST);
    await expectRetryRecovers('Payouts could not be loaded', () => (fail = false), 'jane4@example.com');
  });

  it('asks for the page, sort and search kept in the URL; an unknown sort falls back to paid on', async () => {
    const api = server(() => listReply([payout(3)], 30));
    const { unmount } = renderPayments(`${LIST}?page=3&sortBy=reference&sortOrder=asc&search=PAY-1`);
    await screen.findByText('jane3@example.com');
    expect(api.lists()).toEqual([{ page: 3, limit: 10, search: 'PAY-1', sortBy: 'reference', sortOrder: 'asc' }]);
    expect(screen.getByText('Showing 21 to 30 of 30 entries')).toBeInTheDocument();
    unmount();
    renderPayments(`${LIST}?sortBy=approvedBy`);
    await screen.findByText('jane3@example.com');
    expect(api.lists()[1]).toEqual({ page: 1, limit: 10, sortBy: 'paidAt', sortOrder: 'desc' });
  });

  it('sorting, searching and paging are written to the URL', async () => {
    const api = server(() => listReply([payout(1)], 60));
    const { url } = renderPayments(LIST);
    await screen.findByText('jane1@example.com');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?page=3`));
    await user.click(screen.getByRole('button', { name: 'Approved On' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=approvedAt&sortOrder=asc`));
    await user.click(screen.getByRole('button', { name: 'Approved On' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=approvedAt`));
    await user.type(screen.getByRole('textbox', { name: /Search by name/ }), 'jane{Enter}');
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=approvedAt&search=jane`));
    await waitFor(() =>
      expect(api.lists().at(-1)).toEqual({
        page: 1,
        limit: 10,
        search: 'jane',
        sortBy: 'approvedAt',
        sortOrder: 'desc',
      }),
    );
    // Approved By is not a sort the server offers, so its header is no button.
    expect(within(screen.getByRole('columnheader', { name: 'Approved By' })).queryByRole('button')).toBeNull();
    expect(rowOf('jane1@example.com').getByText('PAY-1001')).toBeInTheDocument();
  });
});
