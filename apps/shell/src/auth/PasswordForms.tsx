import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, LoadingOverlay, Result, Typography } from '@backoffice/ui-kit';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, authApi, toast, type Reply } from '@backoffice/shared-api';

const passwordRules = [
  { required: true, message: 'Password is required' },
  { min: PASSWORD_MIN_LENGTH, message: `Use at least ${PASSWORD_MIN_LENGTH} characters` },
  { max: PASSWORD_MAX_LENGTH, message: `Use at most ${PASSWORD_MAX_LENGTH} characters` },
];

/** Shows the server's field errors on their fields and its message above the form. */
function useServerErrors<T extends object>() {
  const [form] = Form.useForm<T>();
  const [message, setMessage] = useState<string>();
  const apply = (reply: Reply<unknown>) => {
    setMessage(reply.message);
    if (reply.errors) {
      form.setFields(Object.entries(reply.errors).map(([name, errors]) => ({ name: name as never, errors: [errors] })));
    }
  };
  return { form, message, setMessage, apply };
}

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card style={{ maxWidth: 420, margin: '10vh auto' }}>
      <Typography.Title level={3}>{title}</Typography.Title>
      {children}
    </Card>
  );
}

export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { form, message, setMessage, apply } = useServerErrors<{ email: string }>();
  const submit = async ({ email }: { email: string }) => {
    setBusy(true);
    setMessage(undefined);
    const reply = await authApi.forgotPassword({ email: email.trim() });
    setBusy(false);
    if (reply.statusCode === 200) setSent(reply.message);
    else apply(reply);
  };
  return (
    <Page title="Forgot password">
      {sent ? (
        <Alert type="success" showIcon message={sent} role="status" />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          {message && <Alert type="error" showIcon message={message} style={{ marginBottom: 16 }} role="alert" />}
          <Form.Item
            label="Email"
            name="email"
            rules={[
              { required: true, message: 'Email is required' },
              { type: 'email', message: 'Enter a valid email address' },
            ]}
          >
            <Input autoComplete="email" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            Send reset link
          </Button>
        </Form>
      )}
      <p style={{ marginTop: 16 }}>
        <Link to="/login">Back to sign in</Link>
      </p>
    </Page>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [check, setCheck] = useState<'checking' | 'valid' | string>('checking');
  const [busy, setBusy] = useState(false);
  const { form, message, setMessage, apply } = useServerErrors<{ password: string; confirm: string }>();

  // The link is checked before the form shows, so an expired link says so at once.
  useEffect(() => {
    if (!token) {
      setCheck('This password reset link is invalid or has expired.');
      return;
    }
    void authApi.verifyResetPasswordToken(token).then((r) => setCheck(r.statusCode === 200 ? 'valid' : r.message));
  }, [token]);

  if (check === 'checking') return <LoadingOverlay tip="Checking your link…" />;
  if (check !== 'valid') {
    return <Result status="warning" title={check} extra={<Link to="/forgot-password">Ask for a new link</Link>} />;
  }
  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    setMessage(undefined);
    const reply = await authApi.resetPassword({ token, password });
    setBusy(false);
    if (reply.statusCode === 200) {
      toast.success(reply.message);
      navigate('/login', { replace: true });
    } else apply(reply);
  };
  return (
    <Page title="Choose a new password">
      {message && <Alert type="error" showIcon message={message} style={{ marginBottom: 16 }} role="alert" />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="New password" name="password" rules={passwordRules}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Confirm the new password' },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('The passwords do not match')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Reset password
        </Button>
      </Form>
    </Page>
  );
}

export function ChangePasswordPage() {
  const [busy, setBusy] = useState(false);
  const { form, message, setMessage, apply } = useServerErrors<{
    oldPassword: string;
    newPassword: string;
    confirm: string;
  }>();
  const submit = async (v: { oldPassword: string; newPassword: string }) => {
    setBusy(true);
    setMessage(undefined);
    const reply = await authApi.changePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword });
    setBusy(false);
    if (reply.statusCode === 200) {
      toast.success(reply.message);
      form.resetFields();
    } else apply(reply);
  };
  return (
    <Page title="Change Password">
      {message && <Alert type="error" showIcon message={message} style={{ marginBottom: 16 }} role="alert" />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label="Current password"
          name="oldPassword"
          rules={[{ required: true, message: 'Current password is required' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="New password" name="newPassword" rules={passwordRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirm"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: 'Confirm the new password' },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                !v || v === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error('The passwords do not match')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Change password
        </Button>
      </Form>
    </Page>
  );
}
