import { Suspense, lazy, type ReactNode } from 'react';
import { createRoutesFromElements, Route } from 'react-router-dom';
import { LOGOUT_PATH, SignOut, Typography } from '@backoffice/ui-kit';
import { AuthGate, CHANGE_PASSWORD_PATH } from './auth/AuthGate';
import { LoginPage } from './auth/LoginPage';
import { ChangePasswordPage, ForgotPasswordPage, ResetPasswordPage } from './auth/PasswordForms';
import { DashboardPage } from './dashboard/DashboardPage';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './not-found/NotFoundPage';
import { RemoteScreen } from './remotes/RemoteScreen';
import { REMOTE_ROUTES } from './remotes/remoteRoutes';

// Each its own chunk: a page loads its code when an admin opens it, so a cold load of a remote's
// screen (Fans) does not fetch the setting page's or the audit log's. The dashboard stays in the
// shell's chunk: sign-in lands on it, and a lazy page there costs its first paint ~0.5 s.
const SettingPage = lazy(() => import('./setting/SettingPage').then((m) => ({ default: m.SettingPage })));
const AuditLogPage = lazy(() => import('./setting/audit-log/AuditLogPage').then((m) => ({ default: m.AuditLogPage })));

const page = (element: ReactNode, loading: string) => (
  <Suspense fallback={<Typography.Text type="secondary">{loading}</Typography.Text>}>{element}</Suspense>
);

function areaRoutes(prefix: string) {
  return [
    <Route key={`${prefix}-index`} index element={<DashboardPage />} />,
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
        element={<RemoteScreen remote={r.remote} module={r.module} label={r.label} />}
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
    <Route path="/forgot-password" element={<ForgotPasswordPage />} />
    <Route path="/reset-password" element={<ResetPasswordPage />} />
    <Route path={LOGOUT_PATH} element={<SignOut then="/login" />} />
    <Route element={<AuthGate />}>
      <Route element={<AppLayout />}>
        <Route path={CHANGE_PASSWORD_PATH} element={<ChangePasswordPage />} />
        <Route path="/app">{areaRoutes('app')}</Route>
        <Route path="/">{areaRoutes('root')}</Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Route>
  </>,
);
