import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ROUTES, CATALOG_MESSAGES, createQueryClient } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import type { CallRefund, CallTransaction } from '@backoffice/shared-api';
import { ADMIN } from '@backoffice/shared-api/testing';
import { AppProviders, EPOCH_ISO, formatDateTime } from '@backoffice/ui-kit';
import {
  buttonIn,
  call,
  callDetail,
  failure,
  listReply,
  ok,
  renderCatalog,
  stubApi,
  user as userRef,
  uuid,
  type Handler,
} from '../testFixtures';
import CallsScreen from './CallsScreen';

const CALL = callDetail(1);
const LIST = '/app/calls';
const VIEW = `${LIST}/view/${CALL._id}`;

const transaction = (i: number, overrides: Partial<CallTransaction> = {}): CallTransaction => ({
  _id: uuid(600 + i),
  transactionId: `txn_${i}`,
  orderId: `order_${i}`,
  type: 'video_call',
  status: 'completed',
  amount: 62.5,
  payable_amount: 50,
  createdAt: '2026-01-02T04:06:10.000Z',
  ...overrides,
});

const refund = (i: number, overrides: Partial<CallRefund> = {}): CallRefund => ({
  _id: uuid(700 + i),
  orderId: `order_${i}`,
  amount: 12.5,
  transfer_to: 'original_payment_method',
  status: 'processed',
  createdAt: '2026-01-03T10:00:00.000Z',
  ...overrides,
});

/** A fake API answering the detail with `detail` (and the list, for the way back). */
function server(detail: Handler = () => ok(CALL)) {
  const requests = stubApi((config) => {
    if (config.url === ROUTES.getCallDetail.path) return detail(config);
    if (config.url === ROUTES.getAllCalls.path) return listReply([call(1)], 30);
    return undefined;
  });
  return { details: () => requests.filter((r) => r.url === ROUTES.getCallDetail.path).map((r) => r.params) };
}

/** The value shown beside a label of the call's description. */
const LABEL = '.ant-descriptions-item-label *';
const valueOf = (label: string) =>
  screen.getByText(label, { selector: LABEL }).closest('th')!.nextElementSibling as HTMLElement;
const textOf = (label: string) => valueOf(label).textContent;
const tableNamed = (caption: string) => within(screen.getByRole('table', { name: caption }));
const headersOf = (caption: string) =>
  tableNamed(caption)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Call view', () => {
  it('shows the call: breadcrumb, id, status, times, duration and money', async () => {
    const api = server();
    renderCatalog(VIEW);
    expect(await screen.findByText('Call ID', { selector: LABEL })).toBeInTheDocument();
    expect(api.details()).toEqual([{ id: CALL._id }]);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(screen.getByRole('link', { name: 'Calls' })).toHaveAttribute('href', LIST);
    expect(screen.getByText('00000000...', { selector: '.bo-breadcrumb *' })).toHaveAttribute('aria-current', 'page');
    expect(textOf('Call ID')).toContain(CALL._id);
    expect(within(valueOf('Status')).getByText('Completed')).toHaveClass('ant-tag-green');
    expect(textOf('Created')).toBe(formatDateTime(CALL.createdAt));
    expect(textOf('Started At')).toBe(formatDateTime(CALL.startedAt));
    expect(textOf('Ended At')).toBe(formatDateTime(CALL.endedAt));
    expect(textOf('Duration')).toBe('01:02:03');
    expect(textOf('Transaction Total')).toBe('$62.50');
    expect(textOf('Earn Amount')).toBe('$50.00');
    expect(textOf('Refunded Amount')).toBe('$0.00');
  });

  it('shows both parties and links the fan to the fan detail and the influencer to their view', async () => {
    server(() =>
      ok(
        callDetail(1, {
          host: userRef(1, { mainProfilePicture: 'data:image/png;base64,iVBORw0KGgo=' }),
          receiver: userRef(101, {
            isInfluencer: true,
            displayName: 'Star 1',
            mainProfilePicture: 'https://x.test/a.png',
          }),
        }),
      ),
    );
    const { container } = renderCatalog(VIEW);
    const host = await screen.findByRole('link', { name: 'User 1' });
    expect(host).toHaveAttribute('href', `/app/details/fan-details/${userRef(1)._id}`);
    expect(screen.getByRole('link', { name: 'Star 1' })).toHaveAttribute(
      'href',
      `/app/influencers/view/${userRef(101)._id}`,
    );
    expect(screen.getByText('@user.1')).toBeInTheDocument();
    expect(screen.getByText('user1@example.com')).toBeInTheDocument();
    expect(screen.getByText('@user.101')).toBeInTheDocument();
    expect(screen.getByText('user101@example.com')).toBeInTheDocument();
    expect(screen.getByText('Fan')).toBeInTheDocument();
    expect(screen.getByText('Influencer')).toBeInTheDocument();
    // Only inline pictures: another origin's would be refused by the page's policy.
    const pictures = Array.from(container.querySelectorAll('.ant-avatar img')).map((img) => img.getAttribute('src'));
    expect(pictures).toEqual(['data:image/png;base64,iVBORw0KGgo=']);
  });

  it("lists the call's transactions and refunds", async () => {
    server(() =>
      ok(
        callDetail(1, {
          transactions: [transaction(1), transaction(2, { orderId: null, type: 'tip', status: 'refunded', amount: 5 })],
          refunds: [refund(1), refund(2, { transfer_to: 'bank_account', status: 'pending', orderId: 'order_9' })],
        }),
      ),
    );
    renderCatalog(VIEW);
    expect(await screen.findByText('txn_1')).toBeInTheDocument();
    expect(headersOf("The call's transactions")).toEqual([
      'Transaction ID',
      'Order ID',
      'Type',
      'Status',
      'Amount',
      'Payable Amount',
      'Created At',
    ]);
    const first = within(screen.getByText('txn_1').closest('tr')!);
    expect(first.getByText('order_1')).toBeInTheDocument();
    expect(first.getByText('Video call')).toBeInTheDocument();
    expect(first.getByText('Completed')).toBeInTheDocument();
    expect(first.getByText('$62.50')).toBeInTheDocument();
    expect(first.getByText('$50.00')).toBeInTheDocument();
    expect(first.getByText(formatDateTime('2026-01-02T04:06:10.000Z'))).toBeInTheDocument();
    const second = within(screen.getByText('txn_2').closest('tr')!);
    expect(second.getByText('N/A')).toBeInTheDocument();
    expect(second.getByText('Tip')).toBeInTheDocument();
    expect(second.getByText('Refunded')).toBeInTheDocument();
    expect(second.getByText('$5.00')).toBeInTheDocument();

    expect(headersOf("The call's refunds")).toEqual(['Order ID', 'Amount', 'Transfer To', 'Status', 'Created At']);
    const refunds = tableNamed("The call's refunds");
    const processed = within(refunds.getByText('order_1').closest('tr')!);
    expect(processed.getByText('$12.50')).toBeInTheDocument();
    expect(processed.getByText('original payment method')).toBeInTheDocument();
    expect(processed.getByText('Processed')).toBeInTheDocument();
    expect(processed.getByText(formatDateTime('2026-01-03T10:00:00.000Z'))).toBeInTheDocument();
    const pending = within(refunds.getByText('order_9').closest('tr')!);
    expect(pending.getByText('bank account')).toBeInTheDocument();
    expect(pending.getByText('Pending')).toBeInTheDocument();
  });

  it('says when the call has no transactions or refunds', async () => {
    server();
    renderCatalog(VIEW);
    expect(await screen.findByText('No transactions found.')).toBeInTheDocument();
    expect(screen.getByText('No refunds found.')).toBeInTheDocument();
  });

  it("shows an ongoing call's end as a dash and its duration as 'Ongoing'", async () => {
    server(() => ok(callDetail(1, { status: 'Ongoing', endedAt: EPOCH_ISO })));
    renderCatalog(VIEW);
    await screen.findByText('Call ID', { selector: LABEL });
    expect(textOf('Ended At')).toBe('-');
    expect(textOf('Duration')).toBe('Ongoing');
    expect(textOf('Started At')).toBe(formatDateTime(CALL.startedAt));
    expect(within(valueOf('Status')).getByText('Ongoing')).toHaveClass('ant-tag-processing');
  });

  it('shows a call that never started with dashes and 00:00:00', async () => {
    server(() => ok(callDetail(1, { status: 'Missed', startedAt: null, endedAt: null })));
    renderCatalog(VIEW);
    await screen.findByText('Call ID', { selector: LABEL });
    expect(textOf('Started At')).toBe('-');
    expect(textOf('Ended At')).toBe('-');
    expect(textOf('Duration')).toBe('00:00:00');
  });

  it('a malformed id is not found without asking; an unknown one after asking', async () => {
    const api = server(() => failure(404, CATALOG_MESSAGES.callNotFound));
    const { unmount } = renderCatalog(`${LIST}/view/12345`);
    expect(await screen.findByText('Call not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to calls' })).toHaveAttribute('href', LIST);
    expect(api.details()).toEqual([]);
    unmount();

    renderCatalog(VIEW);
    expect(await screen.findByText('Call not found.')).toBeInTheDocument();
    expect(api.details()).toEqual([{ id: CALL._id }]);
  });

  it('shows a loader, then an error with a Retry that loads the call', async () => {
    let fail = true;
    server(() => (fail ? 'network-error' : ok(CALL)));
    renderCatalog(VIEW);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByText('The call could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Network error')).toBeInTheDocument();
    fail = false;
    await userEvent.click(buttonIn(document.body, 'Retry'));
    expect(await screen.findByText('01:02:03')).toBeInTheDocument();
  });

  it('is reached from the list, and its way back returns to the list as it was left', async () => {
    server();
    const { url } = renderCatalog(`${LIST}?page=3&status=Completed`);
    await userEvent.click(await screen.findByText('View', { selector: 'a' }));
    await waitFor(() => expect(url()).toBe(VIEW));
    expect(await screen.findByText('01:02:03')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Calls' })).toHaveAttribute('href', `${LIST}?page=3&status=Completed`);
    await userEvent.click(screen.getByText('Back to calls'));
    await waitFor(() => expect(url()).toBe(`${LIST}?page=3&status=Completed`));
  });

  it('links the parties under the base the shell runs at, / as well as /app', async () => {
    server();
    render(
      <AppProviders queryClient={createQueryClient()} toasts>
        <MemoryRouter initialEntries={[`/calls/view/${CALL._id}`]}>
          <Routes>
            <Route path="/">
              <Route path="calls/*" element={<CallsScreen />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole('link', { name: 'User 1' })).toHaveAttribute(
      'href',
      `/details/fan-details/${CALL.host._id}`,
    );
    expect(screen.getByRole('link', { name: 'Star 1' })).toHaveAttribute(
      'href',
      `/influencers/view/${CALL.receiver._id}`,
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Calls' })).toHaveAttribute('href', '/calls');
  });
});
