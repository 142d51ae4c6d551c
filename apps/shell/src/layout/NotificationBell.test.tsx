import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@backoffice/ui-kit';
import { ROUTES, EVENTS, createQueryClient, type NotificationRow } from '@backoffice/shared-api';
import { __setSocketFactory, disconnectSocket, markScreenDrawn, session } from '@backoffice/shared-api/runtime';
import { ADMIN, failure, fakeSocket, ok, stubApi } from '@backoffice/shared-api/testing';
import { AppLayout } from './AppLayout';
import { NotificationBell } from './NotificationBell';

// The layout's override banner reads the remote registry; the federation runtime is not under test.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const JANE_APPLIED: NotificationRow = {
  _id: '00000000-0000-4000-8000-000000000401',
  description: '{{senderName}} applied to become an influencer',
  type: 'influencer_request',
  isRead: false,
  createdAt: '2026-01-02T03:04:00.000Z',
  userDetails: {
    _id: '00000000-0000-4000-8000-000000000501',
    displayName: 'Jane Doe',
    userName: 'jane.doe',
    email: 'jane@example.com',
    mainProfilePicture: '',
    isInfluencer: false,
  },
};

/** The server's unread count, which a test changes as notifications come and go. */
let unread = 0;
const countRequests = () => requests.filter((r) => r.url === ROUTES.getUnreadNotificationCount.path).length;
let requests: ReturnType<typeof stubApi>;

function renderBell(path = '/app') {
  return render(
    <AppProviders queryClient={createQueryClient()} toasts>
      <MemoryRouter initialEntries={[path]}>
        <NotificationBell />
      </MemoryRouter>
    </AppProviders>,
  );
}

const bell = (name: string | RegExp) => screen.findByRole('link', { name });

// The bell asks for its count once the first screen is drawn (firstScreen.test.ts holds that wait);
// here the screen is drawn from the start, so that each test does not wait out its 3 s fallback.
beforeAll(() => markScreenDrawn());

beforeEach(() => {
  localStorage.clear();
  session.logout('', { silent: true });
  session.signedIn(ADMIN);
  unread = 0;
  requests = stubApi((config) =>
    config.url === ROUTES.getUnreadNotificationCount.path ? ok({ unReadCount: unread }) : undefined,
  );
});

afterEach(() => {
  disconnectSocket();
  __setSocketFactory(null);
});

describe('the notification bell', () => {
  it("shows the server's unread count and links to the Notifications screen under the base in use", async () => {
    unread = 3;
    const { unmount } = renderBell('/app/fans');
    const link = await bell('Notifications, 3 unread');
    expect(link).toHaveAttribute('href', '/app/notifications');
    expect(link.querySelector('.ant-badge-count')).toHaveAttribute('title', '3');
    expect(session.getState().notification.unReadCount).toBe(3);
    unmount();

    renderBell('/fans');
    expect(await bell('Notifications, 3 unread')).toHaveAttribute('href', '/notifications');
  });

  it('shows no count when nothing is unread', async () => {
    renderBell();
    await waitFor(() => expect(countRequests()).toBe(1));
    const link = await bell('Notifications');
    expect(link.querySelector('.ant-badge-count')).toBeNull();
  });

  it('keeps no count when the server refuses to give one', async () => {
    requests = stubApi(() => failure(500, 'Database unavailable'));
    renderBell();
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });

  it('raises a toast with the text of each new notification, and counts it', async () => {
    unread = 2;
    const socket = fakeSocket();
    renderBell();
    await bell('Notifications, 2 unread');

    unread = 3;
    act(() => socket.serverSends(EVENTS.notificationCreated.name, JANE_APPLIED));
    expect(await screen.findByText('Jane Doe applied to become an influencer')).toBeInTheDocument();
    expect(await bell('Notifications, 3 unread')).toBeInTheDocument();

    act(() =>
      socket.serverSends(EVENTS.notificationCreated.name, {
        ...JANE_APPLIED,
        _id: '00000000-0000-4000-8000-000000000402',
        description: '{{senderName}} reported a problem',
        userDetails: null,
      }),
    );
    expect(await screen.findByText('Someone reported a problem')).toBeInTheDocument();
  });

  it('takes the count that comes with notifications marked read elsewhere', async () => {
    unread = 5;
    const socket = fakeSocket();
    renderBell();
    await bell('Notifications, 5 unread');
    unread = 0;
    act(() => socket.serverSends(EVENTS.notificationsRead.name, { unReadCount: 0 }));
    expect(await bell('Notifications')).toBeInTheDocument();
  });

  it('shows no count after logout, and the count again once signed back in', async () => {
    unread = 4;
    renderBell();
    await bell('Notifications, 4 unread');

    act(() => session.logout('', { silent: true }));
    const link = await bell('Notifications');
    expect(link.querySelector('.ant-badge-count')).toBeNull();
    expect(session.getState().notification.unReadCount).toBe(0);

    // The server says the same number as before; the bell must still show it again.
    act(() => session.signedIn(ADMIN));
    expect(await bell('Notifications, 4 unread')).toBeInTheDocument();
  });
});

describe('the header', () => {
  it('has the bell left of the account menu', async () => {
    unread = 7;
    render(
      <AppProviders queryClient={createQueryClient()} toasts>
        <MemoryRouter initialEntries={['/app']}>
          <Routes>
            <Route element={<AppLayout />}>
              <Route path="/app" element={<p>Dashboard page</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    const link = await bell('Notifications, 7 unread');
    const account = screen.getByRole('button', { name: /^Account menu/ });
    expect(link.closest('header')).toBe(account.closest('header'));
    expect(link.compareDocumentPosition(account) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
