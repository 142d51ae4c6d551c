import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, ok, signIn, stubApi } from '@backoffice/shared-api/testing';
import { StandaloneHost } from './StandaloneHost';
import { DEFAULT_PASSWORD_NOTICE } from './ChangePasswordForm';

const AREA = [{ path: 'fans', label: 'Fans', element: <p>The fans screen</p> }];

describe("a remote's standalone host", () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.pushState({}, '', '/app/fans');
    stubApi(() => undefined);
  });
  afterEach(() => session.logout(undefined, { silent: true }));

  it('shows its screens to a signed-in admin', async () => {
    signIn(ADMIN);
    render(<StandaloneHost title="People" areas={AREA} />);
    expect(await screen.findByText('The fans screen')).toBeInTheDocument();
  });

  it('asks a session with the default password to change it, and shows no screen the server would refuse', async () => {
    signIn({ ...ADMIN, passwordChangeRequired: true });
    render(<StandaloneHost title="People" areas={AREA} />);
    expect(await screen.findByText(DEFAULT_PASSWORD_NOTICE)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
    expect(screen.queryByText('The fans screen')).not.toBeInTheDocument();
  });

  it('sends a session that must set up a second factor to the shell, and shows no screen', async () => {
    stubApi((config) => (config.url === '/admin/logout' ? ok({}) : undefined));
    signIn({ ...ADMIN, secondFactorEnrollmentRequired: true });
    render(<StandaloneHost title="People" areas={AREA} />);
    expect(await screen.findByText('Set up two-factor sign-in first')).toBeInTheDocument();
    expect(screen.queryByText('The fans screen')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('People: sign in')).toBeInTheDocument();
  });

  it('signs out from the header through the router, and shows the sign-in form', async () => {
    const requests = stubApi((config) => (config.url === '/admin/logout' ? ok({}) : undefined));
    signIn(ADMIN);
    render(<StandaloneHost title="People" areas={AREA} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('People: sign in')).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toContain('/admin/logout');
    expect(session.getState().auth.user).toBeNull();
  });
});
