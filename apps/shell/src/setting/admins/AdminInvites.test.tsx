import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TEAM_MESSAGES } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, failure, ok } from '@backoffice/shared-api/testing';
import { formatDateTime } from '@backoffice/ui-kit';
import { renderInShell } from '../testFixtures';
import { AdminInvites } from './AdminInvites';
import { EXPIRED_INVITE, INVITE, teamServer } from './testFixtures';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const rowOf = (email: string) => within(screen.getByText(email).closest('tr')!);

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('The pending invitations', () => {
  it('lists each with its role, who sent it, when, and until when; an expired one is tagged', async () => {
    teamServer();
    renderInShell(<AdminInvites canManage />);
    await screen.findByText(INVITE.email);
    const headers = within(screen.getByRole('table', { name: 'Pending invitations' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Email', 'Name', 'Role', 'Invited by', 'Sent', 'Expires', 'Actions']);
    const katherine = rowOf(INVITE.email);
    expect(katherine.getByText('Katherine')).toBeInTheDocument();
    expect(katherine.getByText('Finance')).toBeInTheDocument();
    expect(katherine.getByText('Ada Admin')).toBeInTheDocument();
    expect(katherine.getByText(formatDateTime(INVITE.expiresAt))).toBeInTheDocument();
    expect(katherine.queryByText('Expired')).not.toBeInTheDocument();
    expect(rowOf(EXPIRED_INVITE.email).getByText('Expired')).toBeInTheDocument();
  });

  it('sends one again by its id', async () => {
    const api = teamServer(
      {},
      { resendAdminInvite: () => ok(INVITE, ADMIN_TEAM_MESSAGES.inviteResent(EXPIRED_INVITE.email)) },
    );
    renderInShell(<AdminInvites canManage />);
    await user().click(await screen.findByRole('button', { name: `Resend the invitation to ${EXPIRED_INVITE.email}` }));
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.inviteResent(EXPIRED_INVITE.email))).toBeInTheDocument();
    expect(api.calls('resendAdminInvite')).toEqual([{ method: 'post', query: { id: EXPIRED_INVITE._id }, body: null }]);
  });

  it('cancels one after asking; the list is read again without it', async () => {
    const state = { invites: [INVITE, EXPIRED_INVITE] };
    const api = teamServer(state, {
      cancelAdminInvite: () => {
        state.invites = [EXPIRED_INVITE];
        return ok(null, ADMIN_TEAM_MESSAGES.inviteCancelled);
      },
    });
    renderInShell(<AdminInvites canManage />);
    await user().click(await screen.findByRole('button', { name: `Cancel the invitation to ${INVITE.email}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Cancel the invitation to ${INVITE.email}?` }));
    expect(api.calls('cancelAdminInvite')).toEqual([]);
    await user().click(dialog.getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.inviteCancelled)).toBeInTheDocument();
    expect(api.calls('cancelAdminInvite')).toEqual([{ method: 'post', query: { id: INVITE._id }, body: null }]);
    await waitFor(() => expect(screen.queryByText(INVITE.email)).not.toBeInTheDocument());
  });

  it('offers neither to an admin who may only see the team', async () => {
    teamServer();
    renderInShell(<AdminInvites canManage={false} />);
    await screen.findByText(INVITE.email);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('says so when they cannot be loaded, with a Retry', async () => {
    let fail = true;
    teamServer({}, { getAdminInvites: () => (fail ? failure(500, 'The server failed') : undefined) });
    renderInShell(<AdminInvites canManage />);
    expect(await screen.findByText('The invitations could not be loaded', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await user().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(INVITE.email)).toBeInTheDocument();
  });
});
