import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { SignInForm } from '@backoffice/ui-kit';
import { useAuthUser } from '@backoffice/shared-api';

export function LoginPage() {
  const user = useAuthUser();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const target = from && from !== '/login' ? from : '/app';
  if (user) return <Navigate to={target} replace />;
  return (
    <>
      <SignInForm title="Sign in to the Back Office" onSignedIn={() => navigate(target, { replace: true })} />
      <p style={{ textAlign: 'center' }}>
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
    </>
  );
}
