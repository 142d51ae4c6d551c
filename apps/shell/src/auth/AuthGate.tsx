import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingOverlay } from '@backoffice/ui-kit';
import { authApi, useAuthUser } from '@backoffice/shared-api';
import { ChangePasswordPage } from './PasswordForms';

export const CHANGE_PASSWORD_PATH = '/change-password';

/**
 * Spec sections 4 and 6: no admin in session -> /login; with one, the session is verified with the
 * server once per page load, and a failed check logs out (the server's message is shown).
 *
 * A session signed in with the documented default password may only change it (the server refuses
 * everything else): every route leads to the change-password screen, shown without the layout,
 * whose menu, bell and socket would only meet refusals.
 */
export function AuthGate() {
  const user = useAuthUser();
  const location = useLocation();
  const [verified, setVerified] = useState(false);

  useEffect(() => {
    if (!user || verified) return;
    let live = true;
    void authApi.verifySession().then((ok) => live && setVerified(ok));
    return () => {
      live = false;
    };
  }, [user, verified]);

  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!verified) return <LoadingOverlay tip="Checking your session…" />;
  if (user.passwordChangeRequired) {
    return location.pathname === CHANGE_PASSWORD_PATH ? (
      <ChangePasswordPage />
    ) : (
      <Navigate to={CHANGE_PASSWORD_PATH} replace />
    );
  }
  return <Outlet />;
}
