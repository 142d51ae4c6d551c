import { useEffect, useRef } from 'react';
import { useNavigate } from '@backoffice/ui-kit/router';
import { authApi } from '@backoffice/shared-api/start';
import { LoadingOverlay } from '../LoadingOverlay';

export { LOGOUT_PATH } from './paths';

/**
 * The element of the LOGOUT_PATH route: signs out, then goes to `then`. Logout is a navigation
 * rather than a click handler so that the router's blocker hears of it first: an admin with unsaved
 * changes who chooses Stay never reaches this route, and keeps the session.
 */
export function SignOut({ then }: { then: string }) {
  const navigate = useNavigate();
  // Once per visit: a second effect run (React's strict mode) must not sign out twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Replacing /logout: Back from the sign-in screen must not sign out again.
    void authApi.logout().then(() => navigate(then, { replace: true }));
  }, [navigate, then]);
  return <LoadingOverlay tip="Signing out…" />;
}
