import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@backoffice/ui-kit';
import { createQueryClient, session } from '@backoffice/shared-api';
import { ADMIN, stubHttp } from '@backoffice/shared-api/testing';
import { AppRoutes } from '../routes';

// The federation runtime is the browser tests' business; here remote screens never load.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
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
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
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
