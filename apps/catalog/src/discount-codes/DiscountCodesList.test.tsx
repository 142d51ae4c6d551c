import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, DISCOUNT_CODE_TYPE_LABELS } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, type StubReply } from '@backoffice/shared-api/testing';
import { formatDateTime } from '@backoffice/ui-kit';
import { discountCode, expectRetryRecovers, headers, listReply, renderCatalog, rowOf, stubApi } from '../testFixtures';

const LIST = '/app/manage-discount-codes';
const DEFAULT_QUERY = { page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' };

type Requests = ReturnType<typeof stubApi>;
const lists = (requests: Requests) =>
  requests.filter((r) => r.url === ROUTES.getAllDiscountCodes.path).map((r) => r.params);

function server(reply: () => StubReply = () => listReply([discountCode(1)], 1)) {
  return stubApi((config) => (config.url === ROUTES.getAllDiscountCodes.path ? reply() : undefined));
}

// antd disables pointer events on its controls while they animate; the check would refuse the clicks.
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
// By text and label, not role: role queries over antd's styles are slow in jsdom.
const sortButton = (title: string) => screen.getByText(title, { selector: 'th button' });
const searchBox = () => screen.getByLabelText('Search by code name');

const OPEN_OPTION = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';

/** Picks `label` in the antd Select labelled `name` (closed dropdowns stay in the page, hidden). */
async function choose(name: string, label: string) {
  await user().click(screen.getByLabelText(name));
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`${OPEN_OPTION}[title="${label}"]`);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  await user().click(option);
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Discount codes list', () => {
  it('shows the breadcrumb, the spec columns in order, the rows and their actions', async () => {
    const requests = server(() =>
      listReply(
        [
          discountCode(1, { type: 'wallet_top_up', totalRedeem: 1234, redeemLimit: 5000 }),
          discountCode(2, { codeName: 'FRIENDS', type: 'refferal', status: 'Inactive' }),
        ],
        42,
      ),
    );
    renderCatalog(LIST);
    expect(await screen.findByText('SUMMER1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Discount codes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(headers()).toEqual([
      'Discount Type',
      'Code Name',
      'Status',
      'Created On',
      'Total Redeem',
      'Redeem Limit',
      'Action',
    ]);
    const first = rowOf('SUMMER1');
    expect(first.getByText('Wallet top up')).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByText(formatDateTime('2026-01-02T03:04:00.000Z'))).toBeInTheDocument();
    expect(first.getByText('1,234')).toBeInTheDocument();
    expect(first.getByText('5,000')).toBeInTheDocument();
    expect(first.getByText('View')).toHaveAttribute('href', `${LIST}/view/${discountCode(1)._id}`);
    expect(first.getByText('Edit')).toHaveAttribute('href', `${LIST}/edit/${discountCode(1)._id}`);
    const second = rowOf('FRIENDS');
    expect(second.getByText('Refferal')).toBeInTheDocument();
    expect(second.getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 42 entries')).toBeInTheDocument();
    expect(lists(requests)).toEqual([DEFAULT_QUERY]);
    expect(searchBox()).toBeInTheDocument();
    expect(screen.queryByText('Clear filters')).not.toBeInTheDocument();
  });

  it('shows a loader until the server answers', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubApi(async (config) => {
      if (config.url !== ROUTES.getAllDiscountCodes.path) return undefined;
      await answered;
      return listReply([discountCode(1)]);
    });
    renderCatalog(LIST);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('SUMMER1')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('says "Data Not Found" when no code matches', async () => {
    server(() => listReply([], 0));
    renderCatalog(LIST);
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('shows an error state with a Retry that asks again', async () => {
    let fail = true;
    const requests = server(() => (fail ? 'network-error' : listReply([discountCode(7)])));
    renderCatalog(LIST);
    await expectRetryRecovers('Discount codes could not be loaded', () => (fail = false), 'SUMMER7');
    expect(lists(requests).length).toBeGreaterThanOrEqual(2);
  });

  it('asks for the page, sort, search and filters kept in the URL', async () => {
    const requests = server(() => listReply([discountCode(3)], 30));
    renderCatalog(`${LIST}?page=3&sortBy=redeemLimit&sortOrder=asc&search=sum&type=signup&status=Inactive`);
    await screen.findByText('SUMMER3');
    expect(lists(requests)).toEqual([
      {
        page: 3,
        limit: 10,
        search: 'sum',
        sortBy: 'redeemLimit',
        sortOrder: 'asc',
        type: 'signup',
        status: 'Inactive',
      },
    ]);
    expect(screen.getByText('Showing 21 to 30 of 30 entries')).toBeInTheDocument();
    expect(searchBox()).toHaveValue('sum');
    expect(sortButton('Redeem Limit').closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('Clear filters')).toBeInTheDocument();
  });

  it('leaves out what the server would refuse: an unknown sort, type or status', async () => {
    const requests = server();
    renderCatalog(`${LIST}?sortBy=secret&type=gift_card&status=Deleted`);
    await screen.findByText('SUMMER1');
    expect(lists(requests)).toEqual([DEFAULT_QUERY]);
  });

  it('offers the six types by their labels, and a filter change is written to the URL from page 1', async () => {
    const requests = server(() => listReply([discountCode(1)], 30));
    const { url } = renderCatalog(`${LIST}?page=2`);
    await screen.findByText('SUMMER1');

    await user().click(screen.getByLabelText('Type'));
    await waitFor(() => expect(document.querySelectorAll(OPEN_OPTION)).toHaveLength(7));
    const offered = [...document.querySelectorAll(OPEN_OPTION)].map((o) => o.getAttribute('title'));
    expect(offered).toEqual(['All', ...Object.values(DISCOUNT_CODE_TYPE_LABELS)]);
    await user().click(document.querySelector<HTMLElement>(`${OPEN_OPTION}[title="Influencer discount code"]`)!);
    await waitFor(() => expect(url()).toBe(`${LIST}?type=influencer_discount_code`));
    await waitFor(() => expect(lists(requests).at(-1)).toEqual({ ...DEFAULT_QUERY, type: 'influencer_discount_code' }));

    await user().click(screen.getByLabelText('Page 3'));
    await waitFor(() => expect(url()).toBe(`${LIST}?type=influencer_discount_code&page=3`));
    await choose('Status', 'Inactive');
    await waitFor(() => expect(url()).toBe(`${LIST}?type=influencer_discount_code&status=Inactive`));
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({
        ...DEFAULT_QUERY,
        type: 'influencer_discount_code',
        status: 'Inactive',
      }),
    );

    await choose('Type', 'All');
    await waitFor(() => expect(url()).toBe(`${LIST}?status=Inactive`));
    await user().click(screen.getByText('Clear filters'));
    await waitFor(() => expect(url()).toBe(LIST));
    expect(screen.queryByText('Clear filters')).not.toBeInTheDocument();
  });

  it('searches with the text trimmed, and sorts by a header, each from page 1', async () => {
    const requests = server(() => listReply([discountCode(1)], 30));
    const { url } = renderCatalog(`${LIST}?page=2&status=Active`);
    await screen.findByText('SUMMER1');

    await user().type(searchBox(), '  summer {Enter}');
    await waitFor(() => expect(url()).toBe(`${LIST}?status=Active&search=summer`));
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({ ...DEFAULT_QUERY, search: 'summer', status: 'Active' }),
    );

    await user().click(screen.getByLabelText('Page 2'));
    await waitFor(() => expect(url()).toBe(`${LIST}?status=Active&search=summer&page=2`));
    await user().click(sortButton('Code Name'));
    await waitFor(() => expect(url()).toBe(`${LIST}?status=Active&search=summer&sortBy=codeName&sortOrder=asc`));
    await user().click(sortButton('Code Name'));
    await waitFor(() => expect(url()).toBe(`${LIST}?status=Active&search=summer&sortBy=codeName`));
    await waitFor(() =>
      expect(lists(requests).at(-1)).toEqual({
        ...DEFAULT_QUERY,
        search: 'summer',
        status: 'Active',
        sortBy: 'codeName',
        sortOrder: 'desc',
      }),
    );
    expect(sortButton('Code Name').closest('th')).toHaveAttribute('aria-sort', 'descending');
  });

  it('searches by itself 800 ms after the typing stops', async () => {
    const requests = server();
    const { url } = renderCatalog(LIST);
    await screen.findByText('SUMMER1');
    await user().type(searchBox(), 'win');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(url()).toBe(LIST);
    await waitFor(() => expect(url()).toBe(`${LIST}?search=win`), { timeout: 3000 });
    await waitFor(() => expect(lists(requests)).toEqual([DEFAULT_QUERY, { ...DEFAULT_QUERY, search: 'win' }]));
  });

  it('"Add discount code" opens the add page', async () => {
    server();
    const { url } = renderCatalog(LIST);
    await screen.findByText('SUMMER1');
    await user().click(screen.getByText('Add discount code'));
    await waitFor(() => expect(url()).toBe(`${LIST}/add`));
    expect(await screen.findByRole('heading', { name: 'Add discount code' })).toBeInTheDocument();
  });
});
