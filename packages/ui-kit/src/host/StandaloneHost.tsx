import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useNavigate, type RouteObject } from '@backoffice/ui-kit/router';
import { Button, Layout, Menu, Space, Typography } from '@backoffice/ui-kit/antd';
import { connectSocket, disconnectSocket, useAuthUser } from '@backoffice/shared-api/runtime';
import { AuthCard, HostRoot, LOGOUT_PATH, SignInForm, SignOut } from '@backoffice/ui-kit/auth';
import { AppProviders } from './AppProviders';
import { ChangePasswordForm } from './ChangePasswordForm';

export interface StandaloneArea {
  /** The route under /app (and /), e.g. 'fans'. */
  path: string;
  label: string;
  element: ReactNode;
}

function Shell({ title, areas }: { title: string; areas: StandaloneArea[] }) {
  const user = useAuthUser();
  const navigate = useNavigate();
  const signedIn = !!user && !user.passwordChangeRequired && !user.secondFactorEnrollmentRequired;
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
  // Likewise a session whose role needs a second factor not set up yet; the shell's screen sets it up.
  if (user.secondFactorEnrollmentRequired) {
    return (
      <AuthCard title="Set up two-factor sign-in first">
        <p>
          Your role requires two-factor sign-in. Set it up in the back office (Setting, then Two-factor sign-in), then
          sign in here again.
        </p>
        <Button onClick={() => navigate(LOGOUT_PATH)}>Sign out</Button>
      </AuthCard>
    );
  }
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
          <Button onClick={() => navigate(LOGOUT_PATH)}>Logout</Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}

/** The areas under /app and at /, as the shell serves them; any other path opens the first area. */
function routesOf(title: string, areas: StandaloneArea[]): RouteObject[] {
  const areaRoutes = () => areas.map((a): RouteObject => ({ path: `${a.path}/*`, element: a.element }));
  return [
    // Outside the layout: signing out shows no screen, and lands on the sign-in form.
    { path: LOGOUT_PATH, element: <SignOut then="/" /> },
    {
      element: (
        <AppProviders>
          <Shell title={title} areas={areas} />
        </AppProviders>
      ),
      children: [
        { path: '/app', children: areaRoutes() },
        ...areaRoutes(),
        { path: '*', element: <Navigate to={`/app/${areas[0]?.path ?? ''}`} replace /> },
      ],
    },
  ];
}

/**
 * A minimal host so a remote's team can run its screens alone against the API, with the same
 * providers, session and URLs as inside the shell (the screens cannot tell the difference).
 */
export function StandaloneHost({ title, areas }: { title: string; areas: StandaloneArea[] }) {
  const [routes] = useState(() => routesOf(title, areas));
  return <HostRoot routes={routes} />;
}
