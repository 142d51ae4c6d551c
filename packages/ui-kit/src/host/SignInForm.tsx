import { Button, Form, Input } from '@backoffice/ui-kit/antd-core';
import { authApi, type SignInBody } from '@backoffice/shared-api';
import { AuthCard, EmailField, useServerForm } from './AuthForm';

/**
 * Email and password sign-in with field validation and the server's message. The shell's sign-in
 * screen and every remote's standalone host use this one form.
 */
export function SignInForm({ title = 'Sign in', onSignedIn }: { title?: string; onSignedIn?: () => void }) {
  const { form, error, busy, submit } = useServerForm<SignInBody>();
  const onFinish = async (values: SignInBody) => {
    const reply = await submit(() => authApi.signIn({ email: values.email.trim(), password: values.password }));
    if (reply.statusCode === 200) onSignedIn?.();
  };
  return (
    <AuthCard title={title} error={error}>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <EmailField autoComplete="username" />
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Sign in
        </Button>
      </Form>
    </AuthCard>
  );
}
