import { useNavigate } from '@backoffice/ui-kit/router';
import { AppProviders } from '@backoffice/ui-kit';
import { ChangePasswordForm } from '@backoffice/ui-kit/forms';
import { usePasswordChangeRequired } from '@backoffice/shared-api/runtime';

export { DEFAULT_PASSWORD_NOTICE } from '@backoffice/ui-kit/forms';

/**
 * The admin's own password change. While the session must first replace the default password, the
 * screen stands alone (no menu, no calls the server would refuse) and a change goes on to the
 * dashboard.
 */
export function ChangePasswordPage() {
  const forced = usePasswordChangeRequired();
  const navigate = useNavigate();
  return (
    <ChangePasswordForm
      onChanged={() => forced && navigate('/app', { replace: true })}
      onSignOut={() => navigate('/login', { replace: true })}
    />
  );
}

/** The same screen while the default password stands: alone, outside the layout and its providers. */
export function ChangePasswordAlone() {
  return (
    <AppProviders>
      <ChangePasswordPage />
    </AppProviders>
  );
}
