import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TEAM_MESSAGES } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, failure, ok } from '@backoffice/shared-api/testing';
import { formatDateTime } from '@backoffice/ui-kit';
import { AdminsPage } from './AdminsPage';
import { GRACE, renderAt, sessionRow, teamServer } from './testFixtures';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

async function openSessions() {
  renderAt('/app/setting/admins', { 'setting/admins': <AdminsPage /> });
  await screen.findByText('grace@example.com');
  await user().click(screen.getByRole('button', { name: 'Sessions of Grace Hopper' }));
  return within(await screen.findByRole('dialog', { name: 'Sessions of Grace Hopper' }));
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe("An admin's sessions, seen by an Owner", () => {
  it('lists them for that admin, and signs one out by its id; the list is read again', async () => {
    const state = { sessions: [sessionRow(1), sessionRow(2)] };
    const api = teamServer(state, {
      revokeAdminSession: () => {
        state.sessions = [sessionRow(1)];
        return ok(null, ADMIN_TEAM_MESSAGES.sessionEnded);
      },
    });
    const dialog = await openSessions();
    const table = within(dialog.getByRole('table', { name: 'Sessions of Grace Hopper' }));
    expect(await table.findByText('Firefox 132 on Linux')).toBeInTheDocument();
    expect(table.getByText('203.0.113.2')).toBeInTheDocument();
    expect(table.getByText(formatDateTime(sessionRow(2).signedInAt))).toBeInTheDocument();
    expect(table.getByText(formatDateTime(sessionRow(2).lastSeenAt))).toBeInTheDocument();
    expect(api.queries('getAdminSessions')).toEqual([{ adminId: GRACE._id }]);

    await user().click(table.getByRole('button', { name: 'Sign out Firefox 132 on Linux from 203.0.113.2' }));
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.sessionEnded)).toBeInTheDocument();
    expect(api.calls('revokeAdminSession')).toEqual([{ method: 'post', query: { id: sessionRow(2)._id }, body: null }]);
    await waitFor(() => expect(table.queryByText('Firefox 132 on Linux')).not.toBeInTheDocument());
  });

  it("shows the server's refusal of a sign-out", async () => {
    teamServer({}, { revokeAdminSession: () => failure(404, ADMIN_TEAM_MESSAGES.sessionNotFound) });
    const dialog = await openSessions();
    await user().click(await dialog.findByRole('button', { name: 'Sign out Firefox 131 on Linux from 203.0.113.1' }));
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.sessionNotFound)).toBeInTheDocument();
  });

  it('says so when they have none', async () => {
    teamServer({ sessions: [] });
    const dialog = await openSessions();
    expect(await dialog.findByText('No active sessions')).toBeInTheDocument();
  });
});
