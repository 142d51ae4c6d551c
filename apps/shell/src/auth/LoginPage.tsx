import { Link, Navigate, useLocation, useNavigate } from '@backoffice/ui-kit/router';
import { SignInForm } from '@backoffice/ui-kit/auth';
import { session, useAuthUser } from '@backoffice/shared-api';
import { preloadSignedIn } from '../signedInLoader';
import { CHANGE_PASSWORD_PATH } from './AuthGate';

/** Where a signed-in admin goes: the change-password screen first while the default password stands. */
const landing = (target: string) =>
  session.getState().auth.user?.passwordChangeRequired ? CHANGE_PASSWORD_PATH : target;

export function LoginPage() {
  const user = useAuthUser();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const target = from && from !== '/login' ? from : '/app';
  if (user) return <Navigate to={landing(target)} replace />;
  return (
    // The signed-in screens' code is fetched while the sign-in request is on its way, not after
    // (the landing remote's screen waits for the session: its registry is per admin).
    <div onSubmitCapture={() => preloadSignedIn()}>
      <SignInForm title="Sign in to the Back Office" onSignedIn={() => navigate(landing(target), { replace: true })} />
      <p style={{ textAlign: 'center' }}>
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
    </div>
  );
}
