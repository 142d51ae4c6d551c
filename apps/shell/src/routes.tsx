import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Typography } from '@backoffice/ui-kit';
import { AuthGate } from './auth/AuthGate';
import { LoginPage } from './auth/LoginPage';
import { ChangePasswordPage, ForgotPasswordPage, ResetPasswordPage } from './auth/PasswordForms';
import { DashboardPage } from './dashboard/DashboardPage';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './not-found/NotFoundPage';
import { RemoteScreen } from './remotes/RemoteScreen';
import { REMOTE_ROUTES } from './remotes/remoteRoutes';
import { SettingPage } from './setting/SettingPage';

// Its own chunk: the table and filters load when an admin first opens the log, not at sign-in.
const AuditLogPage = lazy(() => import('./setting/audit-log/AuditLogPage').then((m) => ({ default: m.AuditLogPage })));

function areaRoutes(prefix: string) {
  return [
    <Route key={`${prefix}-index`} index element={<DashboardPage />} />,
    <Route key={`${prefix}-setting`} path="setting" element={<SettingPage />} />,
    <Route
      key={`${prefix}-audit-log`}
      path="setting/audit-log"
      element={
        <Suspense fallback={<Typography.Text type="secondary">Loading the audit log…</Typography.Text>}>
          <AuditLogPage />
        </Suspense>
      }
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

/** The shell owns the route table: every admin route under /app, and the same set at /. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route element={<AuthGate />}>
        <Route element={<AppLayout />}>
          <Route path="/change-password" element={<ChangePasswordPage />} />
          <Route path="/app">{areaRoutes('app')}</Route>
          <Route path="/">{areaRoutes('root')}</Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
