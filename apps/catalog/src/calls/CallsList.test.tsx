import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, CALL_STATUSES } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN } from '@backoffice/shared-api/testing';
import { EPOCH_ISO, formatDateTime } from '@backoffice/ui-kit';
import { chooseOption } from '@backoffice/ui-kit/testing';
import {
  call,
  expectRetryRecovers,
  headers,
  listReply,
  renderCatalog,
  rowOf,
  stubApi,
  type Handler,
} from '../testFixtures';

const LIST = '/app/calls';
const COLUMNS = [
  'Call From',
  'Call To',
  'Date',
  'Duration',
  'Transaction Total',
  'Earn Amount',
  'Refunded Amount',
  'Status',
  'Action',
];
const DEFAULT_QUERY = { page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' };

type Requests = Array<{ url?: string; params?: unknown }>;
const lists = (requests: Requests) => requests.filter((r) => r.url === ROUTES.getAllCalls.path).map((r) => r.params);

/** A fake API serving the calls list with what `reply` says. */
function server(reply: () => ReturnType<Handler> = () => listReply([call(1)], 1)) {
  return stubApi((config) => (config.url === ROUTES.getAllCalls.path ? reply() : undefined));
}

const param = (url: string, name: string) => new URLSearchParams(url.split('?')[1]).get(name);

// antd disables pointer events on its controls while they animate; the check would refuse the clicks.
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

/** Picks `label` in the antd Select named `name`. */
const choose = (name: string, label: string) => chooseOption(screen.getByRole('combobox', { name }), label);

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Calls list', () => {
  it('shows the spec columns in order and each call with its parties, date, duration, money and status', async () => {
    const requests = server(() => listReply([call(1), call(2, { refundedAmount: 12.3, status: 'Rejected' })], 42));
    renderCatalog(LIST);
    expect(await screen.findByText('Star 1')).toBeInTheDocument();
    expect(headers()).toEqual(COLUMNS);
    expect(screen.getByRole('heading', { name: 'Calls' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');

    const first = rowOf('Star 1');
    expect(first.getByText('User 1')).toBeInTheDocument();
    expect(first.getByText('@user.1')).toBeInTheDocument();
    expect(first.getByText('@user.101')).toBeInTheDocument();
    expect(first.getByText(formatDateTime('2026-01-02T03:00:00.000Z'))).toBeInTheDocument();
    expect(first.getByText('01:02:03')).toBeInTheDocument();
    expect(first.getByText('$62.50')).toBeInTheDocument();
    expect(first.getByText('$50.00')).toBeInTheDocument();
    expect(first.getByText('$0.00')).toBeInTheDocument();
    expect(first.getByText('Completed')).toHaveClass('ant-tag-green');
    expect(first.getByRole('link', { name: 'View' })).toHaveAttribute('href', `${LIST}/view/${call(1)._id}`);
    const second = rowOf('Star 2');
    expect(second.getByText('$12.30')).toBeInTheDocument();
    expect(second.getByText('Rejected')).toHaveClass('ant-tag-red');

    expect(screen.getByText('Showing 1 to 10 of 42 entries')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search by name or call ID' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByTitle('All')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
    expect(lists(requests)).toEqual([DEFAULT_QUERY]);
  });

  it("shows an ongoing call as 'Ongoing' and one that never started as 00:00:00", async () => {
    server(() =>
      listReply([
        call(1, { status: 'Ongoing', endedAt: EPOCH_ISO }),
        call(2, { status: 'Missed', startedAt: null, endedAt: null, transactionTotal: 0, earnAmount: 0 }),
        // The server may spell the epoch another way; it is the same instant.
        call(3, { status: 'Ongoing', endedAt: '1970-01-01T00:00:00Z' }),
      ]),
    );
    renderCatalog(LIST);
    await screen.findByText('Star 1');
    const ongoing = rowOf('Star 1');
    expect(ongoing.getByText('Ongoing', { selector: 'td' })).toBeInTheDocument();
    expect(ongoing.getByText('Ongoing', { selector: '.ant-tag' })).toHaveClass('ant-tag-processing');
    expect(rowOf('Star 2').getByText('00:00:00')).toBeInTheDocument();
    expect(rowOf('Star 2').getByText('Missed')).toHaveClass('ant-tag-orange');
    expect(rowOf('Star 3').getByText('Ongoing', { selector: 'td' })).toBeInTheDocument();
  });

  it('shows a loader until the server answers', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server(async () => {
      await answered;
      return listReply([call(1)]);
    });
    renderCatalog(LIST);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Star 1')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('says "Data Not Found" when no call matches', async () => {
    server(() => listReply([], 0));
    renderCatalog(`${LIST}?status=Accepted`);
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('shows an error state with a Retry that asks again', async () => {
    let fail = true;
    const requests = server(() => (fail ? 'network-error' : listReply([call(7)])));
    renderCatalog(LIST);
    await expectRetryRecovers('Calls could not be loaded', () => (fail = false), 'Star 7');
    expect(lists(requests).length).toBeGreaterThanOrEqual(2);
  });

  it('asks the server for the page, sort, search and status kept in the URL', async () => {
    const requests = server(() => listReply([call(3)], 30));
    renderCatalog(`${LIST}?page=3&sortBy=duration&sortOrder=asc&search=ann&status=Ongoing`);
    await screen.findByText('Star 3');
    expect(lists(requests)).toEqual([
      { page: 3, limit: 10, search: 'ann', sortBy: 'duration', sortOrder: 'asc', status: 'Ongoing' },
    ]);
    expect(screen.getByText('Showing 21 to 30 of 30 entries')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Duration' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByTitle('Ongoing', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search by name or call ID' })).toHaveValue('ann');
  });

  it('leaves out what the server would refuse: an unknown sort or status', async () => {
    const requests = server();
    renderCatalog(`${LIST}?sortBy=password&status=ongoing`);
    await screen.findByText('Star 1');
    expect(lists(requests)).toEqual([DEFAULT_QUERY]);
  });

  it('offers the seven spec statuses and All; a choice is written to the URL and goes back to page 1', async () => {
    const requests = server(() => listReply([call(1)], 30));
    const { url } = renderCatalog(`${LIST}?page=2`);
    await screen.findByText('Star 1');
    await user().click(screen.getByRole('combobox', { name: 'Status' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(8));
    const options = Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) =>
      o.getAttribute('title'),
    );
    expect(options).toEqual(['All', ...CALL_STATUSES]);
    expect(options).toEqual([
      'All',
      'Requested',
      'Cancelled',
      'Accepted',
      'Missed',
      'Ongoing',
      'Completed',
      'Rejected',
    ]);
    await user().keyboard('{Escape}');

    await choose('Status', 'Missed');
    await waitFor(() => expect(url()).toBe(`${LIST}?status=Missed`));
    await waitFor(() => expect(lists(requests).at(-1)).toEqual({ ...DEFAULT_QUERY, status: 'Missed' }));

    await user().click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?status=Missed&page=3`));
    await waitFor(() => expect(lists(requests).at(-1)).toEqual({ ...DEFAULT_QUERY, page: 3, status: 'Missed' }));

    await choose('Status', 'All');
    await waitFor(() => expect(url()).toBe(LIST));
    await waitFor(() => expect(lists(requests).at(-1)).toEqual(DEFAULT_QUERY));
  });

  it('searching and sorting go back to page 1 and are written to the URL; a second click reverses the sort', async () => {
    const requests = server(() => listReply([call(1)], 30));
    const { url } = renderCatalog(`${LIST}?page=2&status=Completed`);
    await screen.findByText('Star 1');
    await user().click(screen.getByRole('button', { name: 'Earn Amount' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?status=Completed&sortBy=earnAmount&sortOrder=asc`));
    await user().click(screen.getByRole('button', { name: 'Earn Amount' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?status=Completed&sortBy=earnAmount`));
    await user().type(screen.getByRole('textbox', { name: 'Search by name or call ID' }), '  00000000 {Enter}');
    await waitFor(() => expect(url()).toBe(`${LIST}?status=Completed&sortBy=earnAmount&search=00000000`));
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({
        page: 1,
        limit: 10,
        search: '00000000',
        sortBy: 'earnAmount',
        sortOrder: 'desc',
        status: 'Completed',
      }),
    );
  });

  it('sorts each column by the name the server knows it by', async () => {
    server();
    const { url } = renderCatalog(LIST);
    await screen.findByText('Star 1');
    const sorts: Array<[string, string]> = [
      ['Call From', 'hostName'],
      ['Call To', 'receiverName'],
      ['Duration', 'duration'],
      ['Transaction Total', 'transactionTotal'],
      ['Earn Amount', 'earnAmount'],
      ['Refunded Amount', 'refundedAmount'],
      ['Status', 'status'],
      ['Date', 'createdAt'],
    ];
    for (const [title, sortBy] of sorts) {
      await user().click(within(screen.getByRole('table')).getByRole('button', { name: title }));
      // The default sort stays out of the URL.
      await waitFor(() => expect(param(url(), 'sortBy') ?? 'createdAt').toBe(sortBy));
      expect(param(url(), 'sortOrder')).toBe('asc');
    }
    expect(screen.queryByRole('button', { name: 'Action' })).not.toBeInTheDocument();
  });
});

describe('Calls list: the date range', () => {
  // The admin's own days, whatever zone the test runs in.
  const startOf = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString();
  const endOf = (y: number, m: number, d: number) => new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();

  it('asks for the calls requested between the days in the URL, both included', async () => {
    const requests = server();
    renderCatalog(`${LIST}?from=2026-11-01&to=2026-11-22`);
    await screen.findByText('Star 1');
    expect(lists(requests)).toEqual([{ ...DEFAULT_QUERY, from: startOf(2026, 11, 1), to: endOf(2026, 11, 22) }]);
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-22');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('a picked day is written to the URL from page 1; Clear filters clears the days and the status', async () => {
    const requests = server(() => listReply([call(1)], 30));
    const { url } = renderCatalog(`${LIST}?page=2&status=Ongoing`);
    await screen.findByText('Star 1');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-22' } });
    await waitFor(() => expect(url()).toBe(`${LIST}?status=Ongoing&from=2026-11-22`));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-22' } });
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({
        ...DEFAULT_QUERY,
        status: 'Ongoing',
        from: startOf(2026, 11, 22),
        to: endOf(2026, 11, 22),
      }),
    );

    await user().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(url()).toBe(LIST));
    await waitFor(() => expect(lists(requests).at(-1)).toEqual(DEFAULT_QUERY));
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByLabelText('To')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('leaves out a hand-edited day that does not exist', async () => {
    const requests = server();
    renderCatalog(`${LIST}?from=2026-02-30&to=today`);
    await screen.findByText('Star 1');
    expect(lists(requests)).toEqual([DEFAULT_QUERY]);
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
