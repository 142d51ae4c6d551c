import { Route, Routes } from 'react-router-dom';
import { AuthGate } from './auth/AuthGate';
import { LoginPage } from './auth/LoginPage';
import { ChangePasswordPage, ForgotPasswordPage, ResetPasswordPage } from './auth/PasswordForms';
import { DashboardPage } from './dashboard/DashboardPage';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './not-found/NotFoundPage';
import { RemoteScreen } from './remotes/RemoteScreen';
import type { RemoteName } from './remotes/registry';
import { SettingPage } from './setting/SettingPage';

/** Which remote module serves each route of the spec's table (section 2). */
export const REMOTE_ROUTES: Array<{ path: string; remote: RemoteName; module: string; label: string }> = [
  { path: 'fans', remote: 'people', module: 'Fans', label: 'Fans' },
  { path: 'influencers', remote: 'people', module: 'Influencers', label: 'Influencers' },
  { path: 'requests', remote: 'people', module: 'Requests', label: 'Requests' },
  { path: 'details/fan-details', remote: 'people', module: 'FanDetail', label: 'Fan detail' },
  { path: 'transactions', remote: 'payments', module: 'Transactions', label: 'Transactions' },
  { path: 'payouts-requests', remote: 'payments', module: 'PayoutRequests', label: 'Payout requests' },
  { path: 'payment-methods', remote: 'payments', module: 'PaymentMethods', label: 'Payment methods' },
  { path: 'payouts-history', remote: 'payments', module: 'PayoutsHistory', label: 'Payouts history' },
  { path: 'calls', remote: 'catalog', module: 'Calls', label: 'Calls' },
  { path: 'notifications', remote: 'catalog', module: 'Notifications', label: 'Notifications' },
  { path: 'email-templates', remote: 'catalog', module: 'EmailTemplates', label: 'Email templates' },
  { path: 'manage-discount-codes', remote: 'catalog', module: 'DiscountCodes', label: 'Discount codes' },
  { path: 'manage-cupon-history', remote: 'catalog', module: 'RedemptionHistory', label: 'Redemption history' },
];

function areaRoutes(prefix: string) {
  return [
    <Route key={`${prefix}-index`} index element={<DashboardPage />} />,
    <Route key={`${prefix}-setting`} path="setting" element={<SettingPage />} />,
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
