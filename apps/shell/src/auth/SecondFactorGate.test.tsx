import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@backoffice/ui-kit';
import { AUTH_MESSAGES, createQueryClient } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, bodyOf, ok, stubHttp, type StubRequest } from '@backoffice/shared-api/testing';
import { appRoutes } from '../routes';

// The federation runtime is the browser tests' business; here remote screens never load.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const PROFILE = {
  ...ADMIN,
  token: undefined,
  expiresAt: undefined,
  passwordChangeRequired: undefined,
  secondFactorEnrollmentRequired: undefined,
  bio: '',
  isEmailVerified: true,
  mainProfilePicture: '',
  timeZone: 'UTC',
  secondFactorEnabled: false,
  secondFactorRequired: true,
};
const profile = (enabled = false) => ok({ ...PROFILE, secondFactorEnabled: enabled });
const CHALLENGE = {
  secondFactorRequired: true,
  challenge: 'a.signed.challenge',
  expiresAt: '2030-01-01T00:05:00.000Z',
};
const MUST_ENROL = { ...ADMIN, secondFactorEnrollmentRequired: true };
const ENROLLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Back%20Office:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String.fromCharCode(97 + i)}${i + 2}`);

const calls = (requests: StubRequest[]) => requests.map((r) => `${r.method.toUpperCase()} ${r.url}`);

function renderAt(path: string) {
  return render(
    <AppProviders queryClient={createQueryClient()} toasts>
      <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [path] })} />
    </AppProviders>,
  );
}

/**
 * The server of a session that must enrol: its profile, the enrolment and logout answer; anything
 * else is refused until the factor is confirmed, then everything answers.
 */
function enrolmentServer() {
  let enrolled = false;
  return stubHttp((config) => {
    switch (config.url) {
      case '/admin/getUserProfile':
        return profile(enrolled);
      case '/admin/secondFactor/start':
        return ok(ENROLLMENT);
      case '/admin/secondFactor/confirm':
        enrolled = true;
        return ok({ recoveryCodes: CODES });
      case '/admin/logout':
        return ok({});
      default:
        return enrolled
          ? ok([])
          : { status: 403, data: { statusCode: 403, message: AUTH_MESSAGES.secondFactorEnrollmentRequired } };
    }
  });
}

beforeEach(() => {
  localStorage.clear();
  session.logout(undefined, { silent: true });
});

describe('sign-in with a second factor', () => {
  it('asks for the code after the password, and opens the dashboard with one more request', async () => {
    const user = userEvent.setup();
    const requests = stubHttp((config) => {
      if (config.url === '/admin/signIn') return ok(CHALLENGE);
      if (config.url === '/admin/verifySecondFactor') return ok(ADMIN);
      return profile(true);
    });
    renderAt('/login');
    await user.type(await screen.findByLabelText('Email'), ADMIN.email);
    await user.type(screen.getByLabelText('Password'), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Welcome, Ada Admin')).toBeInTheDocument();
    expect(calls(requests).slice(0, 2)).toEqual(['POST /admin/signIn', 'POST /admin/verifySecondFactor']);
    expect(bodyOf(requests[1]!)).toEqual({ challenge: CHALLENGE.challenge, code: '123456' });
  });
});

describe('a session whose role needs a second factor it has not set up', () => {
  it('is sent from the sign-in to the enrolment screen, which says why', async () => {
    const user = userEvent.setup();
    const requests = stubHttp((config) => (config.url === '/admin/signIn' ? ok(MUST_ENROL) : profile()));
    renderAt('/login');
    await user.type(await screen.findByLabelText('Email'), ADMIN.email);
    await user.type(screen.getByLabelText('Password'), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(AUTH_MESSAGES.secondFactorEnrollmentRequired)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(new Set(calls(requests))).toEqual(new Set(['POST /admin/signIn', 'GET /admin/getUserProfile']));
  });

  it.each(['/app', '/app/fans', '/fans', '/app/setting', '/setting/two-factor', '/change-password', '/nowhere'])(
    'goes from %s to the enrolment screen, without the layout and its calls',
    async (path) => {
      session.signedIn(MUST_ENROL);
      const requests = enrolmentServer();
      renderAt(path);
      expect(await screen.findByText(AUTH_MESSAGES.secondFactorEnrollmentRequired)).toBeInTheDocument();
      expect(screen.queryByText('Hello, Ada Admin')).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
      await waitFor(() => expect(calls(requests)).toContain('GET /admin/getUserProfile'));
      expect(calls(requests).every((c) => c === 'GET /admin/getUserProfile')).toBe(true);
    },
  );

  it('enrols, shows the recovery codes until they are saved, then goes on to the dashboard', async () => {
    const user = userEvent.setup();
    session.signedIn(MUST_ENROL);
    const requests = enrolmentServer();
    renderAt('/app');
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', ENROLLMENT.qrCode);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    expect(bodyOf(requests.find((r) => r.url === '/admin/secondFactor/confirm')!)).toEqual({ code: '123456' });
    // Still here: the codes are shown once, and the admin says they have them before leaving.
    const goOn = screen.getByRole('button', { name: 'Continue to the back office' });
    expect(goOn).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    await user.click(goOn);
    expect(await screen.findByText('Welcome, Ada Admin')).toBeInTheDocument();
    expect(session.getState().auth.user?.secondFactorEnrollmentRequired).toBe(false);
  });

  it('is also where a screen goes when any call answers that a second factor must be set up first', async () => {
    session.signedIn(ADMIN);
    stubHttp((config) =>
      config.url === '/admin/getUserProfile'
        ? profile()
        : { status: 403, data: { statusCode: 403, message: AUTH_MESSAGES.secondFactorEnrollmentRequired } },
    );
    renderAt('/app');
    // The call that answers is the dashboard's, once its own chunk is in: slow on a busy machine.
    expect(
      await screen.findByText(AUTH_MESSAGES.secondFactorEnrollmentRequired, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(session.getState().auth.user?.secondFactorEnrollmentRequired).toBe(true);
  });

  it('can sign out from there', async () => {
    const user = userEvent.setup();
    session.signedIn(MUST_ENROL);
    const requests = enrolmentServer();
    renderAt('/app');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign in to the Back Office')).toBeInTheDocument();
    expect(calls(requests)).toContain('POST /admin/logout');
    expect(session.getState().auth.user).toBeNull();
  });
});
