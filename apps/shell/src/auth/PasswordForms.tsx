import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@backoffice/ui-kit/router';
import { Alert, AppProviders, Button, ErrorState, LoadingOverlay } from '@backoffice/ui-kit';
import { EmailField, Form, NewPasswordFields, useServerForm } from '@backoffice/ui-kit/forms';
import { AuthCard } from '@backoffice/ui-kit/auth';
import { AUTH_MESSAGES, authApi } from '@backoffice/shared-api';
import { toast } from '@backoffice/shared-api/runtime';

// The pages reached from the sign-in page's links: loaded when opened, not with the sign-in page,
// and drawn with antd, so they bring its providers (the sign-in page has none).
export const ForgotPasswordPage = () => (
  <AppProviders>
    <ForgotPassword />
  </AppProviders>
);

export const ResetPasswordPage = () => (
  <AppProviders>
    <ResetPassword />
  </AppProviders>
);

function ForgotPassword() {
  const [sent, setSent] = useState<string>();
  const { form, error, busy, submit } = useServerForm<{ email: string }>();
  const onFinish = async ({ email }: { email: string }) => {
    const reply = await submit(() => authApi.forgotPassword({ email: email.trim() }));
    if (reply.statusCode === 200) setSent(reply.message);
  };
  return (
    <AuthCard title="Forgot password" error={error}>
      {sent ? (
        <Alert type="success" showIcon message={sent} role="status" />
      ) : (
        <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
          <EmailField />
          <Button type="primary" htmlType="submit" block loading={busy}>
            Send reset link
          </Button>
        </Form>
      )}
      <p style={{ marginTop: 16 }}>
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}

function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [check, setCheck] = useState<'checking' | 'valid' | string>('checking');
  const { form, error, busy, submit } = useServerForm<{ password: string; confirm: string }>();

  // The link is checked before the form shows, so an expired link says so at once.
  useEffect(() => {
    if (!token) {
      setCheck(AUTH_MESSAGES.resetTokenInvalid);
      return;
    }
    void authApi.verifyResetPasswordToken(token).then((r) => setCheck(r.statusCode === 200 ? 'valid' : r.message));
  }, [token]);

  if (check === 'checking') return <LoadingOverlay tip="Checking your link…" />;
  if (check !== 'valid') {
    return <ErrorState title={check} action={<Link to="/forgot-password">Ask for a new link</Link>} />;
  }
  const onFinish = async ({ password }: { password: string }) => {
    const reply = await submit(() => authApi.resetPassword({ token, password }));
    if (reply.statusCode === 200) {
      toast.success(reply.message);
      navigate('/login', { replace: true });
    }
  };
  return (
    <AuthCard title="Choose a new password" error={error}>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <NewPasswordFields name="password" />
        <Button type="primary" htmlType="submit" block loading={busy}>
          Reset password
        </Button>
      </Form>
    </AuthCard>
  );
}
