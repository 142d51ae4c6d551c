import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders, EPOCH_ISO, formatDateTime } from '@backoffice/ui-kit';
import { createQueryClient } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, stubHttp, type StubReply, type StubRequest } from '@backoffice/shared-api/testing';
import FanDetailScreen from './FanDetailScreen';

const FAN_ID = '0f0f0f0f-1111-4222-8333-444455556666';
const uuid = (prefix: number, i: number) => `${String(prefix).repeat(8)}-0000-4000-8000-${String(i).padStart(12, '0')}`;

type Row = Record<string, unknown> & { _id: string };

/** A fan's whole history; the fake server pages and searches it as the real one does. */
interface Fan {
  user: Record<string, unknown>;
  totalUserCalls: number;
  totalAmount: number;
  totalRefundAmount: number;
  totalDiscountCodeRedeem: number;
  videoCalls: Row[];
  transactions: Row[];
  refunds: Row[];
  discountCodes: Row[];
}

const call = (i: number, startedAt: string | null, endedAt: string | null): Row => ({
  _id: uuid(1, i),
  startedAt,
  endedAt,
  status: 'completed',
});
const ONGOING = call(1, '2026-03-04T10:00:00.000Z', EPOCH_ISO);
const FINISHED = call(2, '2026-03-04T10:00:00.000Z', '2026-03-04T11:02:03.000Z');
const NEVER_STARTED = call(3, null, null);

const transaction = (i: number, orderId: string | null = `ORD-${i}`): Row => ({
  _id: uuid(2, i),
  transactionId: `TXN-${i}`,
  orderId,
  amount: 1234.5,
  createdAt: '2026-02-01T08:30:00.000Z',
});
const refund = (i: number): Row => ({
  _id: uuid(3, i),
  orderId: `REF-ORD-${i}`,
  amount: 20,
  transfer_to: 'original_payment_method',
  status: 'processed',
  createdAt: '2026-02-02T09:45:00.000Z',
});
const discountCode = (i: number): Row => ({
  _id: uuid(4, i),
  discountCodeId: uuid(5, i),
  discountCodeName: `CODE${i}`,
  discountCodeType: 'first_paid_call',
  discountAmount: 5,
});

const many = <T,>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i + 1));

function aFan(overrides: Partial<Fan> = {}): Fan {
  return {
    user: {
      _id: FAN_ID,
      displayName: 'Busy Fan',
      userName: 'busy.fan',
      mainProfilePicture: 'data:image/png;base64,iVBORw0KGgo=',
      status: '1',
      email: 'busy.fan@example.com',
      lastLoginAt: '2026-03-01T12:00:00.000Z',
      lastLogoutAt: null,
    },
    totalUserCalls: 25,
    totalAmount: 1234.5,
    totalRefundAmount: 20,
    totalDiscountCodeRedeem: 7,
    videoCalls: [ONGOING, FINISHED, NEVER_STARTED, ...many(22, (i) => call(i + 3, null, null))],
    transactions: [transaction(1, null), ...many(24, (i) => transaction(i + 1))],
    refunds: many(25, refund),
    discountCodes: many(25, discountCode),
    ...overrides,
  };
}

const SEARCHED_FIELD = {
  videoCalls: '_id',
  transactions: 'transactionId',
  refunds: 'orderId',
  discountCodes: 'discountCodeName',
} as const;

/** As the API: page, limit and search apply to the section `tab` names; the others come at page 1. */
function fanDetailsReply(fan: Fan, params: Record<string, any>) {
  const section = (name: keyof typeof SEARCHED_FIELD) => {
    const mine = params.tab === name;
    const page = mine ? (params.page ?? 1) : 1;
    const limit = mine ? (params.limit ?? 10) : 10;
    const search = mine ? params.search : undefined;
    const rows = search ? fan[name].filter((r) => String(r[SEARCHED_FIELD[name]]).includes(search)) : fan[name];
    return { data: rows.slice((page - 1) * limit, page * limit), pagination: { page, limit, total: rows.length } };
  };
  return {
    userDetails: fan.user,
    totalUserCalls: fan.totalUserCalls,
    transactions: { totalAmount: fan.totalAmount, ...section('transactions') },
    refunds: { totalRefundAmount: fan.totalRefundAmount, ...section('refunds') },
    videoCalls: section('videoCalls'),
    discountCodes: { totalDiscountCodeRedeem: fan.totalDiscountCodeRedeem, ...section('discountCodes') },
  };
}

/** Serves `fan`; returns the query parameters of every request, in order. */
function serve(fan: Fan = aFan()) {
  const requests = stubHttp((config: StubRequest) => ({
    status: 200,
    data: { statusCode: 200, message: 'Fan details', data: fanDetailsReply(fan, config.params) },
  }));
  return { requests, params: () => requests.map((r) => r.params as Record<string, unknown>) };
}

const lastParams = (requests: StubRequest[]) => requests[requests.length - 1]!.params;

function renderScreen(path = `/app/details/fan-details/${FAN_ID}`, queryClient = createQueryClient()) {
  return render(
    <AppProviders queryClient={queryClient} toasts>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {/* As the shell mounts it: under /app, and the same set at the root. */}
          <Route path="/app">
            <Route path="details/fan-details/*" element={<FanDetailScreen />} />
          </Route>
          <Route path="/">
            <Route path="details/fan-details/*" element={<FanDetailScreen />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

const table = (name: string) => screen.getByRole('table', { name });
const headers = (name: string) =>
  within(table(name))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
const bodyRows = (name: string) => within(table(name)).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

async function openTab(name: 'Calls' | 'Financial' | 'Details' | 'Discount Codes') {
  await userEvent.click(screen.getByRole('tab', { name }));
}

async function showRefunds() {
  await openTab('Financial');
  await userEvent.click(screen.getByText('Refunds', { selector: '.ant-segmented-item-label' }));
  await screen.findByRole('table', { name: "Fan's refunds" });
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Fan detail: loading and no data', () => {
  it('shows a spinner in place of the whole screen while the first load runs', async () => {
    let release: (reply: StubReply) => void = () => undefined;
    stubHttp(() => new Promise<StubReply>((resolve) => (release = resolve)));
    renderScreen();
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByText('Busy Fan')).not.toBeInTheDocument();
    act(() =>
      release({
        status: 200,
        data: { statusCode: 200, message: 'Fan details', data: fanDetailsReply(aFan(), { tab: 'videoCalls' }) },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Busy Fan' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it.each([
    ['a 404 for an unknown fan', { status: 404, data: { statusCode: 404, message: 'Fan not found' } }],
    ['a 400 for a malformed id', { status: 400, data: { statusCode: 400, message: 'id must be a UUID' } }],
    ['a network error', 'network-error' as const],
  ])("says 'No fan details available.' after %s", async (_, reply) => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    stubHttp(() => reply);
    renderScreen();
    expect(await screen.findByText('No fan details available.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it("says 'No fan details available.' when the route has no id", async () => {
    const requests = serve().requests;
    renderScreen('/app/details/fan-details');
    expect(await screen.findByText('No fan details available.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});

describe('Fan detail: header, cards and breadcrumb', () => {
  it('shows the avatar picture, the display name and @userName', async () => {
    serve();
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Busy Fan' })).toBeInTheDocument();
    expect(screen.getByText('@busy.fan')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Busy Fan's profile picture" })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.queryByRole('img', { name: 'No profile picture' })).not.toBeInTheDocument();
  });

  it('shows a placeholder icon when the fan has no picture', async () => {
    const fan = aFan();
    serve({ ...fan, user: { ...fan.user, mainProfilePicture: '' } });
    renderScreen();
    expect(await screen.findByRole('img', { name: 'No profile picture' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: "Busy Fan's profile picture" })).not.toBeInTheDocument();
  });

  it('shows the four cards, money in dollars with 2 decimals', async () => {
    serve();
    renderScreen();
    const card = async (name: string) => (await screen.findByRole('group', { name })).textContent;
    expect(await card('Status')).toBe('StatusActive');
    expect(await card('Total Calls')).toBe('Total Calls25');
    expect(await card('Total Transactions')).toBe('Total Transactions$1,234.50');
    expect(await card('Total Refunds')).toBe('Total Refunds$20.00');
  });

  it("says Inactive when the status is not '1'", async () => {
    const fan = aFan();
    serve({ ...fan, user: { ...fan.user, status: '0' } });
    renderScreen();
    expect(within(await screen.findByRole('group', { name: 'Status' })).getByText('Inactive')).toBeInTheDocument();
  });

  it.each([
    ['/app', '/app', '/app/fans'],
    ['', '/', '/fans'],
  ])('links the breadcrumb to the dashboard and the fans list under "%s"', async (base, dashboard, fans) => {
    serve();
    renderScreen(`${base}/details/fan-details/${FAN_ID}`);
    const crumbs = within(await screen.findByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', dashboard);
    expect(crumbs.getByRole('link', { name: 'Fans' })).toHaveAttribute('href', fans);
    expect(crumbs.getByText('Busy Fan')).toBeInTheDocument();
  });
});

describe('Fan detail: tabs', () => {
  it('has the four tabs, Calls first, and asks for the calls page 1 with the page size 10', async () => {
    const { requests } = serve();
    renderScreen();
    await screen.findByRole('table', { name: "Fan's calls" });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Calls',
      'Financial',
      'Details',
      'Discount Codes',
    ]);
    expect(screen.getByRole('tab', { name: 'Calls' })).toHaveAttribute('aria-selected', 'true');
    expect(requests.map((r) => r.params)).toEqual([{ id: FAN_ID, tab: 'videoCalls', page: 1, limit: 10 }]);
  });

  it('Calls: title, search, columns, short ids, and ongoing, finished and never-started calls', async () => {
    serve();
    renderScreen();
    await screen.findByRole('table', { name: "Fan's calls" });
    expect(screen.getByRole('heading', { name: 'Video Calls' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search Call ID')).toBeInTheDocument();
    expect(headers("Fan's calls")).toEqual(['Call ID', 'Started At', 'Ended At', 'Duration']);
    const [ongoing, finished, neverStarted] = bodyRows("Fan's calls");
    expect(cells(ongoing!)).toEqual(['11111111...', formatDateTime(ONGOING.startedAt as string), '-', 'Ongoing']);
    expect(cells(finished!)).toEqual([
      '11111111...',
      formatDateTime(FINISHED.startedAt as string),
      formatDateTime(FINISHED.endedAt as string),
      '01:02:03',
    ]);
    expect(cells(neverStarted!)).toEqual(['11111111...', '-', '-', '00:00:00']);
  });

  it("Calls: says 'No calls found.' when there are none", async () => {
    serve(aFan({ videoCalls: [] }));
    renderScreen();
    expect(await screen.findByText('No calls found.')).toBeInTheDocument();
  });

  it("Financial: transactions with 'N/A' for a missing order id, dollars, and an empty state", async () => {
    const { requests } = serve();
    renderScreen();
    await screen.findByRole('table', { name: "Fan's calls" });
    await openTab('Financial');
    await screen.findByRole('table', { name: "Fan's transactions" });
    expect(lastParams(requests)).toEqual({ id: FAN_ID, tab: 'transactions', page: 1, limit: 10 });
    // A first visit is one request, not a load and a reload.
    await waitFor(() => expect(table("Fan's transactions")).toHaveAttribute('aria-busy', 'false'));
    expect(requests.filter((r) => r.params.tab === 'transactions')).toHaveLength(1);
    expect(screen.getByPlaceholderText('Search Transaction ID')).toBeInTheDocument();
    expect(headers("Fan's transactions")).toEqual(['Transaction ID', 'Order ID', 'Amount', 'Created At']);
    const [first, second] = bodyRows("Fan's transactions");
    expect(cells(first!)).toEqual(['TXN-1', 'N/A', '$1,234.50', formatDateTime('2026-02-01T08:30:00.000Z')]);
    expect(cells(second!)[1]).toBe('ORD-2');

    await userEvent.type(screen.getByPlaceholderText('Search Transaction ID'), 'TXN-none{Enter}');
    expect(await screen.findByText('No transactions found.')).toBeInTheDocument();
  });

  it('Financial: refunds through the toggle, with underscores shown as spaces, and an empty state', async () => {
    const { requests } = serve();
    renderScreen();
    await screen.findByRole('table', { name: "Fan's calls" });
    await showRefunds();
    expect(lastParams(requests)).toEqual({ id: FAN_ID, tab: 'refunds', page: 1, limit: 10 });
    expect(screen.queryByRole('table', { name: "Fan's transactions" })).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search Order ID')).toBeInTheDocument();
    expect(headers("Fan's refunds")).toEqual(['Order ID', 'Amount', 'Transfer To', 'Status', 'Created At']);
    expect(cells(bodyRows("Fan's refunds")[0]!)).toEqual([
      'REF-ORD-1',
      '$20.00',
      'original payment method',
      'processed',
      formatDateTime('2026-02-02T09:45:00.000Z'),
    ]);

    await userEvent.type(screen.getByPlaceholderText('Search Order ID'), 'no-such-order{Enter}');
    expect(await screen.findByText('No refunds found.')).toBeInTheDocument();
  });

  it("Details: email, last login, and '-' for a last logout that never happened", async () => {
    const { requests } = serve();
    renderScreen();
    await screen.findByRole('table', { name: "Fan's calls" });
    const before = requests.length;
    await openTab('Details');
    const row = (label: string) => screen.getByText(label).closest('tr')!.textContent;
    expect(row('Email')).toBe('Emailbusy.fan@example.com');
    expect(row('Last Login')).toBe(`Last Login${formatDateTime('2026-03-01T12:00:00.000Z')}`);
    expect(row('Last Logout')).toBe('Last Logout-');
    // No table there: nothing new to ask for.
    expect(requests).toHaveLength(before);
  });

  it('Discount Codes: search, Total Redeemed, short code ids, types with spaces, dollars, empty state', async () => {
    const { requests } = serve();
    renderScreen();
    await screen.findByRole('table', { name: "Fan's calls" });
    await openTab('Discount Codes');
    await screen.findByRole('table', { name: "Fan's discount codes" });
    expect(lastParams(requests)).toEqual({ id: FAN_ID, tab: 'discountCodes', page: 1, limit: 10 });
    expect(screen.getByPlaceholderText('Search Code name')).toBeInTheDocument();
    expect(screen.getByText('Total Redeemed: 7')).toBeInTheDocument();
    expect(headers("Fan's discount codes")).toEqual(['Code ID', 'Type', 'Discount Amount']);
    expect(cells(bodyRows("Fan's discount codes")[0]!)).toEqual(['55555555...', 'first paid call', '$5.00']);

    await userEvent.type(screen.getByPlaceholderText('Search Code name'), 'NOPE{Enter}');
    expect(await screen.findByText('No discount codes found.')).toBeInTheDocument();
  });
});

describe('Fan detail: paging and search', () => {
  it('hides the pager when the page has fewer rows than 10', async () => {
    serve(aFan({ videoCalls: [ONGOING, FINISHED, NEVER_STARTED] }));
    renderScreen();
    await screen.findByRole('table', { name: "Fan's calls" });
    expect(bodyRows("Fan's calls")).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Page \d+ of \d+$/)).not.toBeInTheDocument();
  });

  it('shows Prev, Next and the page with a full page; Next asks for page 2 of that table only', async () => {
    const { requests } = serve();
    renderScreen();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(lastParams(requests)).toEqual({ id: FAN_ID, tab: 'videoCalls', page: 2, limit: 10 });
    await waitFor(() => expect(bodyRows("Fan's calls")[0]).toHaveTextContent(`${uuid(1, 11).slice(0, 8)}...`));
    expect(requests.filter((r) => r.params.tab !== 'videoCalls')).toHaveLength(0);
  });

  it('keeps a page per table: paging one never moves another, and landing on a table starts at page 1', async () => {
    const { requests } = serve();
    renderScreen();
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    await openTab('Financial');
    await screen.findByRole('table', { name: "Fan's transactions" });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(lastParams(requests)).toEqual({ id: FAN_ID, tab: 'transactions', page: 1, limit: 10 });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(lastParams(requests)).toEqual({ id: FAN_ID, tab: 'transactions', page: 2, limit: 10 });

    await userEvent.click(screen.getByText('Refunds', { selector: '.ant-segmented-item-label' }));
    await screen.findByRole('table', { name: "Fan's refunds" });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(lastParams(requests)).toEqual({ id: FAN_ID, tab: 'refunds', page: 1, limit: 10 });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(lastParams(requests)).toEqual({ id: FAN_ID, tab: 'refunds', page: 2, limit: 10 });

    // The toggle back lands on transactions: page 1 again, as the spec's toggle rule says.
    await userEvent.click(screen.getByText('Transactions', { selector: '.ant-segmented-item-label' }));
    await screen.findByRole('table', { name: "Fan's transactions" });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    await openTab('Calls');
    await screen.findByRole('table', { name: "Fan's calls" });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(bodyRows("Fan's calls")[0]).toHaveTextContent('11111111...');
    // Page 1 of the calls is cached from the first load, and asked for again all the same.
    await waitFor(() => expect(lastParams(requests)).toEqual({ id: FAN_ID, tab: 'videoCalls', page: 1, limit: 10 }));
    expect(requests.filter((r) => r.params.tab === 'videoCalls' && r.params.page === 1)).toHaveLength(2);
  });

  it('a search sends the trimmed text for that table, from page 1', async () => {
    const { requests } = serve();
    renderScreen();
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    await userEvent.type(screen.getByPlaceholderText('Search Call ID'), `  ${FINISHED._id}  {Enter}`);
    await waitFor(() =>
      expect(lastParams(requests)).toEqual({
        id: FAN_ID,
        tab: 'videoCalls',
        page: 1,
        limit: 10,
        search: FINISHED._id,
      }),
    );
    await waitFor(() => expect(bodyRows("Fan's calls")).toHaveLength(1));
    expect(screen.queryByText(/^Page \d+ of \d+$/)).not.toBeInTheDocument();
  });

  it('a search made by typing alone is sent once the 800 ms debounce has passed', async () => {
    const { requests } = serve();
    renderScreen();
    await screen.findByRole('table', { name: "Fan's calls" });
    await openTab('Discount Codes');
    await screen.findByRole('table', { name: "Fan's discount codes" });
    const before = requests.length;
    await userEvent.type(screen.getByPlaceholderText('Search Code name'), ' CODE1 ');
    expect(requests).toHaveLength(before);
    await waitFor(() => expect(requests.length).toBeGreaterThan(before), { timeout: 2000 });
    expect(lastParams(requests)).toEqual({ id: FAN_ID, tab: 'discountCodes', page: 1, limit: 10, search: 'CODE1' });
  });

  it("changing the tab clears the landing table's search and asks for page 1", async () => {
    const { requests } = serve();
    renderScreen();
    await screen.findByRole('table', { name: "Fan's calls" });
    await userEvent.type(screen.getByPlaceholderText('Search Call ID'), '1111{Enter}');
    await waitFor(() => expect(lastParams(requests)).toMatchObject({ tab: 'videoCalls', search: '1111' }));

    await openTab('Details');
    await openTab('Calls');
    await screen.findByRole('table', { name: "Fan's calls" });
    expect(screen.getByPlaceholderText('Search Call ID')).toHaveValue('');
    await waitFor(() => expect(lastParams(requests)).toEqual({ id: FAN_ID, tab: 'videoCalls', page: 1, limit: 10 }));
  });

  it("changing the toggle clears the landing list's search", async () => {
    const { requests } = serve();
    renderScreen();
    await screen.findByRole('table', { name: "Fan's calls" });
    await showRefunds();
    await userEvent.type(screen.getByPlaceholderText('Search Order ID'), 'REF-ORD-2{Enter}');
    await waitFor(() => expect(lastParams(requests)).toMatchObject({ tab: 'refunds', search: 'REF-ORD-2' }));

    await userEvent.click(screen.getByText('Transactions', { selector: '.ant-segmented-item-label' }));
    await userEvent.click(screen.getByText('Refunds', { selector: '.ant-segmented-item-label' }));
    await screen.findByRole('table', { name: "Fan's refunds" });
    expect(screen.getByPlaceholderText('Search Order ID')).toHaveValue('');
    await waitFor(() => expect(lastParams(requests)).toEqual({ id: FAN_ID, tab: 'refunds', page: 1, limit: 10 }));
  });

  it('leaves the table shown as it is while a live update reads it again, until the new rows come', async () => {
    let hold: Promise<void> | undefined;
    let release: () => void = () => undefined;
    const fan = aFan();
    const requests = stubHttp(async (config) => {
      if (hold) await hold;
      return {
        status: 200,
        data: { statusCode: 200, message: 'Fan details', data: fanDetailsReply(fan, config.params) },
      };
    });
    const queryClient = createQueryClient();
    renderScreen(undefined, queryClient);
    await screen.findByText('Page 1 of 3');
    hold = new Promise((r) => (release = r));
    // What the socket does on an event about this fan: the details on screen are read again.
    void queryClient.invalidateQueries();
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(table("Fan's calls")).toHaveAttribute('aria-busy', 'false');
    act(() => release());
    hold = undefined;
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(table("Fan's calls")).toHaveAttribute('aria-busy', 'false');
  });

  it('keeps the screen while a later page loads, showing the table as loading', async () => {
    let hold: Promise<void> | undefined;
    let release: () => void = () => undefined;
    const fan = aFan();
    stubHttp(async (config) => {
      if (config.params.page === 2) {
        hold = new Promise((r) => (release = r));
        await hold;
      }
      return {
        status: 200,
        data: { statusCode: 200, message: 'Fan details', data: fanDetailsReply(fan, config.params) },
      };
    });
    renderScreen();
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(table("Fan's calls")).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('heading', { name: 'Busy Fan' })).toBeInTheDocument();
    act(() => release());
    await waitFor(() => expect(table("Fan's calls")).toHaveAttribute('aria-busy', 'false'));
  });
});
