import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@backoffice/ui-kit/router';
import { AppProviders, Button, Flex, Input, LoadingOverlay, Typography, ErrorState } from '@backoffice/ui-kit';
import { Form, NewPasswordFields, PROFILE_RULES, useServerForm } from '@backoffice/ui-kit/forms';
import { AuthCard } from '@backoffice/ui-kit/auth';
import { ADMIN_TEAM_MESSAGES, callEndpoint, type AdminInviteInfo } from '@backoffice/shared-api';
import { PROFILE_LIMITS } from '@backoffice/shared-api/profile';
import { toast } from '@backoffice/shared-api/runtime';

interface AcceptValues {
  firstName: string;
  lastName: string;
  password: string;
  confirm: string;
}

type Check =
  { state: 'checking' } | { state: 'valid'; invite: AdminInviteInfo } | { state: 'invalid'; message: string };

/**
 * The page an invitation's email links to (/accept-invite?token=…), outside the sign-in gate like
 * the reset page and loaded only when opened: the link is checked first (an invalid one says so,
 * with the way to sign in), then the invitee gives their names and chooses a password, and signs in.
 */
export const AcceptInvitePage = () => (
  <AppProviders>
    <AcceptInvite />
  </AppProviders>
);

function AcceptInvite() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const { form, error, busy, submit } = useServerForm<AcceptValues>();

  useEffect(() => {
    if (!token) {
      setCheck({ state: 'invalid', message: ADMIN_TEAM_MESSAGES.inviteInvalid });
      return;
    }
    let current = true;
    void callEndpoint('verifyAdminInvite', { query: { token } }).then((r) => {
      if (!current) return;
      setCheck(
        r.statusCode === 200 && r.data
          ? { state: 'valid', invite: r.data }
          : { state: 'invalid', message: r.message || ADMIN_TEAM_MESSAGES.inviteInvalid },
      );
    });
    return () => {
      current = false;
    };
  }, [token]);

  if (check.state === 'checking') return <LoadingOverlay tip="Checking your invitation…" />;
  if (check.state === 'invalid') {
    return (
      <main>
        <ErrorState title={check.message} action={<Link to="/login">Go to sign in</Link>} />
      </main>
    );
  }
  const { invite } = check;
  const onFinish = async ({ firstName, lastName, password }: AcceptValues) => {
    const reply = await submit(() =>
      callEndpoint('acceptAdminInvite', {
        body: { token, firstName: firstName.trim(), lastName: lastName.trim(), password },
      }),
    );
    if (reply.statusCode === 200) {
      toast.success(reply.message || ADMIN_TEAM_MESSAGES.inviteAccepted);
      navigate('/login', { replace: true });
    }
  };
  return (
    <AuthCard title="Join the Back Office" error={error}>
      <Flex vertical gap={4} style={{ marginBottom: 16 }}>
        <Typography.Text>
          Email: <Typography.Text strong>{invite.email}</Typography.Text>
        </Typography.Text>
        <Typography.Text>
          Role: <Typography.Text strong>{invite.roleName}</Typography.Text>
        </Typography.Text>
      </Flex>
      <Form<AcceptValues>
        form={form}
        layout="vertical"
        name="accept-invite"
        onFinish={onFinish}
        requiredMark={false}
        initialValues={{ firstName: invite.firstName, lastName: invite.lastName }}
      >
        <Form.Item name="firstName" label="First name" rules={PROFILE_RULES.firstName}>
          <Input maxLength={PROFILE_LIMITS.nameMax} autoComplete="given-name" autoFocus />
        </Form.Item>
        <Form.Item name="lastName" label="Last name" rules={PROFILE_RULES.lastName}>
          <Input maxLength={PROFILE_LIMITS.nameMax} autoComplete="family-name" />
        </Form.Item>
        {/* A password manager files the new password under this email. */}
        <input type="email" name="username" autoComplete="username" value={invite.email} readOnly hidden />
        <NewPasswordFields name="password" />
        <Button type="primary" htmlType="submit" block loading={busy}>
          Create my account
        </Button>
      </Form>
      <p style={{ marginTop: 16 }}>
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
