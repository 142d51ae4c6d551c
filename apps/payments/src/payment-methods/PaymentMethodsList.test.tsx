import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, type PaymentMethod } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, type StubReply, type StubRequest } from '@backoffice/shared-api/testing';
import { formatDateTime } from '@backoffice/ui-kit';
import {
  buttonIn,
  expectRetryRecovers,
  failure,
  headers,
  listReply,
  ok,
  paymentMethod,
  renderPayments,
  rowOf,
  stubApi,
} from '../testFixtures';

const LIST = '/app/payment-methods';
const UPDATED_AT = '2026-03-04T05:06:00.000Z';

/** A fake API over `methods`; status changes as `change` answers (by default: applied). */
function server(initial: PaymentMethod[], change?: (config: StubRequest) => Promise<StubReply>) {
  let methods = initial;
  const apply = (config: StubRequest) => {
    const { id, isActive } = config.params as { id: string; isActive: boolean };
    methods = methods.map((m) => (m._id === id ? { ...m, isActive, updatedAt: UPDATED_AT } : m));
    // The server's own words, which the screen shows as they are.
    return ok(
      methods.find((m) => m._id === id),
      isActive ? 'Payment method activated' : 'Payment method deactivated',
    );
  };
  const requests = stubApi(async (config) => {
    if (config.url === ROUTES.getAllPaymentMethods.path) return listReply(methods);
    if (config.url === ROUTES.changePaymentMethodStatus.path) return change ? change(config) : apply(config);
    return undefined;
  });
  return {
    apply,
    lists: () => requests.filter((r) => r.url === ROUTES.getAllPaymentMethods.path).map((r) => r.params),
    changes: () =>
      requests.filter((r) => r.url === ROUTES.changePaymentMethodStatus.path).map((r) => [r.method, r.params]),
  };
}

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const rowButton = (rowText: string, name: string) => buttonIn(screen.getByText(rowText).closest('tr')!, name);

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Payment methods list', () => {
  it('shows the spec columns in order and each method with its status and dates', async () => {
    const api = server([
      paymentMethod(1, { name: 'Bank transfer' }),
      paymentMethod(2, { name: 'PayPal', isActive: false }),
    ]);
    renderPayments(LIST);
    expect(await screen.findByText('Bank transfer')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment methods' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(headers()).toEqual(['Method Name', 'Status', 'Created Date', 'Updated Date', 'Actions']);
    const bank = rowOf('Bank transfer');
    expect(bank.getByText('Active')).toBeInTheDocument();
    expect(bank.getByText(formatDateTime('2026-01-02T03:04:00.000Z'))).toBeInTheDocument();
    expect(bank.getByText(formatDateTime('2026-01-05T06:07:00.000Z'))).toBeInTheDocument();
    expect(bank.getByText('Edit')).toBeInTheDocument();
    expect(bank.getByText('Deactivate')).toBeInTheDocument();
    const paypal = rowOf('PayPal');
    expect(paypal.getByText('Inactive')).toBeInTheDocument();
    expect(paypal.getByText('Activate')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    expect(api.lists()).toEqual([{ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' }]);
    expect(screen.getByRole('textbox', { name: 'Search by method name' })).toBeInTheDocument();
    expect(screen.getByText('Add payment method')).toBeInTheDocument();
  });

  it('shows a loader until the server answers', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubApi(async () => {
      await answered;
      return listReply([paymentMethod(1)]);
    });
    renderPayments(LIST);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Method 1')).toBeInTheDocument();
  });

  it('says "Data Not Found" when there is no method', async () => {
    server([]);
    renderPayments(LIST);
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
  });

  it('shows an error state with a Retry that asks again', async () => {
    let fail = true;
    stubApi(() => (fail ? 'network-error' : listReply([paymentMethod(3)])));
    renderPayments(LIST);
    await expectRetryRecovers('Payment methods could not be loaded', () => (fail = false), 'Method 3');
  });

  it('asks for the page, sort and search kept in the URL, and writes changes back from page 1', async () => {
    const requests = stubApi(() => listReply([paymentMethod(1)], 30));
    const { url } = renderPayments(`${LIST}?page=2&sortBy=isActive&sortOrder=asc&search=bank`);
    await screen.findByText('Method 1');
    expect(requests[0]!.params).toEqual({ page: 2, limit: 10, search: 'bank', sortBy: 'isActive', sortOrder: 'asc' });
    expect(screen.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'ascending');

    await user().click(screen.getByRole('button', { name: 'Updated Date' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=updatedAt&sortOrder=asc&search=bank`));
    await user().clear(screen.getByRole('textbox', { name: 'Search by method name' }));
    await user().type(screen.getByRole('textbox', { name: 'Search by method name' }), 'pay{Enter}');
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=updatedAt&sortOrder=asc&search=pay`));
    await waitFor(() =>
      expect(requests.at(-1)!.params).toEqual({
        page: 1,
        limit: 10,
        search: 'pay',
        sortBy: 'updatedAt',
        sortOrder: 'asc',
      }),
    );
  });
});

describe('Activating and deactivating a payment method', () => {
  it('asks first, naming the method, and changes the row only when the server agrees', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = server([paymentMethod(1, { name: 'Bank transfer' })], async (config) => {
      await answered;
      return api.apply(config);
    });
    renderPayments(LIST);
    await screen.findByText('Bank transfer');
    await user().dblClick(rowButton('Bank transfer', 'Deactivate'));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate the payment method "Bank transfer"?' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(api.changes()).toEqual([]);

    await user().click(buttonIn(dialog, 'Deactivate'));
    await waitFor(() => expect(api.changes()).toEqual([['patch', { id: paymentMethod(1)._id, isActive: false }]]));
    expect(rowOf('Bank transfer').getByText('Active')).toBeInTheDocument();

    await act(async () => answer());
    expect(await screen.findByText('Payment method deactivated')).toBeInTheDocument();
    expect(await rowOf('Bank transfer').findByText('Inactive')).toBeInTheDocument();
    expect(rowOf('Bank transfer').getByText(formatDateTime(UPDATED_AT))).toBeInTheDocument();
    expect(rowOf('Bank transfer').getByText('Activate')).toBeInTheDocument();
  });

  it('activates an inactive method', async () => {
    const api = server([paymentMethod(2, { name: 'PayPal', isActive: false })]);
    renderPayments(LIST);
    await screen.findByText('PayPal');
    await user().click(rowButton('PayPal', 'Activate'));
    const dialog = await screen.findByRole('dialog', { name: 'Activate the payment method "PayPal"?' });
    await user().click(buttonIn(dialog, 'Activate'));
    expect(await screen.findByText('Payment method activated')).toBeInTheDocument();
    expect(await rowOf('PayPal').findByText('Active')).toBeInTheDocument();
    expect(api.changes()).toEqual([['patch', { id: paymentMethod(2)._id, isActive: true }]]);
  });

  it("cancelling changes nothing; a refusal shows the server's message and keeps the row", async () => {
    const api = server([paymentMethod(1, { name: 'Bank transfer' })], async () =>
      failure(404, 'Payment method not found'),
    );
    renderPayments(LIST);
    await screen.findByText('Bank transfer');
    await user().click(rowButton('Bank transfer', 'Deactivate'));
    let dialog = await screen.findByRole('dialog', { name: /Deactivate/ });
    await user().click(buttonIn(dialog, 'Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.changes()).toEqual([]);

    await user().click(rowButton('Bank transfer', 'Deactivate'));
    dialog = await screen.findByRole('dialog', { name: /Deactivate/ });
    await user().click(buttonIn(dialog, 'Deactivate'));
    expect(await screen.findByText('Payment method not found')).toBeInTheDocument();
    expect(rowOf('Bank transfer').getByText('Active')).toBeInTheDocument();
    expect(api.changes()).toHaveLength(1);
  });
});
