import { startTransition, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from '@backoffice/ui-kit/router';
import { LoadingOverlay, lazyPage } from '@backoffice/ui-kit/auth';
import { useAuthUser } from '@backoffice/shared-api/runtime';
import { authApi, screen } from '@backoffice/shared-api/start';
import { preloadSignedIn, signedInLoaded } from '../signedInLoader';

// A chunk of its own, with the antd providers and Form around it: neither the sign-in page nor the
// signed-in screens (the dashboard, a list) fetch antd's form fields for it.
const ChangePasswordAlone = lazyPage(
  () => import('./ChangePasswordPage').then((m) => m.ChangePasswordAlone),
  <LoadingOverlay />,
);

export const CHANGE_PASSWORD_PATH = '/change-password';

// Likewise alone: the enrolment of a second factor, for a session whose role needs one first.
const SecondFactorAlone = lazyPage(
  () => import('../setting/second-factor/SecondFactorPage').then((m) => m.SecondFactorAlone),
  <LoadingOverlay />,
);

/** Where a session that must set up a second factor is sent (the screen is also at /setting/two-factor). */
export const SECOND_FACTOR_PATH = `/app/${screen('secondFactor').path}`;
const isSecondFactorPath = (pathname: string) =>
  pathname === SECOND_FACTOR_PATH || pathname === `/${screen('secondFactor').path}`;

/**
 * Spec sections 4 and 6: no admin in session -> /login; with one, the session is verified with the
 * server once per page load, and a failed check logs out (the server's message is shown).
 *
 * A session signed in with the documented default password may only change it (the server refuses
 * everything else): every route leads to the change-password screen, shown without the layout,
 * whose menu, bell and socket would only meet refusals. A session whose role needs a second factor
 * it has not set up is held the same way on the enrolment screen.
 */
export function AuthGate() {
  const user = useAuthUser();
  const location = useLocation();
  const [verified, setVerified] = useState(false);

  // While the session is verified, the screen it opens on is fetched: the signed-in chunk and,
  // on a remote's route, that remote's screen. The gate opens when both are done, so the layout
  // renders at once: had it suspended instead, React would hold its reveal back (~300 ms).
  const landing = location.pathname + location.search;
  const signedIn = !!user && !user.passwordChangeRequired && !user.secondFactorEnrollmentRequired;
  const [layoutHere, setLayoutHere] = useState(signedInLoaded);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    // A failed fetch opens the gate too: the route's own load then tries again, or shows the error.
    void preloadSignedIn(landing).then(() => live && startTransition(() => setLayoutHere(true)));
    return () => {
      live = false;
    };
    // Only the page's first route: later navigations load what they need themselves.
  }, [signedIn]);

  useEffect(() => {
    if (!user || verified) return;
    let live = true;
    // Transitions: the signed-in screen renders in slices (see bootstrap.tsx).
    void authApi.verifySession().then((ok) => live && startTransition(() => setVerified(ok)));
    return () => {
      live = false;
    };
  }, [user, verified]);

  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!verified || (signedIn && !layoutHere)) return <LoadingOverlay tip="Checking your session…" />;
  if (user.passwordChangeRequired) {
    return location.pathname === CHANGE_PASSWORD_PATH ? (
      <ChangePasswordAlone />
    ) : (
      <Navigate to={CHANGE_PASSWORD_PATH} replace />
    );
  }
  if (user.secondFactorEnrollmentRequired) {
    return isSecondFactorPath(location.pathname) ? <SecondFactorAlone /> : <Navigate to={SECOND_FACTOR_PATH} replace />;
  }
  return <Outlet />;
}
