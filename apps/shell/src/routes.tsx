import { Suspense, type ReactNode } from 'react';
import { createRoutesFromElements, Route } from '@backoffice/ui-kit/router';
import { screen } from '@backoffice/shared-api/start';
import { prefetchRemembered } from '@backoffice/shared-api/runtime';
import { LoadingOverlay, LOGOUT_PATH, SignOut, lazyPage } from '@backoffice/ui-kit/auth';
import { AuthGate, CHANGE_PASSWORD_PATH } from './auth/AuthGate';
import { LoginPage } from './auth/LoginPage';
import { REMOTE_ROUTES } from './remotes/remoteRoutes';
import { DashboardPage, lazySignedIn } from './signedInLoader';

// The sign-in page's chunk holds the auth pages alone. The signed-in area is one chunk, fetched
// while a stored session is verified or as Sign in is clicked (signedInLoader.ts), so landing on
// the dashboard does not wait for it. The settings, the audit log, the team's screens and the
// password pages (whose antd form fields no other signed-in screen needs) are chunks of their own,
// loaded when opened.
const AppLayout = lazySignedIn((m) => m.AppLayout);
const NotFoundPage = lazySignedIn((m) => m.NotFoundPage);
const RemoteScreen = lazySignedIn((m) => m.RemoteScreen);
const SettingPage = lazyPage(
  () => import('./setting/SettingPage').then((m) => m.SettingPage),
  <LoadingOverlay tip="Loading the settings…" />,
);
const AuditLogPage = lazyPage(
  () => import('./setting/audit-log/AuditLogPage').then((m) => m.AuditLogPage),
  <LoadingOverlay tip="Loading the audit log…" />,
);
const AdminsPage = lazyPage(
  () => import('./setting/admins/AdminsPage').then((m) => m.AdminsPage),
  <LoadingOverlay tip="Loading the admins…" />,
);
const RolesPage = lazyPage(
  () => import('./setting/roles/RolesPage').then((m) => m.RolesPage),
  <LoadingOverlay tip="Loading the roles…" />,
);
const ReleasesPage = lazyPage(
  () => import('./setting/releases/ReleasesPage').then((m) => m.ReleasesPage),
  <LoadingOverlay tip="Loading the releases…" />,
);
const SessionsPage = lazyPage(
  () => import('./setting/sessions/SessionsPage').then((m) => m.SessionsPage),
  <LoadingOverlay tip="Loading your sessions…" />,
);
const SecondFactorPage = lazyPage(
  () => import('./setting/second-factor/SecondFactorPage').then((m) => m.SecondFactorPage),
  <LoadingOverlay tip="Loading two-factor sign-in…" />,
);
const ChangePasswordPage = lazyPage(
  () => import('./auth/ChangePasswordPage').then((m) => m.ChangePasswordPage),
  <LoadingOverlay />,
);
const ForgotPasswordPage = lazyPage(
  () => import('./auth/PasswordForms').then((m) => m.ForgotPasswordPage),
  <LoadingOverlay />,
);
const ResetPasswordPage = lazyPage(
  () => import('./auth/PasswordForms').then((m) => m.ResetPasswordPage),
  <LoadingOverlay />,
);
const AcceptInvitePage = lazyPage(
  () => import('./auth/AcceptInvitePage').then((m) => m.AcceptInvitePage),
  <LoadingOverlay />,
);

/** A remote's screen, its loader naming it while its code arrives. */
const page = (element: ReactNode, loading?: string) => (
  <Suspense fallback={<LoadingOverlay tip={loading} />}>{element}</Suspense>
);

function areaRoutes(prefix: string) {
  return [
    <Route key={`${prefix}-index`} index element={<DashboardPage />} />,
    <Route key={`${prefix}-setting`} path={screen('setting').path} element={<SettingPage />} />,
    <Route key={`${prefix}-audit-log`} path={screen('auditLog').path} element={<AuditLogPage />} />,
    <Route key={`${prefix}-admins`} path={screen('admins').path} element={<AdminsPage />} />,
    <Route key={`${prefix}-roles`} path={screen('roles').path} element={<RolesPage />} />,
    <Route key={`${prefix}-releases`} path={screen('releases').path} element={<ReleasesPage />} />,
    <Route key={`${prefix}-sessions`} path={screen('sessions').path} element={<SessionsPage />} />,
    <Route key={`${prefix}-two-factor`} path={screen('secondFactor').path} element={<SecondFactorPage />} />,
    ...REMOTE_ROUTES.map((r) => (
      <Route
        key={`${prefix}-${r.path}`}
        path={`${r.path}/*`}
        element={page(<RemoteScreen remote={r.remote} module={r.module} label={r.label} />, `Loading ${r.label}…`)}
      />
    )),
  ];
}

let firstNavigation = true;

/**
 * The page's first navigation starts the read its screen made the last time this browser opened
 * the same address (earlyReads.ts), with the screen's code rather than after it: a list's first
 * page is on its way while the remote's files arrive. Later navigations read as the screen asks.
 */
export function firstScreenLoader({ request }: { request: Request }): null {
  if (firstNavigation) {
    firstNavigation = false;
    const url = new URL(request.url);
    prefetchRemembered(url.pathname + url.search);
  }
  return null;
}

/**
 * The shell owns the route table: every admin route under /app, and the same set at /. Logout is a
 * route of its own, outside the gate, so that it is a navigation the unsaved-changes guard can stop.
 */
export const appRoutes = createRoutesFromElements(
  <>
    <Route path="/login" element={<LoginPage />} />
    <Route path="/forgot-password" element={<ForgotPasswordPage />} />
    <Route path="/reset-password" element={<ResetPasswordPage />} />
    <Route path="/accept-invite" element={<AcceptInvitePage />} />
    <Route path={LOGOUT_PATH} element={<SignOut then="/login" />} />
    <Route element={<AuthGate />} loader={firstScreenLoader} HydrateFallback={LoadingOverlay}>
      <Route element={<AppLayout />}>
        <Route path={CHANGE_PASSWORD_PATH} element={<ChangePasswordPage />} />
        <Route path="/app">{areaRoutes('app')}</Route>
        <Route path="/">{areaRoutes('root')}</Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Route>
  </>,
);
