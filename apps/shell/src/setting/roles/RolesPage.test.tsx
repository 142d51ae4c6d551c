import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TEAM_MESSAGES, PERMISSIONS, PERMISSION_LABELS } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, failure, ok } from '@backoffice/shared-api/testing';
import { expectRetryRecovers } from '@backoffice/ui-kit/testing';
import { EMPTY_ROLE, OWNER_ROLE, SUPPORT_ROLE, renderAt, signInWith, teamServer } from '../admins/testFixtures';
import { RolesPage } from './RolesPage';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const renderRoles = () => renderAt('/app/setting/roles', { 'setting/roles': <RolesPage /> });
const rowOf = (name: string) =>
  within(
    within(screen.getByRole('table', { name: 'Roles' }))
      .getByText(name)
      .closest('tr')!,
  );

async function openForm(button: string, name: string) {
  await user().click(screen.getByRole('button', { name: button }));
  const dialog = within(await screen.findByRole('dialog', { name }));
  return {
    ...dialog,
    box: (permission: keyof typeof PERMISSION_LABELS) =>
      dialog.getByRole('checkbox', { name: PERMISSION_LABELS[permission] }),
    save: () => user().click(dialog.getByRole('button', { name: 'Save' })),
  };
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Setting → Roles', () => {
  it('lists each role with what it grants, whether it needs a second factor and how many admins have it', async () => {
    teamServer();
    renderRoles();
    await screen.findByText('Finance');
    expect(screen.getByRole('heading', { name: 'Roles' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Roles' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Role', 'What it grants', 'Needs a second factor', 'Admins', 'Actions']);

    const owner = rowOf('Owner');
    expect(owner.getByText('Every permission')).toBeInTheDocument();
    expect(owner.queryByText(PERMISSION_LABELS['audit.read'])).not.toBeInTheDocument();
    expect(owner.getByText('Yes')).toBeInTheDocument();
    expect(owner.getByText('2')).toBeInTheDocument();

    const finance = rowOf('Finance');
    expect(finance.getByText(PERMISSION_LABELS['payouts.decide'])).toBeInTheDocument();
    expect(finance.getByText(PERMISSION_LABELS['payments.export'])).toBeInTheDocument();
    expect(finance.queryByText(PERMISSION_LABELS['people.read'])).not.toBeInTheDocument();

    expect(rowOf('Support').getByText('No')).toBeInTheDocument();
    expect(rowOf('Trainee').getByText('Nothing beyond their own account')).toBeInTheDocument();
  });

  it('creates a role from its name, the ticked permissions (with what they need) and the second-factor switch', async () => {
    const api = teamServer({}, { createRole: () => ok(EMPTY_ROLE, ADMIN_TEAM_MESSAGES.roleCreated) });
    renderRoles();
    await screen.findByText('Finance');
    const form = await openForm('New role', 'New role');
    expect(form.box('dashboard.read')).not.toBeChecked();
    // Grouped: each group is a fieldset named by its legend.
    expect(form.getByRole('group', { name: 'Payments and payouts' })).toBeInTheDocument();

    await user().type(form.getByLabelText('Name'), '  Payout desk ');
    await user().click(form.box('payouts.decide'));
    expect(form.box('payments.read')).toBeChecked();
    await user().click(form.box('dashboard.read'));
    await user().click(form.getByRole('switch', { name: 'Needs a second factor' }));
    await form.save();

    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.roleCreated)).toBeInTheDocument();
    expect(api.calls('createRole')).toEqual([
      {
        method: 'post',
        query: null,
        body: {
          name: 'Payout desk',
          permissions: ['dashboard.read', 'payments.read', 'payouts.decide'],
          requiresSecondFactor: true,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a name; a name another role has (409) lands on the name field', async () => {
    const api = teamServer({}, { createRole: () => failure(409, ADMIN_TEAM_MESSAGES.roleNameTaken) });
    renderRoles();
    await screen.findByText('Finance');
    const form = await openForm('New role', 'New role');
    await form.save();
    expect(await form.findByText('Enter the role name.')).toBeInTheDocument();
    expect(api.calls('createRole')).toEqual([]);
    await user().type(form.getByLabelText('Name'), 'finance');
    await form.save();
    expect(await form.findByText(ADMIN_TEAM_MESSAGES.roleNameTaken)).toBeInTheDocument();
    expect(form.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a role from what it grants now, and sends the whole role for its id', async () => {
    const api = teamServer({}, { updateRole: () => ok(SUPPORT_ROLE, ADMIN_TEAM_MESSAGES.roleUpdated) });
    renderRoles();
    await screen.findByText('Support');
    const form = await openForm('Edit Support', 'Edit role Support');
    expect(form.getByLabelText('Name')).toHaveValue('Support');
    expect(form.box('people.write')).toBeChecked();
    expect(form.box('payouts.decide')).not.toBeChecked();
    // Clearing what shows people clears changing them too.
    await user().click(form.box('people.read'));
    expect(form.box('people.write')).not.toBeChecked();
    await form.save();
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.roleUpdated)).toBeInTheDocument();
    expect(api.calls('updateRole')).toEqual([
      {
        method: 'put',
        query: { id: SUPPORT_ROLE._id },
        body: {
          name: 'Support',
          permissions: ['dashboard.read', 'calls.read', 'notifications.read'],
          requiresSecondFactor: false,
        },
      },
    ]);
  });

  it('closes without a call when nothing changed', async () => {
    const api = teamServer();
    renderRoles();
    await screen.findByText('Finance');
    const form = await openForm('Edit Finance', 'Edit role Finance');
    await form.save();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('updateRole')).toEqual([]);
  });

  it("locks the Owner role's permissions: the form offers none, and keeps them all", async () => {
    const api = teamServer({}, { updateRole: () => ok(OWNER_ROLE, ADMIN_TEAM_MESSAGES.roleUpdated) });
    renderRoles();
    await screen.findByText('Finance');
    const form = await openForm('Edit Owner', 'Edit role Owner');
    expect(form.queryAllByRole('checkbox')).toEqual([]);
    expect(form.getByText('Every permission')).toBeInTheDocument();
    await user().clear(form.getByLabelText('Name'));
    await user().type(form.getByLabelText('Name'), 'Owners');
    await form.save();
    await screen.findByText(ADMIN_TEAM_MESSAGES.roleUpdated);
    expect(api.calls('updateRole')).toEqual([
      {
        method: 'put',
        query: { id: OWNER_ROLE._id },
        body: { name: 'Owners', permissions: [...PERMISSIONS], requiresSecondFactor: true },
      },
    ]);
  });

  it('is read-only for an admin whose role may see the team but not manage it (an Auditor)', async () => {
    signInWith(PERMISSIONS.filter((p) => p.endsWith('.read')));
    teamServer();
    renderRoles();
    await screen.findByText('Finance');
    expect(screen.queryByRole('button', { name: 'New role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(rowOf('Finance').getByText(PERMISSION_LABELS['payouts.decide'])).toBeInTheDocument();
  });

  it('says so when the roles cannot be loaded, with a Retry that asks again', async () => {
    let fail = true;
    teamServer({}, { getRoles: () => (fail ? failure(500, 'The server failed') : undefined) });
    renderRoles();
    await expectRetryRecovers('The roles could not be loaded', () => (fail = false), 'Finance');
  });
});
