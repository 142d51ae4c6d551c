import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@backoffice/ui-kit';
import { AUTH_MESSAGES, createQueryClient } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, bodyOf, failure, ok, stubHttp, type StubReply, type StubRequest } from '@backoffice/shared-api/testing';
import { appRoutes } from '../routes';
import { DEFAULT_PASSWORD_NOTICE } from './ChangePasswordPage';

// The federation runtime is the browser tests' business; here remote screens never load.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

/** A profile reply for the signed-in fake admin. */
const profile = () => ({
  status: 200,
  data: {
    statusCode: 200,
    message: 'Profile',
    data: { ...ADMIN, bio: '', isEmailVerified: true, mainProfilePicture: '', timeZone: 'UTC' },
  },
});

const calls = (requests: Array<{ method?: string; url?: string }>) =>
  requests.map((r) => `${r.method?.toUpperCase()} ${r.url}`);

function renderAt(path: string) {
  return render(
    <AppProviders queryClient={createQueryClient()} toasts>
      <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [path] })} />
    </AppProviders>,
  );
}

beforeEach(() => {
  localStorage.clear();
  session.logout(undefined, { silent: true });
});

describe('the auth gate (spec sections 4 and 6)', () => {
  it.each(['/app', '/app/fans', '/fans', '/app/setting', '/change-password', '/nowhere'])(
    'sends a visitor with no admin in session from %s to /login',
    async (path) => {
      const requests = stubHttp(() => ({ status: 500, data: {} }));
      renderAt(path);
      expect(await screen.findByText('Sign in to the Back Office')).toBeInTheDocument();
      expect(calls(requests)).toEqual([]);
    },
  );

  it.each([
    ['/forgot-password', 'Forgot password'],
    ['/reset-password', 'This password reset link is invalid or has expired.'],
  ])('makes no session check on %s', async (path, text) => {
    const requests = stubHttp(() => ({ status: 500, data: {} }));
    renderAt(path);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(calls(requests)).toEqual([]);
  });

  it('verifies a stored session with the server and shows the screen when it holds', async () => {
    session.signedIn(ADMIN);
    const requests = stubHttp(profile);
    renderAt('/app');
    expect(await screen.findByText('Welcome, Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('Hello, Ada Admin')).toBeInTheDocument();
    expect(calls(requests)).toContain('GET /admin/getUserProfile');
  });

  it('logs out and goes to /login when the session check fails, passing the server message along', async () => {
    session.signedIn(ADMIN);
    stubHttp(() => ({
      status: 401,
      data: { statusCode: 401, message: 'Your session is invalid or has expired. Please sign in again.' },
    }));
    renderAt('/app/fans');
    expect(await screen.findByText('Sign in to the Back Office')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('_itoken')).toBeNull());
    expect(session.getState().auth.user).toBeNull();
  });

  it('shows the not-found page for any other path once signed in', async () => {
    session.signedIn(ADMIN);
    stubHttp(profile);
    renderAt('/app/no-such-screen');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});

describe('a session signed in with the default password (it must change it first)', () => {
  const mustChange = { status: 403, data: { statusCode: 403, message: AUTH_MESSAGES.passwordChangeRequired } };
  const FLAGGED = { ...ADMIN, passwordChangeRequired: true };

  /**
   * The server of such a session: the profile, the password change and logout answer, nothing else
   * until a change succeeds; then everything does.
   */
  function flaggedServer(change: (config: StubRequest) => StubReply = () => ok({})) {
    let changed = false;
    return stubHttp((config) => {
      if (config.url === '/admin/changePassword') {
        const reply = change(config);
        changed = reply !== 'network-error' && reply.status === 200;
        return reply;
      }
      if (config.url === '/admin/logout') return ok({});
      if (changed || config.url === '/admin/getUserProfile') return profile();
      return mustChange;
    });
  }
  const changeTo = async (user: ReturnType<typeof userEvent.setup>, oldPassword: string, newPassword: string) => {
    await user.type(screen.getByLabelText('Current password'), oldPassword);
    await user.type(screen.getByLabelText('New password', { exact: true }), newPassword);
    await user.type(screen.getByLabelText('Confirm new password'), newPassword);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('is sent from the sign-in to the change-password screen, which says why', async () => {
    const user = userEvent.setup();
    stubHttp((config) => (config.url === '/admin/signIn' ? ok(FLAGGED) : profile()));
    renderAt('/login');
    await user.type(await screen.findByLabelText('Email'), ADMIN.email);
    await user.type(screen.getByLabelText('Password'), 'ChangeMe-Admin-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(DEFAULT_PASSWORD_NOTICE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
  });

  it.each(['/app', '/app/fans', '/fans', '/app/setting', '/nowhere', '/login'])(
    'goes from %s to the change-password screen, without the layout and its calls',
    async (path) => {
      session.signedIn(FLAGGED);
      const requests = flaggedServer();
      renderAt(path);
      expect(await screen.findByText(DEFAULT_PASSWORD_NOTICE)).toBeInTheDocument();
      expect(screen.queryByText('Hello, Ada Admin')).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
      expect(calls(requests)).toEqual(['GET /admin/getUserProfile']);
    },
  );

  it('stays on the screen, saying why, when the server refuses the new password', async () => {
    const user = userEvent.setup();
    session.signedIn(FLAGGED);
    flaggedServer(() => failure(400, AUTH_MESSAGES.defaultPasswordRefused));
    renderAt('/change-password');
    await screen.findByText(DEFAULT_PASSWORD_NOTICE);
    await changeTo(user, 'ChangeMe-Admin-2026', 'ChangeMe-Admin-2026');
    expect(await screen.findByText(AUTH_MESSAGES.defaultPasswordRefused)).toBeInTheDocument();
    expect(screen.getByText(DEFAULT_PASSWORD_NOTICE)).toBeInTheDocument();
    expect(session.getState().auth.user?.passwordChangeRequired).toBe(true);
  });

  it('goes on to the dashboard after a change, with the fresh token and the flag cleared', async () => {
    const user = userEvent.setup();
    session.signedIn(FLAGGED);
    const requests = flaggedServer(() => ok({ token: 'token-2', expiresAt: '2031-01-01T00:00:00.000Z' }));
    renderAt('/app/fans');
    await screen.findByText(DEFAULT_PASSWORD_NOTICE);
    await changeTo(user, 'ChangeMe-Admin-2026', 'My-own-password-1');
    expect(await screen.findByText('Welcome, Ada Admin')).toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_PASSWORD_NOTICE)).not.toBeInTheDocument();
    expect(bodyOf(requests.find((r) => r.url === '/admin/changePassword')!)).toEqual({
      oldPassword: 'ChangeMe-Admin-2026',
      newPassword: 'My-own-password-1',
    });
    expect(session.getState().auth.user).toMatchObject({ token: 'token-2', passwordChangeRequired: false });
    expect(localStorage.getItem('_itoken')).toBe('token-2');
  });

  it('can sign out from there', async () => {
    const user = userEvent.setup();
    session.signedIn(FLAGGED);
    const requests = flaggedServer();
    renderAt('/change-password');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign in to the Back Office')).toBeInTheDocument();
    expect(calls(requests)).toContain('POST /admin/logout');
    expect(session.getState().auth.user).toBeNull();
  });

  it('is also where a screen goes when any call answers that the password must be changed first', async () => {
    session.signedIn(ADMIN);
    stubHttp((config) => (config.url === '/admin/getUserProfile' ? profile() : mustChange));
    renderAt('/app');
    expect(await screen.findByText(DEFAULT_PASSWORD_NOTICE)).toBeInTheDocument();
    expect(session.getState().auth.user?.passwordChangeRequired).toBe(true);
  });

  it('keeps the ordinary change-password screen, inside the layout, for everyone else', async () => {
    session.signedIn(ADMIN);
    stubHttp(profile);
    renderAt('/change-password');
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByText('Hello, Ada Admin')).toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_PASSWORD_NOTICE)).not.toBeInTheDocument();
  });
});
