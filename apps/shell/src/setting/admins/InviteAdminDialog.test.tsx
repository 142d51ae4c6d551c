import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TEAM_MESSAGES, INVITE_TTL_HOURS } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, failure, ok } from '@backoffice/shared-api/testing';
import { chooseOption } from '@backoffice/ui-kit/testing';
import { AdminsPage } from './AdminsPage';
import { FINANCE_ROLE, INVITE, renderAt, teamServer } from './testFixtures';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

async function openInvite() {
  renderAt('/app/setting/admins', { 'setting/admins': <AdminsPage /> });
  await screen.findByText('grace@example.com');
  await user().click(screen.getByRole('button', { name: 'Invite admin' }));
  const element = await screen.findByRole('dialog', { name: 'Invite admin' });
  const dialog = within(element);
  return {
    ...dialog,
    element,
    send: () => user().click(dialog.getByRole('button', { name: 'Send invitation' })),
  };
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Inviting an admin', () => {
  it('sends the email, the names given and the role; the invitations are read again', async () => {
    const state = { invites: [] as (typeof INVITE)[] };
    const api = teamServer(state, {
      inviteAdmin: () => {
        state.invites = [INVITE];
        return ok(INVITE, ADMIN_TEAM_MESSAGES.invited(INVITE.email));
      },
    });
    const dialog = await openInvite();
    expect(dialog.getByText(new RegExp(`for ${INVITE_TTL_HOURS} hours`))).toBeInTheDocument();
    await user().type(dialog.getByLabelText('Email'), '  katherine@example.com ');
    await user().type(dialog.getByLabelText('First name (optional)'), ' Katherine ');
    await chooseOption(dialog.getByLabelText('Role'), 'Finance');
    await dialog.send();

    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.invited(INVITE.email))).toBeInTheDocument();
    // An empty last name is not sent: the invitee gives it.
    expect(api.calls('inviteAdmin')).toEqual([
      {
        method: 'post',
        query: null,
        body: { email: 'katherine@example.com', firstName: 'Katherine', roleId: FINANCE_ROLE._id },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const invites = within(screen.getByRole('table', { name: 'Pending invitations' }));
    expect(await invites.findByText(INVITE.email)).toBeInTheDocument();
  });

  it('asks for an email and a role before sending anything', async () => {
    const api = teamServer();
    const dialog = await openInvite();
    await dialog.send();
    expect(await dialog.findByText('Choose a role.')).toBeInTheDocument();
    await user().type(dialog.getByLabelText('Email'), 'not an email');
    await dialog.send();
    expect(await dialog.findByText(/valid email/i)).toBeInTheDocument();
    expect(api.calls('inviteAdmin')).toEqual([]);
  });

  it('an email that already belongs to an admin (409) lands on the email field, the dialog stays', async () => {
    teamServer({}, { inviteAdmin: () => failure(409, ADMIN_TEAM_MESSAGES.alreadyAdmin) });
    const dialog = await openInvite();
    await user().type(dialog.getByLabelText('Email'), 'grace@example.com');
    await chooseOption(dialog.getByLabelText('Role'), 'Support');
    await dialog.send();
    expect(await dialog.findByText(ADMIN_TEAM_MESSAGES.alreadyAdmin)).toBeInTheDocument();
    expect(dialog.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText('Email')).toHaveValue('grace@example.com');
  });

  it('Cancel closes without sending', async () => {
    const api = teamServer();
    const dialog = await openInvite();
    await user().type(dialog.getByLabelText('Email'), 'x@example.com');
    await user().click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('inviteAdmin')).toEqual([]);
  });
});
