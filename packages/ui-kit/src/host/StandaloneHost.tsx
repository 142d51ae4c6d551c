import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes } from 'react-router-dom';
import { Button, Layout, Menu, Space, Typography } from '@backoffice/ui-kit/antd';
import { authApi, connectSocket, disconnectSocket, useAuthUser } from '@backoffice/shared-api';
import { ChangePasswordForm } from './ChangePasswordForm';
import { HostRoot } from './HostRoot';
import { SignInForm } from './SignInForm';

export interface StandaloneArea {
  /** The route under /app (and /), e.g. 'fans'. */
  path: string;
  label: string;
  element: ReactNode;
}

function Shell({ title, areas }: { title: string; areas: StandaloneArea[] }) {
  const user = useAuthUser();
  const signedIn = !!user && !user.passwordChangeRequired;
  // As in the shell: live updates (new requests, notifications) reach a remote run on its own too.
  useEffect(() => {
    if (!signedIn) return;
    connectSocket();
    return () => disconnectSocket();
  }, [signedIn]);
  if (!user) return <SignInForm title={`${title}: sign in`} />;
  // The server allows a session with the default password nothing but its change: ask for it here
  // too, so that a team running its remote alone is not met by refusals on every screen.
  if (user.passwordChangeRequired) return <ChangePasswordForm />;
  const routes = areas.map((a) => <Route key={a.path} path={`${a.path}/*`} element={a.element} />);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <Typography.Text style={{ color: '#fff' }} strong>
          {title} (standalone)
        </Typography.Text>
        <Menu
          theme="dark"
          mode="horizontal"
          style={{ flex: 1 }}
          items={areas.map((a) => ({ key: a.path, label: <Link to={`/app/${a.path}`}>{a.label}</Link> }))}
        />
        <Space>
          <Typography.Text style={{ color: '#fff' }}>
            {user.firstName} {user.lastName}
          </Typography.Text>
          <Button onClick={() => void authApi.logout()}>Logout</Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Routes>
          <Route path="/app">{routes}</Route>
          {routes}
          <Route path="*" element={<Navigate to={`/app/${areas[0]?.path ?? ''}`} replace />} />
        </Routes>
      </Layout.Content>
    </Layout>
  );
}

/**
 * A minimal host so a remote's team can run its screens alone against the API, with the same
 * providers, session and URLs as inside the shell (the screens cannot tell the difference).
 */
export function StandaloneHost({ title, areas }: { title: string; areas: StandaloneArea[] }) {
  return (
    <HostRoot>
      <Shell title={title} areas={areas} />
    </HostRoot>
  );
}
