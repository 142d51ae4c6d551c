import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, type StubReply } from '@backoffice/shared-api/testing';
import { formatDateTime } from '@backoffice/ui-kit';
import {
  expectRetryRecovers,
  failure,
  headers,
  listReply,
  redemption,
  renderCatalog,
  rowOf,
  stubApi,
} from '../testFixtures';

const LIST = '/app/manage-cupon-history';
const DEFAULT_QUERY = { page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' };

type Requests = ReturnType<typeof stubApi>;
const lists = (requests: Requests) =>
  requests.filter((r) => r.url === ROUTES.getAllRedemptions.path).map((r) => r.params);

/** A fake API serving GET /redemption/getAll with what `reply` says. */
function server(reply: () => StubReply = () => listReply([redemption(1)], 1)) {
  return stubApi((config) => (config.url === ROUTES.getAllRedemptions.path ? reply() : undefined));
}

// antd disables pointer events on its controls while they animate; the check would refuse the clicks.
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const searchBox = () => screen.getByLabelText('Search by name');
// By text, not role: role queries over antd's styles are slow in jsdom.
const sortButton = (title: string) => screen.getByText(title, { selector: 'th button' });
const sortOf = (title: string) => sortButton(title).closest('th')!.getAttribute('aria-sort');

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Redemption history', () => {
  it('shows the breadcrumb from Dashboard, the spec columns in order and the rows', async () => {
    const requests = server(() =>
      listReply(
        [
          redemption(1, { discountCodeType: 'wallet_top_up', discountAmount: 12.5 }),
          redemption(2, { displayName: 'Bob', discountCode: 'WELCOME', discountCodeType: 'first_paid_call' }),
        ],
        42,
      ),
    );
    renderCatalog(LIST);
    expect(await screen.findByText('Fan 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Redemption history' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(headers()).toEqual(['User Name', 'Discount Code', 'Discount Type', 'Discount Amount', 'Redeemed At']);
    const first = rowOf('Fan 1');
    expect(first.getByText('SUMMER1')).toBeInTheDocument();
    expect(first.getByText('wallet top up')).toBeInTheDocument();
    expect(first.getByText('$12.50')).toBeInTheDocument();
    expect(first.getByText(formatDateTime('2026-01-02T03:04:00.000Z'))).toBeInTheDocument();
    // YYYY-MM-DD HH:mm, in the admin's own zone.
    expect(formatDateTime('2026-01-02T03:04:00.000Z')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const second = rowOf('Bob');
    expect(second.getByText('WELCOME')).toBeInTheDocument();
    expect(second.getByText('first paid call')).toBeInTheDocument();
    expect(second.getByText('$5.00')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 42 entries')).toBeInTheDocument();
    expect(lists(requests)).toEqual([DEFAULT_QUERY]);
    expect(searchBox()).toBeInTheDocument();
    expect(screen.queryByText(/^Code:/)).not.toBeInTheDocument();
  });

  it('shows the defaults as they come, and the same defaults where a record leaves a field out', async () => {
    server(() =>
      listReply([
        redemption(1, { displayName: 'N/A', discountCode: 'N/A', discountCodeType: 'N/A', discountAmount: 0 }),
        {
          _id: redemption(2)._id,
          discountAmount: 'lots',
          displayName: '',
          redeemedAt: '2026-02-03T04:05:00.000Z',
        } as unknown as ReturnType<typeof redemption>,
      ]),
    );
    renderCatalog(LIST);
    const rows = await waitFor(() => {
      const found = within(screen.getByRole('table')).getAllByRole('row').slice(1);
      if (found.length !== 2) throw new Error('rows not shown yet');
      return found;
    });
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ['N/A', 'N/A', 'N/A', '$0.00', formatDateTime('2026-01-02T03:04:00.000Z')],
      ['N/A', 'N/A', 'N/A', '$0.00', formatDateTime('2026-02-03T04:05:00.000Z')],
    ]);
  });

  it('shows a loader until the server answers', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubApi(async (config) => {
      if (config.url !== ROUTES.getAllRedemptions.path) return undefined;
      await answered;
      return listReply([redemption(1)]);
    });
    renderCatalog(LIST);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Fan 1')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('says "Data Not Found" with 0 entries when nothing matches', async () => {
    server(() => listReply([], 0));
    renderCatalog(LIST);
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('reads data that is not a list as an empty list, and a count that is not a number as 0', async () => {
    server(() => ({
      status: 200,
      data: { statusCode: 200, message: 'Redemptions', data: { rows: [redemption(1)] }, total: 'many' },
    }));
    renderCatalog(LIST);
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
    expect(screen.queryByText('Fan 1')).not.toBeInTheDocument();
  });

  it('keeps the rows of a list whose count is missing, and shows 0 entries', async () => {
    server(() => ({ status: 200, data: { statusCode: 200, message: 'Redemptions', data: [redemption(4)] } }));
    renderCatalog(LIST);
    expect(await screen.findByText('Fan 4')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('shows "Network error" with a Retry that asks again', async () => {
    let fail = true;
    const requests = server(() => (fail ? 'network-error' : listReply([redemption(7)])));
    renderCatalog(LIST);
    await expectRetryRecovers('Redemption history could not be loaded', () => (fail = false), 'Fan 7');
    expect(screen.queryByText('Network error')).not.toBeInTheDocument();
    expect(lists(requests).length).toBeGreaterThanOrEqual(2);
  });

  it('shows "Network error" when the server cannot be reached', async () => {
    server(() => 'network-error');
    renderCatalog(LIST);
    expect(await screen.findByText('Network error', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("shows the server's message when it refuses the request", async () => {
    server(() => failure(400, 'filterValue must NOT have more than 100 characters'));
    renderCatalog(`${LIST}?value=${'x'.repeat(101)}`);
    expect(await screen.findByText('filterValue must NOT have more than 100 characters')).toBeInTheDocument();
    expect(screen.getByText('Redemption history could not be loaded')).toBeInTheDocument();
  });

  it('shows "Unknown error" for a failure without a message', async () => {
    server(() => ({ status: 503, data: '<html>Service Unavailable</html>' }));
    renderCatalog(LIST);
    expect(await screen.findByText('Unknown error', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('asks for the page, sort, search and code kept in the URL', async () => {
    const requests = server(() => listReply([redemption(3)], 30));
    renderCatalog(`${LIST}?page=3&sortBy=discountAmount&sortOrder=asc&search=ann&value=SUMMER3`);
    await screen.findByText('Fan 3');
    expect(lists(requests)).toEqual([
      { page: 3, limit: 10, search: 'ann', sortBy: 'discountAmount', sortOrder: 'asc', filterValue: 'SUMMER3' },
    ]);
    expect(screen.getByText('Showing 21 to 30 of 30 entries')).toBeInTheDocument();
    expect(searchBox()).toHaveValue('ann');
    expect(sortOf('Discount Amount')).toBe('ascending');
  });

  it('leaves out a sort the server would refuse', async () => {
    const requests = server();
    renderCatalog(`${LIST}?sortBy=password&sortOrder=sideways&page=zero`);
    await screen.findByText('Fan 1');
    expect(lists(requests)).toEqual([DEFAULT_QUERY]);
  });

  it('searches 800 ms after the typing stops, with the text trimmed, from page 1', async () => {
    const requests = server(() => listReply([redemption(1)], 30));
    const { url } = renderCatalog(`${LIST}?page=2`);
    await screen.findByText('Fan 1');
    await user().type(searchBox(), '  Fan');
    // Every later keystroke restarts the wait, so the search cannot come sooner than 800 ms from here.
    const lastKeysFrom = Date.now();
    await user().type(searchBox(), ' 1  ');
    // Still nothing after half the delay: the list does not ask per keystroke.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(url()).toBe(`${LIST}?page=2`);
    expect(lists(requests)).toEqual([{ ...DEFAULT_QUERY, page: 2 }]);

    await waitFor(() => expect(url()).toBe(`${LIST}?search=Fan+1`), { timeout: 3000 });
    expect(Date.now() - lastKeysFrom).toBeGreaterThanOrEqual(800);
    await waitFor(() => expect(lists(requests).at(-1)).toEqual({ ...DEFAULT_QUERY, search: 'Fan 1' }));
    // One request for the whole text, not one per letter.
    expect(lists(requests)).toHaveLength(2);
  });

  it('a header click sorts ascending, the next descending, from page 1', async () => {
    const requests = server(() => listReply([redemption(1)], 30));
    const { url } = renderCatalog(`${LIST}?page=2`);
    await screen.findByText('Fan 1');

    await user().click(sortButton('User Name'));
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=displayName&sortOrder=asc`));
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({ ...DEFAULT_QUERY, sortBy: 'displayName', sortOrder: 'asc' }),
    );
    expect(sortOf('User Name')).toBe('ascending');

    await user().click(sortButton('User Name'));
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=displayName`));
    await waitFor(() => expect(lists(requests).at(-1)).toEqual({ ...DEFAULT_QUERY, sortBy: 'displayName' }));
    expect(sortOf('User Name')).toBe('descending');

    // Back to ascending: the page already fetched for that sort is shown again from the cache.
    await user().click(sortButton('User Name'));
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=displayName&sortOrder=asc`));
    expect(sortOf('User Name')).toBe('ascending');

    await user().click(sortButton('Redeemed At'));
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({ ...DEFAULT_QUERY, sortBy: 'redeemedAt', sortOrder: 'asc' }),
    );
  });

  it('pages with the pager, keeping the search and the code', async () => {
    const requests = server(() => listReply([redemption(1)], 25));
    const { url } = renderCatalog(`${LIST}?search=fan&value=SUMMER1`);
    await screen.findByText('Fan 1');
    await user().click(screen.getByLabelText('Page 3'));
    await waitFor(() => expect(url()).toBe(`${LIST}?search=fan&value=SUMMER1&page=3`));
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({ ...DEFAULT_QUERY, page: 3, search: 'fan', filterValue: 'SUMMER1' }),
    );
  });

  it('narrows to the code named by `value`, shown as a tag that removes the filter', async () => {
    const requests = server(() => listReply([redemption(1)], 12));
    const { url } = renderCatalog(`${LIST}?value=SUMMER1&page=2`);
    await screen.findByText('Fan 1');
    expect(lists(requests)).toEqual([{ ...DEFAULT_QUERY, page: 2, filterValue: 'SUMMER1' }]);
    expect(screen.getByText('Code: SUMMER1')).toBeInTheDocument();

    await user().click(screen.getByLabelText('Remove the filter Code: SUMMER1'));
    await waitFor(() => expect(url()).toBe(LIST));
    await waitFor(() => expect(lists(requests).at(-1)).toEqual(DEFAULT_QUERY));
    expect(screen.queryByText('Code: SUMMER1')).not.toBeInTheDocument();
  });
});

describe('Redemption history: the date range', () => {
  // The admin's own days, whatever zone the test runs in.
  const startOf = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString();
  const endOf = (y: number, m: number, d: number) => new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();

  it('asks for the redemptions between the days in the URL, both included, beside the code', async () => {
    const requests = server();
    renderCatalog(`${LIST}?value=SUMMER1&from=2026-11-01&to=2026-11-22`);
    await screen.findByText('Fan 1');
    expect(lists(requests)).toEqual([
      { ...DEFAULT_QUERY, filterValue: 'SUMMER1', from: startOf(2026, 11, 1), to: endOf(2026, 11, 22) },
    ]);
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-22');
    expect(screen.getByText('Code: SUMMER1')).toBeInTheDocument();
  });

  it('a picked day is written to the URL from page 1; Clear filters clears the days and the code', async () => {
    const requests = server(() => listReply([redemption(1)], 30));
    const { url } = renderCatalog(`${LIST}?page=2&value=SUMMER1`);
    await screen.findByText('Fan 1');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-22' } });
    await waitFor(() => expect(url()).toBe(`${LIST}?value=SUMMER1&to=2026-11-22`));
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({ ...DEFAULT_QUERY, filterValue: 'SUMMER1', to: endOf(2026, 11, 22) }),
    );

    await user().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(url()).toBe(LIST));
    await waitFor(() => expect(lists(requests).at(-1)).toEqual(DEFAULT_QUERY));
    expect(screen.getByLabelText('To')).toHaveValue('');
    expect(screen.queryByText('Code: SUMMER1')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('leaves out a hand-edited day that does not exist', async () => {
    const requests = server();
    renderCatalog(`${LIST}?from=2026-13-01&to=2026-02-29`);
    await screen.findByText('Fan 1');
    expect(lists(requests)).toEqual([DEFAULT_QUERY]);
    expect(screen.getByLabelText('To')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
