import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TEAM_MESSAGES } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, failure, ok } from '@backoffice/shared-api/testing';
import { chooseOption } from '@backoffice/ui-kit/testing';
import { AdminsPage } from './AdminsPage';
import { FINANCE_ROLE, GRACE, SUPPORT_ROLE, renderAt, teamServer } from './testFixtures';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

async function openChangeRole() {
  renderAt('/app/setting/admins', { 'setting/admins': <AdminsPage /> });
  await screen.findByText('grace@example.com');
  await user().click(screen.getByRole('button', { name: 'Change role of Grace Hopper' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Change the role of Grace Hopper' }));
  return { ...dialog, save: () => user().click(dialog.getByRole('button', { name: 'Change role' })) };
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe("Changing an admin's role", () => {
  it('starts from their role, sends the chosen one for their id, and says a second factor will be asked', async () => {
    const api = teamServer(
      {},
      { changeAdminRole: () => ok({ ...GRACE, role: FINANCE_ROLE }, ADMIN_TEAM_MESSAGES.roleChanged) },
    );
    const dialog = await openChangeRole();
    expect(dialog.getByTitle('Support')).toBeInTheDocument();
    expect(dialog.queryByText(/needs a second factor/)).not.toBeInTheDocument();
    await chooseOption(dialog.getByLabelText('Role'), 'Finance');
    // Grace has no second factor and Finance needs one.
    expect(await dialog.findByText('Finance needs a second factor')).toBeInTheDocument();
    await dialog.save();
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.roleChanged)).toBeInTheDocument();
    expect(api.calls('changeAdminRole')).toEqual([
      { method: 'patch', query: { id: GRACE._id }, body: { roleId: FINANCE_ROLE._id } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes without a call when the role stays the same', async () => {
    const api = teamServer();
    const dialog = await openChangeRole();
    await chooseOption(dialog.getByLabelText('Role'), SUPPORT_ROLE.name);
    await dialog.save();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('changeAdminRole')).toEqual([]);
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    teamServer({}, { changeAdminRole: () => failure(409, ADMIN_TEAM_MESSAGES.lastOwner) });
    const dialog = await openChangeRole();
    await chooseOption(dialog.getByLabelText('Role'), 'Finance');
    await dialog.save();
    expect(await dialog.findByText(ADMIN_TEAM_MESSAGES.lastOwner)).toBeInTheDocument();
    expect(dialog.getByText('The role was not saved')).toBeInTheDocument();
  });
});
