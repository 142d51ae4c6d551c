import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@backoffice/ui-kit';
import { createQueryClient, type LoggedInAdmin } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, adminWithRole } from '@backoffice/shared-api/testing';
import { ScreenAccess } from './ScreenAccess';

function open(url: string, admin: LoggedInAdmin) {
  session.signedIn(admin);
  const router = createMemoryRouter([{ path: '*', element: <ScreenAccess>{<p>The screen itself</p>}</ScreenAccess> }], {
    initialEntries: [url],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => session.logout(undefined, { silent: true }));

describe('ScreenAccess', () => {
  it('says a Support admin has no access to the audit log, at either base', () => {
    open('/app/setting/audit-log', adminWithRole('support'));
    expect(screen.getByText('You do not have access to Audit log')).toBeInTheDocument();
    expect(screen.queryByText('The screen itself')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/app');
  });

  it("guards a record's page by what it does: an Auditor sees a fan, but not its edit page", () => {
    open('/fans/edit/8b6f7a52-1d0e-4f43-9c55-2d8c1f0f3a99', adminWithRole('auditor'));
    expect(screen.getByText('You do not have access to Edit fan')).toBeInTheDocument();
  });

  it('shows the screen to a role that opens it', () => {
    open('/app/fans/view/8b6f7a52-1d0e-4f43-9c55-2d8c1f0f3a99', adminWithRole('auditor'));
    expect(screen.getByText('The screen itself')).toBeInTheDocument();
  });

  it('follows a role change at once (the admin:updated event adopts the new permissions)', () => {
    open('/app/payouts-requests', adminWithRole('support'));
    expect(screen.getByText('The screen itself')).toBeInTheDocument();
    // An Owner moves them to Content: payout requests close without a reload.
    act(() =>
      session.adoptProfile({
        ...ADMIN,
        role: { ...ADMIN.role, name: 'Content' },
        permissions: adminWithRole('content').permissions,
      }),
    );
    expect(screen.getByText('You do not have access to Payout requests')).toBeInTheDocument();
  });
});
