import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { authApi, type SignInBody } from '@backoffice/shared-api';

/**
 * Email and password sign-in with field validation and the server's message. The shell's sign-in
 * screen and every remote's standalone host use this one form.
 */
export function SignInForm({ title = 'Sign in', onSignedIn }: { title?: string; onSignedIn?: () => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<SignInBody>();

  const submit = async (values: SignInBody) => {
    setBusy(true);
    setError(undefined);
    const reply = await authApi.signIn({ email: values.email.trim(), password: values.password });
    setBusy(false);
    if (reply.statusCode === 200) {
      onSignedIn?.();
      return;
    }
    if (reply.errors) {
      form.setFields(
        Object.entries(reply.errors).map(([name, msg]) => ({ name: name as keyof SignInBody, errors: [msg] })),
      );
    }
    setError(reply.message);
  };

  return (
    <Card style={{ maxWidth: 400, margin: '10vh auto' }}>
      <Typography.Title level={3}>{title}</Typography.Title>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Email is required' },
            { type: 'email', message: 'Enter a valid email address' },
          ]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Sign in
        </Button>
      </Form>
    </Card>
  );
}
