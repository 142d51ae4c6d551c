import { Suspense, lazy, type ReactNode } from 'react';
import { createRoutesFromElements, Route } from '@backoffice/ui-kit/router';
import { LoadingOverlay, LOGOUT_PATH, SignOut } from '@backoffice/ui-kit/auth';
import { AuthGate, CHANGE_PASSWORD_PATH } from './auth/AuthGate';
import { LoginPage } from './auth/LoginPage';
import { REMOTE_ROUTES } from './remotes/remoteRoutes';
import { lazySignedIn } from './signedInLoader';

// The sign-in page's chunk holds the auth pages alone. The signed-in area is one chunk, fetched
// while a stored session is verified or as Sign in is clicked (signedInLoader.ts), so landing on
// the dashboard does not wait for it. The settings, the audit log and the password pages (whose antd
// form fields no other signed-in screen needs) are chunks of their own, loaded when opened.
const AppLayout = lazySignedIn((m) => m.AppLayout);
const DashboardPage = lazySignedIn((m) => m.DashboardPage);
const NotFoundPage = lazySignedIn((m) => m.NotFoundPage);
const RemoteScreen = lazySignedIn((m) => m.RemoteScreen);
const SettingPage = lazy(() => import('./setting/SettingPage').then((m) => ({ default: m.SettingPage })));
const AuditLogPage = lazy(() => import('./setting/audit-log/AuditLogPage').then((m) => ({ default: m.AuditLogPage })));
const ChangePasswordPage = lazy(() =>
  import('./auth/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })),
);
const ForgotPasswordPage = lazy(() => import('./auth/PasswordForms').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./auth/PasswordForms').then((m) => ({ default: m.ResetPasswordPage })));

const page = (element: ReactNode, loading?: string) => (
  <Suspense fallback={<LoadingOverlay tip={loading} />}>{element}</Suspense>
);

function areaRoutes(prefix: string) {
  return [
    <Route key={`${prefix}-index`} index element={page(<DashboardPage />)} />,
    <Route key={`${prefix}-setting`} path="setting" element={page(<SettingPage />, 'Loading the settings…')} />,
    <Route
      key={`${prefix}-audit-log`}
      path="setting/audit-log"
      element={page(<AuditLogPage />, 'Loading the audit log…')}
    />,
    ...REMOTE_ROUTES.map((r) => (
      <Route
        key={`${prefix}-${r.path}`}
        path={`${r.path}/*`}
        element={page(<RemoteScreen remote={r.remote} module={r.module} label={r.label} />, `Loading ${r.label}…`)}
      />
    )),
  ];
}

/**
 * The shell owns the route table: every admin route under /app, and the same set at /. Logout is a
 * route of its own, outside the gate, so that it is a navigation the unsaved-changes guard can stop.
 */
export const appRoutes = createRoutesFromElements(
  <>
    <Route path="/login" element={<LoginPage />} />
    <Route path="/forgot-password" element={page(<ForgotPasswordPage />)} />
    <Route path="/reset-password" element={page(<ResetPasswordPage />)} />
    <Route path={LOGOUT_PATH} element={<SignOut then="/login" />} />
    <Route element={<AuthGate />}>
      <Route element={page(<AppLayout />)}>
        <Route path={CHANGE_PASSWORD_PATH} element={page(<ChangePasswordPage />)} />
        <Route path="/app">{areaRoutes('app')}</Route>
        <Route path="/">{areaRoutes('root')}</Route>
        <Route path="*" element={page(<NotFoundPage />)} />
      </Route>
    </Route>
  </>,
);
