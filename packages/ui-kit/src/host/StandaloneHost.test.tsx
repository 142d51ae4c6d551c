import { render, screen } from '@testing-library/react';
import { session } from '@backoffice/shared-api';
import { ADMIN, signIn, stubApi } from '@backoffice/shared-api/testing';
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
});
