import { useEffect } from 'react';
import { useNavigate } from '@backoffice/ui-kit/router';
import { authApi, screen } from '@backoffice/shared-api/start';
import { markScreenDrawn } from '@backoffice/shared-api/runtime';
import { AppProviders, Button, Card, Flex, Typography } from '@backoffice/ui-kit';
import { SettingScreen } from '../SettingScreen';
import { TwoFactorSetup } from './TwoFactorSetup';

const TITLE = screen('secondFactor').title;

/** Setting → Two-factor sign-in (/app/setting/two-factor). */
export function SecondFactorPage() {
  return (
    <SettingScreen title={TITLE} loading={false}>
      <TwoFactorSetup />
    </SettingScreen>
  );
}

/**
 * The same screen for a session that must set up a second factor before anything else (its role
 * needs one): alone, outside the layout, whose menu, bell and screens would only meet refusals,
 * with a way to sign out instead.
 */
export function SecondFactorAlone() {
  const navigate = useNavigate();
  useEffect(() => markScreenDrawn(), []);
  return (
    <AppProviders>
      <main style={{ maxWidth: 640, margin: '5vh auto', padding: 16 }}>
        <Card
          title={
            <Typography.Title level={4} style={{ margin: 0 }}>
              {TITLE}
            </Typography.Title>
          }
          extra={
            <Button type="link" onClick={() => void authApi.logout().then(() => navigate('/login', { replace: true }))}>
              Sign out
            </Button>
          }
        >
          <Flex vertical gap={16}>
            <TwoFactorSetup />
          </Flex>
        </Card>
      </main>
    </AppProviders>
  );
}
