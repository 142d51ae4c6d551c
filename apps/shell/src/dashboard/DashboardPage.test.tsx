import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '@backoffice/ui-kit';
import { ROUTES, EVENTS, createQueryClient, type RequestRow } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, failure, fakeSocket, ok, stubApi } from '@backoffice/shared-api/testing';
import { DashboardPage } from './DashboardPage';
import { summaryOf } from './testFixtures';

let reply: () => ReturnType<typeof ok>;
let requests: ReturnType<typeof stubApi>;
let socket: ReturnType<typeof fakeSocket>;
const summaryCalls = () => requests.filter((r) => r.url === ROUTES.getDashboard.path);

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderDashboard(path = '/app') {
  return render(
    <AppProviders queryClient={createQueryClient()} toasts>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app" element={<DashboardPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

const card = (title: string) => screen.getByText(title).closest('a') as HTMLAnchorElement;
const figureOf = async (title: string) => {
  await waitFor(() => expect(card(title).querySelector('[data-figure]')?.getAttribute('aria-busy')).toBe('false'));
  return card(title).querySelector('[data-figure]')?.textContent;
};

const REQUEST: RequestRow = {
  _id: '00000000-0000-4000-8000-000000000701',
  userId: '00000000-0000-4000-8000-000000000702',
  firstName: 'Ada',
  lastName: 'Lovelace',
  userName: 'ada',
  displayName: 'Ada L',
  email: 'ada@example.com',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-22T09:30:00.000Z',
  status: 'pending',
};

beforeEach(() => {
  localStorage.clear();
  session.logout('', { silent: true });
  session.signedIn(ADMIN);
  reply = () => ok(summaryOf({ latestRequests: [REQUEST] }));
  requests = stubApi((config) => (config.url === ROUTES.getDashboard.path ? reply() : undefined));
  socket = fakeSocket();
});
afterEach(() => socket.stop());

describe('DashboardPage', () => {
  it("asks for the figures in the browser's time zone and shows each on its card", async () => {
    renderDashboard();
    expect(await figureOf('Pending influencer requests')).toBe('7');
    expect(await figureOf('Revenue this month')).toBe('$65,432.10');
    expect(within(card('Pending payout requests')).getByText('$1,234.50 requested')).toBeTruthy();
    expect(summaryCalls()[0]?.params).toEqual({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });

  it('shows a figure the server could not compute as unavailable, and the others', async () => {
    const summary = summaryOf();
    summary.figures.callsToday = null;
    reply = () => ok(summary);
    renderDashboard();
    expect(await figureOf('Calls today')).toBe('Unavailable');
    expect(await figureOf('Calls this month')).toBe('1,208');
  });

  it('says when the dashboard cannot be loaded, keeps the cards, and recovers on Retry', async () => {
    reply = () => failure(503, 'The database is not answering');
    renderDashboard();
    expect(await screen.findByText('The dashboard could not be loaded')).toBeTruthy();
    expect(screen.getByText('The database is not answering')).toBeTruthy();
    expect(await figureOf('Ongoing calls')).toBe('Unavailable');
    reply = () => ok(summaryOf());
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    await waitFor(() => expect(screen.queryByText('The dashboard could not be loaded')).toBeNull());
    expect(await figureOf('Ongoing calls')).toBe('2');
  });

  it('refreshes the figures when a new payout request arrives', async () => {
    renderDashboard();
    expect(await figureOf('Pending payout requests')).toBe('3');
    const next = summaryOf();
    next.figures.pendingPayoutRequests = { count: 4, amount: 1300 };
    reply = () => ok(next);
    act(() => socket.serverSends(EVENTS.payoutRequestCreated.name, { _id: 'x' }));
    await waitFor(() => expect(card('Pending payout requests').querySelector('[data-figure]')?.textContent).toBe('4'));
    expect(within(card('Pending payout requests')).getByText('$1,300.00 requested')).toBeTruthy();
  });

  it('opens the list a card counts, filtered, when it is clicked', async () => {
    renderDashboard();
    await figureOf('Calls today');
    act(() => card('Calls today').click());
    expect(screen.getByTestId('where').textContent).toBe('/app/calls?from=2026-11-22&to=2026-11-22');
  });

  it('lists the latest requests, each opening its request', async () => {
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Latest requests' });
    const link = within(list).getByRole('link', { name: 'Ada L' });
    expect(link.getAttribute('href')).toBe(`/app/requests/view/${REQUEST._id}`);
    expect(within(list).getByText('Pending')).toBeTruthy();
    expect(await screen.findByText('No payout requests yet.')).toBeTruthy();
  });

  it('draws both charts once the figures are in', async () => {
    renderDashboard();
    expect(await screen.findByRole('img', { name: /Revenue and platform fee per day/ })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /Calls requested per day by status/ })).toBeTruthy();
    // The legend sums each series over the 30 days.
    expect(await screen.findByText('Revenue: $600.00')).toBeTruthy();
    expect(screen.getByText('Completed: 9')).toBeTruthy();
  });
});
