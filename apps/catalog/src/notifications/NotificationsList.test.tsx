import { within, act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, EVENTS, type NotificationRow } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, adminWithRole, type StubReply, type StubRequest } from '@backoffice/shared-api/testing';
import { formatDateTime } from '@backoffice/ui-kit';
import {
  buttonIn,
  expectRetryRecovers,
  failure,
  headers,
  listReply,
  notification,
  ok,
  renderCatalog,
  rowOf,
  stubApi,
  user as sender,
} from '../testFixtures';
import { fakeSocket } from '@backoffice/shared-api/testing';

const LIST = '/app/notifications';
const APPLIED = 'applied to become an influencer';
const JANE = sender(1, {
  displayName: 'Jane Doe',
  userName: 'jane.doe',
  email: 'jane@example.com',
  mainProfilePicture: 'https://cdn.example.com/jane.png',
});

type Answer = (config: StubRequest) => Promise<StubReply> | StubReply;

/**
 * A fake API over `initial`, newest first as given: the Unread filter and the unread count as the
 * server works them out; marking read as `markOne` / `markAll` answer (by default: applied).
 */
function server(initial: NotificationRow[], answers: { markOne?: Answer; markAll?: Answer } = {}) {
  let rows = initial;
  const unReadCount = () => rows.filter((r) => !r.isRead).length;
  const applyOne = (config: StubRequest) => {
    const { id } = config.params as { id: string };
    rows = rows.map((r) => (r._id === id ? { ...r, isRead: true } : r));
    return ok(
      rows.find((r) => r._id === id),
      'Notification marked as read',
    );
  };
  const applyAll = () => {
    const updated = unReadCount();
    rows = rows.map((r) => ({ ...r, isRead: true }));
    return ok({ updated, unReadCount: 0 }, 'Notifications marked as read');
  };
  const requests = stubApi((config) => {
    switch (config.url) {
      case ROUTES.getAllNotifications.path:
        return listReply((config.params as { unread?: boolean }).unread ? rows.filter((r) => !r.isRead) : rows);
      case ROUTES.getUnreadNotificationCount.path:
        return ok({ unReadCount: unReadCount() });
      case ROUTES.markNotificationRead.path:
        return answers.markOne ? answers.markOne(config) : applyOne(config);
      case ROUTES.markAllNotificationsRead.path:
        return answers.markAll ? answers.markAll(config) : applyAll();
      default:
        return undefined;
    }
  });
  return {
    applyOne,
    applyAll,
    add: (n: NotificationRow) => (rows = [n, ...rows]),
    lists: () => requests.filter((r) => r.url === ROUTES.getAllNotifications.path).map((r) => r.params),
    counted: () => requests.some((r) => r.url === ROUTES.getUnreadNotificationCount.path),
    patches: () => requests.filter((r) => r.method === 'patch').map((r) => [r.url, r.params]),
  };
}

/** A promise the test settles when it wants the server to answer. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const markAllButton = () => buttonIn(document.body, 'Mark all as read');
const markButton = (rowText: string) => buttonIn(screen.getByText(rowText).closest('tr')!, 'Mark as read');

beforeEach(() => {
  localStorage.clear();
  // The unread count lives in the session, which outlives a test's render.
  session.logout('', { silent: true });
  session.signedIn(ADMIN);
});

describe('Notifications list', () => {
  it('shows each notification with its sender, in the spec order of columns, newest first', async () => {
    const api = server([
      notification(1, { userDetails: JANE }),
      notification(2, {
        description: 'Payout of $20.00 requested by {{senderName}}',
        isRead: true,
        createdAt: '2026-01-01T09:30:00.000Z',
      }),
      notification(3, { description: 'Nightly backup finished', userDetails: null }),
    ]);
    renderCatalog(LIST);

    const text = `Jane Doe ${APPLIED}`;
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(headers()).toEqual(['Notification', 'From', 'Received', 'Action']);
    expect(api.lists()).toEqual([{ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' }]);
    expect(screen.getByRole('columnheader', { name: 'Received' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Showing 1 to 3 of 3 entries')).toBeInTheDocument();

    // Unread: bold and tagged New, with its action.
    const jane = rowOf(text);
    expect(screen.getByText(text).closest('strong')).not.toBeNull();
    expect(jane.getByText('New')).toBeInTheDocument();
    expect(jane.getByText('Jane Doe')).toBeInTheDocument();
    expect(jane.getByText('@jane.doe')).toBeInTheDocument();
    expect(jane.getByText('jane@example.com')).toBeInTheDocument();
    expect(jane.getByRole('img', { name: "Jane Doe's profile picture" })).toHaveAttribute(
      'src',
      'https://cdn.example.com/jane.png',
    );
    expect(jane.getByText(formatDateTime('2026-01-02T03:04:00.000Z'))).toBeInTheDocument();
    expect(jane.getByText('Mark as read')).toBeInTheDocument();

    // Read: plain, no action to take.
    const payout = rowOf('Payout of $20.00 requested by User 2');
    expect(screen.getByText('Payout of $20.00 requested by User 2').closest('strong')).toBeNull();
    expect(payout.queryByText('New')).not.toBeInTheDocument();
    expect(payout.queryByText('Mark as read')).not.toBeInTheDocument();
    expect(payout.getByText('Read')).toBeInTheDocument();
    expect(payout.getByText('@user.2')).toBeInTheDocument();
    expect(payout.getByText('user2@example.com')).toBeInTheDocument();
    expect(payout.getByText(formatDateTime('2026-01-01T09:30:00.000Z'))).toBeInTheDocument();

    // No sender: the system sent it.
    expect(rowOf('Nightly backup finished').getByText('System')).toBeInTheDocument();
  });

  it("puts the sender's name in place of the placeholder, 'Someone' when there is no sender", async () => {
    server([
      notification(1, { description: '{{senderName}} applied…', userDetails: sender(1, { displayName: 'Jane Doe' }) }),
      notification(2, { description: '{{ senderName }} paid, thanks {{senderName}}', userDetails: null }),
      notification(3, {
        description: 'Message from {{senderName}}',
        userDetails: sender(3, { displayName: ' ', userName: 'nameless' }),
      }),
    ]);
    renderCatalog(LIST);
    expect(await screen.findByText('Jane Doe applied…')).toBeInTheDocument();
    expect(screen.getByText('Someone paid, thanks Someone')).toBeInTheDocument();
    expect(screen.getByText('Message from @nameless')).toBeInTheDocument();
    expect(screen.queryByText(/\{\{/)).not.toBeInTheDocument();
  });

  it('shows what is unread, without Mark as read, to a role that may only read (Auditor)', async () => {
    server([notification(1, { userDetails: JANE })]);
    session.signedIn(adminWithRole('auditor'));
    renderCatalog(LIST);
    expect(await screen.findByText(`Jane Doe ${APPLIED}`)).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('Unread')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark/ })).not.toBeInTheDocument();
  });

  it('shows a loader until the server answers', async () => {
    const answer = gate();
    stubApi(async (config) => {
      if (config.url === ROUTES.getUnreadNotificationCount.path) return ok({ unReadCount: 1 });
      await answer.opened;
      return listReply([notification(1)]);
    });
    renderCatalog(LIST);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer.open();
    expect(await screen.findByText(`User 1 ${APPLIED}`)).toBeInTheDocument();
  });

  it('says "Data Not Found" when there is no notification, and nothing is left to mark read', async () => {
    const api = server([]);
    renderCatalog(LIST);
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    expect(markAllButton()).toBeDisabled();
    await user().click(markAllButton());
    expect(api.patches()).toEqual([]);
  });

  it('shows an error state with a Retry that asks again', async () => {
    let fail = true;
    stubApi((config) => {
      if (config.url === ROUTES.getUnreadNotificationCount.path) return ok({ unReadCount: 1 });
      return fail ? 'network-error' : listReply([notification(4)]);
    });
    renderCatalog(LIST);
    await expectRetryRecovers('Notifications could not be loaded', () => (fail = false), `User 4 ${APPLIED}`);
  });

  it('asks for the page and the Unread filter kept in the URL, and writes changes back from page 1', async () => {
    const requests = stubApi((config) =>
      config.url === ROUTES.getUnreadNotificationCount.path
        ? ok({ unReadCount: 30 })
        : listReply([notification(1)], 30),
    );
    const lists = () => requests.filter((r) => r.url === ROUTES.getAllNotifications.path).map((r) => r.params);
    const { url } = renderCatalog(`${LIST}?page=2&unread=true`);
    await screen.findByText(`User 1 ${APPLIED}`);
    expect(lists()).toEqual([{ page: 2, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', unread: true }]);
    expect(screen.getByRole('radio', { name: 'Unread' })).toBeChecked();
    expect(screen.getByText('Showing 11 to 20 of 30 entries')).toBeInTheDocument();

    await user().click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(url()).toBe(LIST));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' }));

    await user().click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?page=3`));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: 3, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' }));

    await user().click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?unread=true`));
    await waitFor(() =>
      expect(lists().at(-1)).toEqual({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', unread: true }),
    );
  });

  it("keeps the page it shows in the session's notification group", async () => {
    const rows = [notification(1), notification(2)];
    stubApi((config) =>
      config.url === ROUTES.getUnreadNotificationCount.path ? ok({ unReadCount: 2 }) : listReply(rows, 30),
    );
    renderCatalog(`${LIST}?page=2`);
    await screen.findByText(`User 1 ${APPLIED}`);
    await waitFor(() =>
      expect(session.getState().notification).toMatchObject({ notification: rows, totalRecords: 30, currentPage: 2 }),
    );
  });

  it('reads any other value of unread in the URL as All', async () => {
    const api = server([notification(1)]);
    renderCatalog(`${LIST}?unread=yes`);
    await screen.findByText(`User 1 ${APPLIED}`);
    expect(api.lists()).toEqual([{ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' }]);
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  });

  it('refreshes when a new notification arrives over the socket', async () => {
    const socket = fakeSocket();
    try {
      const api = server([notification(1)]);
      renderCatalog(LIST);
      await screen.findByText(`User 1 ${APPLIED}`);
      const fresh = notification(2, { description: '{{senderName}} booked a call', userDetails: JANE });
      api.add(fresh);
      act(() => socket.serverSends(EVENTS.notificationCreated.name, fresh));
      expect(await screen.findByText('Jane Doe booked a call')).toBeInTheDocument();
      expect(rowOf('Jane Doe booked a call').getByText('New')).toBeInTheDocument();
    } finally {
      socket.stop();
    }
  });
});

describe('Marking notifications read', () => {
  it('marks one with one PATCH, however often it is clicked, and changes the row once the server agrees', async () => {
    const answer = gate();
    const api = server([notification(1, { userDetails: JANE }), notification(2)], {
      markOne: async (config) => {
        await answer.opened;
        return api.applyOne(config);
      },
    });
    renderCatalog(LIST);
    const text = `Jane Doe ${APPLIED}`;
    await screen.findByText(text);

    await user().dblClick(markButton(text));
    await waitFor(() =>
      expect(api.patches()).toEqual([[ROUTES.markNotificationRead.path, { id: notification(1)._id }]]),
    );
    await user().click(markButton(text));
    expect(rowOf(text).getByText('New')).toBeInTheDocument();

    await act(async () => answer.open());
    expect(await rowOf(text).findByText('Read')).toBeInTheDocument();
    expect(rowOf(text).queryByText('New')).not.toBeInTheDocument();
    expect(screen.getByText(text).closest('strong')).toBeNull();
    expect(rowOf(`User 2 ${APPLIED}`).getByText('Mark as read')).toBeInTheDocument();
    expect(api.patches()).toHaveLength(1);
  });

  it("keeps the row as it was and shows the server's message when marking fails", async () => {
    const api = server([notification(1)], { markOne: () => failure(404, 'Notification not found') });
    renderCatalog(LIST);
    const text = `User 1 ${APPLIED}`;
    await screen.findByText(text);
    await user().click(markButton(text));
    expect(await screen.findByText('Notification not found')).toBeInTheDocument();
    expect(rowOf(text).getByText('New')).toBeInTheDocument();
    expect(markButton(text)).toBeEnabled();
    expect(api.patches()).toHaveLength(1);
  });

  it('marks all with one PATCH, says so, and then has nothing left to mark', async () => {
    const answer = gate();
    const api = server([notification(1), notification(2), notification(3, { isRead: true })], {
      markAll: async () => {
        await answer.opened;
        return api.applyAll();
      },
    });
    renderCatalog(LIST);
    await screen.findByText(`User 1 ${APPLIED}`);
    await waitFor(() => expect(markAllButton()).toBeEnabled());

    await user().dblClick(markAllButton());
    await waitFor(() => expect(api.patches()).toEqual([[ROUTES.markAllNotificationsRead.path, undefined]]));
    expect(screen.getAllByText('New')).toHaveLength(2);

    await act(async () => answer.open());
    expect(await screen.findByText('All notifications marked as read')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('New')).not.toBeInTheDocument());
    expect(screen.queryByText('Mark as read')).not.toBeInTheDocument();
    expect(screen.getAllByText('Read')).toHaveLength(3);
    expect(markAllButton()).toBeDisabled();
    expect(api.patches()).toHaveLength(1);
  });

  it('goes back to page 1 of Unread once all are read there', async () => {
    const api = server([notification(1)]);
    const { url } = renderCatalog(`${LIST}?unread=true&page=2`);
    await screen.findByText(`User 1 ${APPLIED}`);
    await waitFor(() => expect(markAllButton()).toBeEnabled());
    await user().click(markAllButton());
    await waitFor(() => expect(url()).toBe(`${LIST}?unread=true`));
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    expect(api.lists().at(-1)).toEqual({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', unread: true });
  });

  it("shows the server's message when marking all fails, and leaves the rows unread", async () => {
    server([notification(1)], { markAll: () => failure(500, 'Could not mark the notifications read') });
    renderCatalog(LIST);
    await screen.findByText(`User 1 ${APPLIED}`);
    await waitFor(() => expect(markAllButton()).toBeEnabled());
    await user().click(markAllButton());
    expect(await screen.findByText('Could not mark the notifications read')).toBeInTheDocument();
    expect(rowOf(`User 1 ${APPLIED}`).getByText('New')).toBeInTheDocument();
    expect(markAllButton()).toBeEnabled();
  });

  it('disables Mark all as read when the server counts nothing unread', async () => {
    const api = server([notification(1, { isRead: true })]);
    renderCatalog(LIST);
    await screen.findByText(`User 1 ${APPLIED}`);
    await waitFor(() => expect(api.counted()).toBe(true));
    expect(markAllButton()).toBeDisabled();
    await user().click(markAllButton());
    expect(api.patches()).toEqual([]);
  });
});
