import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TEAM_MESSAGES, EVENTS } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, failure, fakeSocket, ok } from '@backoffice/shared-api/testing';
import { formatDateTime } from '@backoffice/ui-kit';
import { expectRetryRecovers } from '@backoffice/ui-kit/testing';
import { renderAt, sessionRow, signInWith, teamServer } from '../admins/testFixtures';
import { SessionsPage } from './SessionsPage';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const renderSessions = () => renderAt('/app/setting/sessions', { 'setting/sessions': <SessionsPage /> });
const table = () => within(screen.getByRole('table', { name: 'Your sessions' }));
const rows = () => table().getAllByRole('row').slice(1);

const mine = sessionRow(1, { current: true, browser: 'Chrome 131 on macOS' });
const phone = sessionRow(2, { browser: 'Safari 18 on iOS' });
const laptop = sessionRow(3, { browser: 'Firefox 133 on Linux' });

let socket: ReturnType<typeof fakeSocket>;
beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
  socket = fakeSocket();
});
afterEach(() => socket.stop());

describe('Setting → Sessions', () => {
  it("lists the admin's sessions: browser, address, signed in, last seen; this page's is tagged", async () => {
    teamServer({ sessions: [mine, phone] });
    renderSessions();
    await screen.findByText('This session');
    expect(screen.getByRole('heading', { name: 'Sessions' })).toBeInTheDocument();
    expect(
      table()
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Browser', 'Address', 'Signed in', 'Last seen', 'Actions']);
    expect(rows().map((r) => r.textContent)).toEqual([
      `Chrome 131 on macOSThis session203.0.113.1${formatDateTime(mine.signedInAt)}${formatDateTime(mine.lastSeenAt)}`,
      `Safari 18 on iOS203.0.113.2${formatDateTime(phone.signedInAt)}${formatDateTime(phone.lastSeenAt)}Sign out`,
    ]);
  });

  it('signs another session out by its id; this one has no Sign out', async () => {
    const state = { sessions: [mine, phone, laptop] };
    const api = teamServer(state, {
      revokeSession: () => {
        state.sessions = [mine, laptop];
        return ok(null, ADMIN_TEAM_MESSAGES.sessionEnded);
      },
    });
    renderSessions();
    await screen.findByText('This session');
    expect(within(rows()[0]!).queryByRole('button')).not.toBeInTheDocument();
    await user().click(table().getByRole('button', { name: 'Sign out Safari 18 on iOS from 203.0.113.2' }));
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.sessionEnded)).toBeInTheDocument();
    expect(api.calls('revokeSession')).toEqual([{ method: 'post', query: { id: phone._id }, body: null }]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(table().queryByText('Safari 18 on iOS')).not.toBeInTheDocument();
  });

  it('signs out everywhere else after asking, and says how many ended', async () => {
    const state = { sessions: [mine, phone, laptop] };
    const api = teamServer(state, {
      revokeOtherSessions: () => {
        state.sessions = [mine];
        return ok({ count: 2 }, ADMIN_TEAM_MESSAGES.otherSessionsEnded(2));
      },
    });
    renderSessions();
    await screen.findByText('This session');
    await user().click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere else?' }));
    expect(dialog.getByText(/The 2 other sessions end at once/)).toBeInTheDocument();
    expect(api.calls('revokeOtherSessions')).toEqual([]);
    await user().click(dialog.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.otherSessionsEnded(2))).toBeInTheDocument();
    expect(api.calls('revokeOtherSessions')).toEqual([{ method: 'post', query: null, body: null }]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('offers nothing to sign out when this is the only session', async () => {
    teamServer({ sessions: [mine] });
    renderSessions();
    await screen.findByText('This session');
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
    expect(table().queryByRole('button')).not.toBeInTheDocument();
  });

  it('is every admin’s own, whatever their role', async () => {
    signInWith([]);
    teamServer({ sessions: [mine, phone] });
    renderSessions();
    await screen.findByText('This session');
    expect(table().getByRole('button', { name: /^Sign out Safari/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeEnabled();
  });

  it('shows a sign-in elsewhere at once, when the server says the sessions changed', async () => {
    const state = { sessions: [mine] };
    teamServer(state);
    renderSessions();
    await screen.findByText('This session');
    state.sessions = [mine, phone];
    await act(async () => socket.serverSends(EVENTS.sessionsChanged.name, { _id: ADMIN._id }));
    expect(await table().findByText('Safari 18 on iOS')).toBeInTheDocument();
  });

  it('says so when they cannot be loaded, with a Retry that asks again', async () => {
    let fail = true;
    teamServer({ sessions: [mine] }, { getSessions: () => (fail ? failure(500, 'The server failed') : undefined) });
    renderSessions();
    await expectRetryRecovers('Your sessions could not be loaded', () => (fail = false), 'This session');
  });
});
