import { Link, Navigate, useLocation, useNavigate } from '@backoffice/ui-kit/router';
import { SignInForm } from '@backoffice/ui-kit/auth';
import { session, useAuthUser } from '@backoffice/shared-api/runtime';
import { preloadSignedIn } from '../signedInLoader';
import { CHANGE_PASSWORD_PATH, SECOND_FACTOR_PATH } from './AuthGate';

/**
 * Where a signed-in admin goes: the change-password screen first while the default password stands,
 * then the enrolment of a second factor while their role needs one they have not set up.
 */
const landing = (target: string) => {
  const user = session.getState().auth.user;
  if (user?.passwordChangeRequired) return CHANGE_PASSWORD_PATH;
  return user?.secondFactorEnrollmentRequired ? SECOND_FACTOR_PATH : target;
};

export function LoginPage() {
  const user = useAuthUser();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const target = from && from !== '/login' ? from : '/app';
  if (user) return <Navigate to={landing(target)} replace />;
  return (
    // The signed-in screens' code is fetched from the first keystroke (or a password manager's
    // fill), so that it is here when Sign in is clicked; at the latest with the click, while the
    // request is on its way. Not before: a page that is only looked at fetches none of it. (The
    // landing remote's screen waits for the session: its registry is per admin.)
    <div
      className="bo-page"
      onInput={() => void preloadSignedIn(target, false)}
      onSubmitCapture={() => void preloadSignedIn(target, false)}
    >
      <SignInForm title="Sign in to the Back Office" onSignedIn={() => navigate(landing(target), { replace: true })} />
      <p style={{ textAlign: 'center' }}>
        <Link to="/forgot-password" className="bo-link">
          Forgot password?
        </Link>
      </p>
    </div>
  );
}
