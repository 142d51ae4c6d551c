import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AppProviders } from '@backoffice/ui-kit';
import { createQueryClient, http, session } from '@backoffice/shared-api';
import { AppRoutes } from '../routes';

// The federation runtime is the browser tests' business; here remote screens never load.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
}));

const ADMIN = {
  _id: '6f1c2b9e-8a4d-4f3a-9c1e-2b7d5a8e4f10',
  token: 'token-1',
  expiresAt: '2030-01-01T00:00:00.000Z',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@test.local',
  availabilityStatus: '1' as const,
};

/** The server, faked at the HTTP adapter: the one place a unit test may stand in for it. */
function serverReplies(reply: (config: InternalAxiosRequestConfig) => { status: number; data: unknown }) {
  const calls: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(`${config.method?.toUpperCase()} ${config.url}`);
    const { status, data } = reply(config);
    return { status, statusText: String(status), data, headers: {}, config, request: {} };
  };
  http.defaults.adapter = adapter;
  return calls;
}

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
      const calls = serverReplies(() => ({ status: 500, data: {} }));
      renderAt(path);
      expect(await screen.findByText('Sign in to the Back Office')).toBeInTheDocument();
      expect(calls).toEqual([]);
    },
  );

  it.each([
    ['/forgot-password', 'Forgot password'],
    ['/reset-password', 'This password reset link is invalid or has expired.'],
  ])('makes no session check on %s', async (path, text) => {
    const calls = serverReplies(() => ({ status: 500, data: {} }));
    renderAt(path);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('verifies a stored session with the server and shows the screen when it holds', async () => {
    session.signedIn(ADMIN);
    const calls = serverReplies(() => ({
      status: 200,
      data: {
        statusCode: 200,
        message: 'Profile',
        data: { ...ADMIN, bio: '', isEmailVerified: true, mainProfilePicture: '', timeZone: 'UTC' },
      },
    }));
    renderAt('/app');
    expect(await screen.findByText('Welcome, Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('Hello, Ada Admin')).toBeInTheDocument();
    expect(calls).toContain('GET /admin/getUserProfile');
  });

  it('logs out and goes to /login when the session check fails, passing the server message along', async () => {
    session.signedIn(ADMIN);
    serverReplies(() => ({
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
    serverReplies(() => ({ status: 200, data: { statusCode: 200, message: 'Profile', data: ADMIN } }));
    renderAt('/app/no-such-screen');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
