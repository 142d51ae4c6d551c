import { Alert, Button, Input } from '@backoffice/ui-kit/antd';
import { Form } from '@backoffice/ui-kit/antd-on-demand';
import { authApi } from '@backoffice/shared-api';
import { toast, usePasswordChangeRequired } from '@backoffice/shared-api/runtime';
import { AuthCard } from './AuthCard';
import { NewPasswordFields, useServerForm } from './AuthForm';

/** What a session signed in with the documented default password is told before anything else. */
export const DEFAULT_PASSWORD_NOTICE = 'This account still has the default password. Choose a new one to continue.';

/**
 * The admin's own password change, for the shell's change-password screen and every remote's
 * standalone host. While the session must first replace the default password (the server allows
 * it nothing else), it says so and offers only a way to sign out besides.
 */
export function ChangePasswordForm({ onChanged, onSignOut }: { onChanged?: () => void; onSignOut?: () => void }) {
  const forced = usePasswordChangeRequired();
  const { form, error, busy, submit } = useServerForm<{ oldPassword: string; newPassword: string; confirm: string }>();
  const onFinish = async (v: { oldPassword: string; newPassword: string }) => {
    const reply = await submit(() =>
      authApi.changePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword }),
    );
    if (reply.statusCode === 200) {
      toast.success(reply.message);
      form.resetFields();
      onChanged?.();
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
          <Button type="link" style={{ padding: 0 }} onClick={() => void authApi.logout().then(() => onSignOut?.())}>
            Sign out
          </Button>
        </p>
      )}
    </AuthCard>
  );
}
