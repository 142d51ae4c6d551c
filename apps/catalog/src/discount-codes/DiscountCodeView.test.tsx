import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ROUTES, CATALOG_MESSAGES, createQueryClient, type DiscountCodeRow } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, type StubReply } from '@backoffice/shared-api/testing';
import { AppProviders, formatDateTime } from '@backoffice/ui-kit';
import {
  discountCode,
  expectRetryRecovers,
  failure,
  listReply,
  ok,
  redemption,
  renderCatalog,
  rowOf,
  stubApi,
  user as userRef,
  uuid,
} from '../testFixtures';
import DiscountCodesScreen from './DiscountCodesScreen';

const LIST = '/app/manage-discount-codes';
const CODE = discountCode(1, { amount: 12.5, totalRedeem: 1234, redeemLimit: 5000 });
const VIEW = `${LIST}/view/${CODE._id}`;
const CODE_QUERY = { page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', filterValue: CODE._id };

type Requests = ReturnType<typeof stubApi>;
const redemptionLists = (requests: Requests) =>
  requests.filter((r) => r.url === ROUTES.getAllRedemptions.path).map((r) => r.params);

/** A fake API: the codes' details, and redemptions as `redemptions` answers. */
function server(codes: DiscountCodeRow[], redemptions: () => StubReply = () => listReply([redemption(1)], 1)) {
  const requests = stubApi((config) => {
    const params = config.params as Record<string, string> | undefined;
    if (config.url === ROUTES.getDiscountCodeDetail.path) {
      const found = codes.find((c) => c._id === params?.id);
      return found ? ok(found) : failure(404, CATALOG_MESSAGES.discountCodeNotFound);
    }
    if (config.url === ROUTES.getAllRedemptions.path) return redemptions();
    if (config.url === ROUTES.getAllDiscountCodes.path) return listReply(codes);
    return undefined;
  });
  return {
    requests,
    redemptionLists: () => redemptionLists(requests),
    details: () => requests.filter((r) => r.url === ROUTES.getDiscountCodeDetail.path).map((r) => r.params),
  };
}

// antd disables pointer events on its controls while they animate; the check would refuse the clicks.
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const descriptions = () =>
  Object.fromEntries(
    [...document.querySelectorAll('.ant-descriptions-item-label')].map((label) => [
      label.textContent,
      label.nextElementSibling?.textContent,
    ]),
  );

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Discount code view', () => {
  it("shows the code's fields, its breadcrumb and an Edit button that opens the edit page", async () => {
    server([CODE]);
    const { url } = renderCatalog(VIEW);
    expect(await screen.findByRole('heading', { name: 'SUMMER1' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByText('Dashboard')).toHaveAttribute('href', '/app');
    expect(crumbs.getByText('Discount codes')).toHaveAttribute('href', LIST);
    expect(descriptions()).toEqual({
      'Code Name': 'SUMMER1',
      'Discount Type': 'Promo code',
      Amount: '$12.50',
      Status: 'Active',
      'Total Redeem': '1,234',
      'Redeem Limit': '5,000',
      'Created On': formatDateTime(CODE.createdAt),
      'Updated On': formatDateTime(CODE.updatedAt),
    });

    await user().click(screen.getByText('Edit', { selector: 'button span' }));
    await waitFor(() => expect(url()).toBe(`${LIST}/edit/${CODE._id}`));
    expect(await screen.findByDisplayValue('SUMMER1')).toBeInTheDocument();
  });

  it("names an influencer code's influencer", async () => {
    const owned = discountCode(2, {
      type: 'influencer_discount_code',
      influencer: userRef(3, { displayName: 'Jane Star', userName: 'jane.star', isInfluencer: true }),
    });
    server([owned]);
    renderCatalog(`${LIST}/view/${owned._id}`);
    await screen.findByRole('heading', { name: 'SUMMER2' });
    expect(descriptions()).toMatchObject({
      'Discount Type': 'Influencer discount code',
      Influencer: 'Jane Star (@jane.star)',
    });
  });

  it("lists the code's redemptions, asked for by the code's id", async () => {
    const api = server([CODE], () =>
      listReply([redemption(1, { discountAmount: 12.5 }), redemption(2, { displayName: 'Bob' })], 2),
    );
    renderCatalog(VIEW);
    expect(await screen.findByText('Fan 1')).toBeInTheDocument();
    const table = screen.getByText('Redemptions of SUMMER1', { selector: 'caption' }).closest('table')!;
    expect([...table.querySelectorAll('th')].map((h) => h.textContent)).toEqual([
      'User Name',
      'Discount Amount',
      'Redeemed At',
    ]);
    expect(rowOf('Fan 1').getByText('$12.50')).toBeInTheDocument();
    expect(rowOf('Fan 1').getByText(formatDateTime('2026-01-02T03:04:00.000Z'))).toBeInTheDocument();
    expect(rowOf('Bob').getByText('$5.00')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    expect(api.redemptionLists()).toEqual([CODE_QUERY]);
  });

  it('pages and sorts the redemptions, still narrowed to the code', async () => {
    const api = server([CODE], () => listReply([redemption(1)], 25));
    const { url } = renderCatalog(VIEW);
    await screen.findByText('Fan 1');
    await user().click(screen.getByLabelText('Page 3'));
    await waitFor(() => expect(url()).toBe(`${VIEW}?page=3`));
    await waitFor(() => expect(api.redemptionLists().at(-1)).toEqual({ ...CODE_QUERY, page: 3 }));
    await user().click(screen.getByText('Redeemed At', { selector: 'th button' }));
    await waitFor(() =>
      expect(api.redemptionLists().at(-1)).toEqual({ ...CODE_QUERY, sortBy: 'redeemedAt', sortOrder: 'asc' }),
    );
  });

  it('says "Data Not Found" when the code was never redeemed', async () => {
    server([CODE], () => listReply([], 0));
    renderCatalog(VIEW);
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('offers Retry when the redemptions cannot be loaded, and keeps the code shown', async () => {
    let fail = true;
    server([CODE], () => (fail ? 'network-error' : listReply([redemption(5)])));
    renderCatalog(VIEW);
    await expectRetryRecovers('The redemptions could not be loaded', () => (fail = false), 'Fan 5');
    expect(screen.getByRole('heading', { name: 'SUMMER1' })).toBeInTheDocument();
  });

  it('links to the redemption history of the code, which opens filtered by its name', async () => {
    const api = server([CODE]);
    const { url } = renderCatalog(VIEW);
    await screen.findByText('Fan 1');
    const link = screen.getByText('Open in redemption history');
    expect(link).toHaveAttribute('href', '/app/manage-cupon-history?value=SUMMER1');
    await user().click(link);
    await waitFor(() => expect(url()).toBe('/app/manage-cupon-history?value=SUMMER1'));
    expect(await screen.findByText('Code: SUMMER1')).toBeInTheDocument();
    await waitFor(() => expect(api.redemptionLists().at(-1)).toEqual({ ...CODE_QUERY, filterValue: 'SUMMER1' }));
  });

  it('the history link stays under the base the shell runs under: / as well as /app', async () => {
    server([CODE]);
    render(
      <AppProviders queryClient={createQueryClient()} toasts>
        <MemoryRouter initialEntries={[`/manage-discount-codes/view/${CODE._id}`]}>
          <Routes>
            <Route path="/">
              <Route path="manage-discount-codes/*" element={<DiscountCodesScreen />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('Open in redemption history')).toHaveAttribute(
      'href',
      '/manage-cupon-history?value=SUMMER1',
    );
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByText('Dashboard')).toHaveAttribute('href', '/');
    expect(crumbs.getByText('Discount codes')).toHaveAttribute('href', '/manage-discount-codes');
  });

  it('an unknown code says so, with a way back; a malformed id is not even asked for', async () => {
    const api = server([CODE]);
    const { unmount } = renderCatalog(`${LIST}/view/${uuid(999)}`);
    expect(await screen.findByText(`${CATALOG_MESSAGES.discountCodeNotFound}.`)).toBeInTheDocument();
    expect(screen.getByText('Back to Discount codes')).toHaveAttribute('href', LIST);
    unmount();

    renderCatalog(`${LIST}/view/SUMMER1`);
    expect(await screen.findByText(`${CATALOG_MESSAGES.discountCodeNotFound}.`)).toBeInTheDocument();
    expect(api.details()).toEqual([{ id: uuid(999) }]);
    expect(api.redemptionLists()).toEqual([]);
  });

  it('a code that cannot be loaded offers Retry', async () => {
    let fail = true;
    stubApi((config) => {
      if (config.url === ROUTES.getDiscountCodeDetail.path) return fail ? 'network-error' : ok(CODE);
      if (config.url === ROUTES.getAllRedemptions.path) return listReply([]);
      return undefined;
    });
    renderCatalog(VIEW);
    await expectRetryRecovers('The discount code could not be loaded', () => (fail = false), 'Code Name');
    expect(screen.getByRole('heading', { name: 'SUMMER1' })).toBeInTheDocument();
  });
});
