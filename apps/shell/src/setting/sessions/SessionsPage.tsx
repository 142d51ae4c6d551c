import { Button, ErrorState, Flex, LogoutOutlined, Typography } from '@backoffice/ui-kit';
import { SettingScreen } from '../SettingScreen';
import { SessionsTable } from './SessionsTable';
import { useSessions } from './useSessions';

/**
 * Setting → Sessions (/app/setting/sessions): where this admin is signed in (browser, address,
 * signed in, last seen), this page's session tagged; each other one can be signed out, or all of
 * them at once.
 */
export function SessionsPage() {
  const c = useSessions();
  return (
    <SettingScreen
      title="Sessions"
      loading={c.loading}
      extra={
        <Button
          danger
          icon={<LogoutOutlined aria-hidden />}
          disabled={c.others === 0}
          loading={c.signingOutOthers}
          onClick={c.signOutOthers}
        >
          Sign out everywhere else
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Each browser you are signed in to. Sign out any you do not recognise, then change your password.
        </Typography.Paragraph>
        {c.error ? (
          <ErrorState title="Your sessions could not be loaded" message={c.error} onRetry={c.retry} />
        ) : (
          <SessionsTable
            caption="Your sessions"
            rows={c.rows}
            loading={c.loading}
            onSignOut={c.signOut}
            pendingId={c.pendingId}
          />
        )}
      </Flex>
    </SettingScreen>
  );
}
