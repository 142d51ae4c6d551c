import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesFromElements, Route } from 'react-router-dom';
import { ADMIN_TEAM_MESSAGES, ROUTES, type AdminInviteInfo } from '@backoffice/shared-api';
import { bodyOf, failure, ok, resetClient, stubApi, type StubReply } from '@backoffice/shared-api/testing';
import { renderRoutes } from '@backoffice/ui-kit/testing';
import { AcceptInvitePage } from './AcceptInvitePage';

const TOKEN = 'a'.repeat(43);
const INFO: AdminInviteInfo = {
  email: 'katherine@example.com',
  firstName: 'Katherine',
  lastName: '',
  roleName: 'Finance',
  expiresAt: '2026-03-03T08:00:00.000Z',
};
const PASSWORD = 'a long new password';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

function server({
  verify = ok(INFO),
  accept = ok(null, ADMIN_TEAM_MESSAGES.inviteAccepted),
}: { verify?: StubReply; accept?: StubReply } = {}) {
  const requests = stubApi((config) => {
    if (config.url === ROUTES.verifyAdminInvite.path) return verify;
    if (config.url === ROUTES.acceptAdminInvite.path) return accept;
    return undefined;
  });
  return {
    verified: () => requests.filter((r) => r.url === ROUTES.verifyAdminInvite.path).map((r) => r.params),
    accepted: () => requests.filter((r) => r.url === ROUTES.acceptAdminInvite.path).map(bodyOf),
  };
}

function renderPage(entry = `/accept-invite?token=${TOKEN}`) {
  return renderRoutes(
    [entry],
    createRoutesFromElements(
      <>
        <Route path="/accept-invite" element={<AcceptInvitePage />} />
        <Route path="/login" element={<p>Sign-in page</p>} />
      </>,
    ),
  );
}

async function fillPasswords(password: string, confirm: string) {
  await user().type(screen.getByLabelText('New password'), password);
  await user().type(screen.getByLabelText('Confirm new password'), confirm);
}

beforeEach(() => {
  resetClient();
});

describe('Accepting an invitation', () => {
  it('checks the link, shows the email and role, and creates the account; then sign-in with the message', async () => {
    const api = server();
    const { url } = renderPage();
    expect(await screen.findByText(INFO.email)).toBeInTheDocument();
    expect(screen.getByText('Finance')).toBeInTheDocument();
    expect(api.verified()).toEqual([{ token: TOKEN }]);
    expect(screen.getByLabelText('First name')).toHaveValue('Katherine');
    expect(screen.getByLabelText('Last name')).toHaveValue('');

    await user().type(screen.getByLabelText('Last name'), ' Johnson ');
    await fillPasswords(PASSWORD, PASSWORD);
    await user().click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(url()).toBe('/login');
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.inviteAccepted)).toBeInTheDocument();
    expect(api.accepted()).toEqual([{ token: TOKEN, firstName: 'Katherine', lastName: 'Johnson', password: PASSWORD }]);
  });

  it("says an invalid link is invalid, in the server's words, with the way to sign in", async () => {
    server({ verify: failure(400, ADMIN_TEAM_MESSAGES.inviteInvalid) });
    renderPage();
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.inviteInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says a link without a token is invalid without asking the server', async () => {
    const api = server();
    renderPage('/accept-invite');
    expect(await screen.findByText(ADMIN_TEAM_MESSAGES.inviteInvalid)).toBeInTheDocument();
    expect(api.verified()).toEqual([]);
  });

  it('asks for the names and a confirmed password of the length the server takes, and sends nothing until then', async () => {
    const api = server();
    renderPage();
    await screen.findByText(INFO.email);
    await user().click(screen.getByRole('button', { name: 'Create my account' }));
    // The last name (the invitation had none) and the password.
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user().type(screen.getByLabelText('Last name'), 'Johnson');
    await fillPasswords(PASSWORD, `${PASSWORD}!`);
    await user().click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();

    await user().clear(screen.getByLabelText('New password'));
    await user().clear(screen.getByLabelText('Confirm new password'));
    await fillPasswords('short', 'short');
    await user().click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText(/Use at least \d+ characters/)).toBeInTheDocument();
    expect(api.accepted()).toEqual([]);
  });

  it("shows the server's refusal (a link used meanwhile) and stays", async () => {
    server({ accept: failure(400, ADMIN_TEAM_MESSAGES.inviteInvalid) });
    const { url } = renderPage();
    await screen.findByText(INFO.email);
    await user().type(screen.getByLabelText('Last name'), 'Johnson');
    await fillPasswords(PASSWORD, PASSWORD);
    await user().click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_TEAM_MESSAGES.inviteInvalid);
    await waitFor(() => expect(url()).toBe(`/accept-invite?token=${TOKEN}`));
  });
});
