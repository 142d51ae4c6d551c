import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TEAM_MESSAGES, EVENTS } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, failure, fakeSocket, ok } from '@backoffice/shared-api/testing';
import { formatDateTime } from '@backoffice/ui-kit';
import { chooseOption, expectRetryRecovers } from '@backoffice/ui-kit/testing';
import { AdminsPage } from './AdminsPage';
import { ALAN, FINANCE_ROLE, GRACE, ME, renderAt, signInWith, teamServer } from './testFixtures';

const LIST = '/app/setting/admins';
const DEFAULT_QUERY = { page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' };
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const renderAdmins = (entry = LIST) => renderAt(entry, { 'setting/admins': <AdminsPage /> });

/** The row of the Admins table that holds `email` (the invitations' table is another). */
const rowOf = (email: string) =>
  within(
    within(screen.getByRole('table', { name: 'Admins' }))
      .getByText(email)
      .closest('tr')!,
  );

const headers = () =>
  within(screen.getByRole('table', { name: 'Admins' }))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

async function confirmDialog() {
  return within(await screen.findByRole('dialog'));
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Setting → Admins', () => {
  it('lists the team: name, email, role, status, two-factor, last active, who invited them', async () => {
    const api = teamServer();
    renderAdmins();
    await screen.findByText('grace@example.com');
    expect(screen.getByRole('heading', { name: 'Admins' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Setting' })).toHaveAttribute('href', '/app/setting');
    expect(headers()).toEqual([
      'Name',
      'Email',
      'Role',
      'Status',
      'Two-factor',
      'Last active',
      'Invited by',
      'Added',
      'Actions',
    ]);

    const grace = rowOf('grace@example.com');
    expect(grace.getByText('Grace Hopper')).toBeInTheDocument();
    expect(grace.getByText('Support')).toBeInTheDocument();
    expect(grace.getByText('Active')).toBeInTheDocument();
    expect(grace.getByText('Off')).toBeInTheDocument();
    expect(grace.getByText('Never')).toBeInTheDocument();
    expect(grace.getByText('Ada Admin')).toBeInTheDocument();
    expect(grace.getByText(formatDateTime(GRACE.createdAt))).toBeInTheDocument();

    const alan = rowOf('alan@example.com');
    expect(alan.getByText('Deactivated')).toBeInTheDocument();
    expect(alan.getByText('On')).toBeInTheDocument();
    expect(alan.getByText(formatDateTime(ALAN.lastActiveAt!))).toBeInTheDocument();

    expect(api.queries('getAdmins')).toEqual([DEFAULT_QUERY]);
    // The pending invitations are below the list.
    expect(await screen.findByRole('table', { name: 'Pending invitations' })).toBeInTheDocument();
  });

  it('asks the server for the page, search, sort and filters kept in the URL', async () => {
    const api = teamServer();
    renderAdmins(`${LIST}?page=2&search=gra&sortBy=email&sortOrder=asc&status=active&roleId=${FINANCE_ROLE._id}`);
    await screen.findByText('grace@example.com');
    expect(api.queries('getAdmins')).toEqual([
      {
        page: 2,
        limit: 10,
        search: 'gra',
        sortBy: 'email',
        sortOrder: 'asc',
        status: 'active',
        roleId: FINANCE_ROLE._id,
      },
    ]);
  });

  it('leaves out what the server would refuse: an unknown status, a role that is no id, a sort it does not offer', async () => {
    const api = teamServer();
    renderAdmins(`${LIST}?status=deleted&roleId=owner&sortBy=role`);
    await screen.findByText('grace@example.com');
    expect(api.queries('getAdmins')).toEqual([DEFAULT_QUERY]);
  });

  it('sorts by name, searches, and filters by status and role, each from page 1 and kept in the URL', async () => {
    const api = teamServer();
    const { url } = renderAdmins(`${LIST}?page=3`);
    await screen.findByText('grace@example.com');

    await user().click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=name&sortOrder=asc`));
    await waitFor(() =>
      expect(api.queries('getAdmins').at(-1)).toEqual({ ...DEFAULT_QUERY, sortBy: 'name', sortOrder: 'asc' }),
    );

    await user().type(screen.getByRole('textbox', { name: 'Search by name or email' }), 'hopper{Enter}');
    await waitFor(() => expect(api.queries('getAdmins').at(-1)).toMatchObject({ search: 'hopper', page: 1 }));

    await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'Deactivated');
    await waitFor(() => expect(api.queries('getAdmins').at(-1)).toMatchObject({ status: 'inactive' }));
    await chooseOption(screen.getByRole('combobox', { name: 'Role' }), 'Finance');
    await waitFor(() => expect(api.queries('getAdmins').at(-1)).toMatchObject({ roleId: FINANCE_ROLE._id }));
    expect(url()).toContain(`status=inactive&roleId=${FINANCE_ROLE._id}`);

    await user().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(url()).toBe(`${LIST}?sortBy=name&sortOrder=asc&search=hopper`));
  });

  it("offers no action on the admin's own row, which the server refuses, but the way to their sessions", async () => {
    teamServer();
    renderAdmins();
    await screen.findByText('grace@example.com');
    const mine = rowOf(ME.email);
    expect(mine.getByText('You')).toBeInTheDocument();
    expect(mine.queryByRole('button')).not.toBeInTheDocument();
    expect(mine.getByRole('link', { name: 'Your sessions' })).toHaveAttribute('href', '/app/setting/sessions');
    expect(rowOf('grace@example.com').getByRole('button', { name: 'Deactivate Grace Hopper' })).toBeInTheDocument();
  });

  it('deactivates after saying every session ends, with the right id; the list shows the change', async () => {
    const state = { admins: [ME, GRACE, ALAN] };
    const api = teamServer(state, {
      deactivateAdmin: () => {
        state.admins = [ME, { ...GRACE, status: 'inactive' }, ALAN];
        return ok(state.admins[1], ADMIN_TEAM_MESSAGES.deactivated);
      },
    });
    renderAdmins();
    await screen.findByText('grace@example.com');
    await user().click(rowOf('grace@example.com').getByRole('button', { name: 'Deactivate Grace Hopper' }));
    const dialog = await confirmDialog();
    expect(dialog.getByText(/Every session of Grace Hopper ends at once/)).toBeInTheDocument();
    expect(api.calls('deactivateAdmin')).toEqual([]);
    await user().click(dialog.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.deactivated)).toBeInTheDocument();
    expect(api.calls('deactivateAdmin')).toEqual([{ method: 'patch', query: { id: GRACE._id }, body: null }]);
    await waitFor(() =>
      expect(rowOf('grace@example.com').getByRole('button', { name: 'Reactivate Grace Hopper' })).toBeInTheDocument(),
    );
    expect(rowOf('grace@example.com').getByText('Deactivated')).toBeInTheDocument();
  });

  it('sends nothing when the admin cancels the question', async () => {
    const api = teamServer();
    renderAdmins();
    await screen.findByText('grace@example.com');
    await user().click(rowOf('grace@example.com').getByRole('button', { name: 'Deactivate Grace Hopper' }));
    await user().click((await confirmDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('deactivateAdmin')).toEqual([]);
  });

  it("shows the server's refusal (the last Owner) and the row keeps its status", async () => {
    teamServer({}, { deactivateAdmin: () => failure(409, ADMIN_TEAM_MESSAGES.lastOwner) });
    renderAdmins();
    await screen.findByText('grace@example.com');
    await user().click(rowOf('grace@example.com').getByRole('button', { name: 'Deactivate Grace Hopper' }));
    await user().click((await confirmDialog()).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.lastOwner)).toBeInTheDocument();
    expect(rowOf('grace@example.com').getByText('Active')).toBeInTheDocument();
  });

  it('reactivates a deactivated admin after asking', async () => {
    const api = teamServer({}, { reactivateAdmin: () => ok(ALAN, ADMIN_TEAM_MESSAGES.reactivated) });
    renderAdmins();
    await screen.findByText('alan@example.com');
    const alan = rowOf('alan@example.com');
    expect(alan.queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
    // No session to see for an admin who cannot sign in.
    expect(alan.queryByRole('button', { name: 'Sessions of Alan Turing' })).not.toBeInTheDocument();
    await user().click(alan.getByRole('button', { name: 'Reactivate Alan Turing' }));
    await user().click((await confirmDialog()).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.reactivated)).toBeInTheDocument();
    expect(api.calls('reactivateAdmin')).toEqual([{ method: 'patch', query: { id: ALAN._id }, body: null }]);
  });

  it('resets the second factor of an admin who has one, after asking', async () => {
    const api = teamServer({}, { resetAdminSecondFactor: () => ok(null, 'The second factor was reset.') });
    renderAdmins();
    await screen.findByText('alan@example.com');
    expect(rowOf('grace@example.com').queryByRole('button', { name: /Reset second factor/ })).not.toBeInTheDocument();
    await user().click(rowOf('alan@example.com').getByRole('button', { name: 'Reset second factor of Alan Turing' }));
    const dialog = await confirmDialog();
    expect(dialog.getByText(/set up two-factor sign-in again/)).toBeInTheDocument();
    await user().click(dialog.getByRole('button', { name: 'Reset second factor' }));
    expect(await screen.findByText('The second factor was reset.')).toBeInTheDocument();
    expect(api.calls('resetAdminSecondFactor')).toEqual([{ method: 'post', query: { id: ALAN._id }, body: null }]);
  });

  it('shows the list without any action to an admin whose role may only see the team', async () => {
    signInWith(['admins.read']);
    const api = teamServer();
    renderAdmins();
    await screen.findByText('grace@example.com');
    expect(headers()).not.toContain('Actions');
    expect(screen.queryByRole('button', { name: 'Invite admin' })).not.toBeInTheDocument();
    expect(rowOf('grace@example.com').queryByRole('button')).not.toBeInTheDocument();
    const invites = within(await screen.findByRole('table', { name: 'Pending invitations' }));
    expect(await invites.findByText('katherine@example.com')).toBeInTheDocument();
    expect(invites.queryByRole('button')).not.toBeInTheDocument();
    expect(api.queries('getAdmins')).toEqual([DEFAULT_QUERY]);
  });

  it('shows a change another admin made at once (the adminsChanged event)', async () => {
    const state = { admins: [ME, GRACE] };
    teamServer(state);
    const socket = fakeSocket();
    try {
      renderAdmins();
      await screen.findByText('grace@example.com');
      state.admins = [ME, GRACE, ALAN];
      await act(async () => socket.serverSends(EVENTS.adminsChanged.name, { _id: ALAN._id }));
      expect(await screen.findByText('alan@example.com')).toBeInTheDocument();
    } finally {
      socket.stop();
    }
  });

  it('says so when the list cannot be loaded, with a Retry that asks again', async () => {
    let fail = true;
    teamServer({}, { getAdmins: () => (fail ? failure(500, 'The server failed') : undefined) });
    renderAdmins();
    await expectRetryRecovers('The admins could not be loaded', () => (fail = false), 'grace@example.com');
  });
});
