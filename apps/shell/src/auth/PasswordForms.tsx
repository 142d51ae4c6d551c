import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Alert,
  AuthCard,
  Button,
  EmailField,
  Form,
  Input,
  LoadingOverlay,
  NewPasswordFields,
  Result,
  useServerForm,
} from '@backoffice/ui-kit';
import { AUTH_MESSAGES, authApi, toast, usePasswordChangeRequired } from '@backoffice/shared-api';

export function ForgotPasswordPage() {
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

export function ResetPasswordPage() {
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
    return <Result status="warning" title={check} extra={<Link to="/forgot-password">Ask for a new link</Link>} />;
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

/** What a session signed in with the documented default password is told before anything else. */
export const DEFAULT_PASSWORD_NOTICE = 'This account still has the default password. Choose a new one to continue.';

/**
 * The admin's own password change. While the session must first replace the default password (the
 * server allows it nothing else), the screen says so, stands alone (no menu, no calls the server
 * would refuse) with only a way to sign out, and a successful change goes on to the dashboard.
 */
export function ChangePasswordPage() {
  const forced = usePasswordChangeRequired();
  const navigate = useNavigate();
  const { form, error, busy, submit } = useServerForm<{ oldPassword: string; newPassword: string; confirm: string }>();
  const onFinish = async (v: { oldPassword: string; newPassword: string }) => {
    const reply = await submit(() =>
      authApi.changePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword }),
    );
    if (reply.statusCode === 200) {
      toast.success(reply.message);
      if (forced) navigate('/app', { replace: true });
      else form.resetFields();
    }
  };
  return (
    <AuthCard title="Change Password" error={error}>
      {forced && <Alert type="warning" showIcon title={DEFAULT_PASSWORD_NOTICE} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          label="Current password"
          name="oldPassword"
          rules={[{ required: true, message: 'Current password is required' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields name="newPassword" />
        <Button type="primary" htmlType="submit" block loading={busy}>
          Change password
        </Button>
      </Form>
      {forced && (
        <p style={{ marginTop: 16 }}>
          <Button
            type="link"
            style={{ padding: 0 }}
            onClick={() => void authApi.logout().then(() => navigate('/login', { replace: true }))}
          >
            Sign out
          </Button>
        </p>
      )}
    </AuthCard>
  );
}
