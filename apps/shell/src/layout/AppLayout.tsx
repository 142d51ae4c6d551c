import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useNavigate } from '@backoffice/ui-kit/router';
import {
  AppProviders,
  Button,
  Dropdown,
  Grid,
  Layout,
  LockOutlined,
  LOGOUT_PATH,
  LogoutOutlined,
  Menu,
  MenuOutlined,
  TeamOutlined,
  Space,
  Tag,
  Typography,
  UserOutlined,
  theme,
  visuallyHidden,
} from '@backoffice/ui-kit';
import { linkTo, type PlainScreenKey } from '@backoffice/shared-api';
import { can, connectSocket, disconnectSocket, useAuthUser } from '@backoffice/shared-api/runtime';
import { AvailabilityBadge, ThemeToggle } from './HeaderStatus';
import { menuFor, selectedKey, type MenuEntry } from './menu';
import { ScreenAccess } from './ScreenAccess';
import { NotificationBell } from './NotificationBell';
import { useBase } from './useBase';
import { OverrideBanner } from '../remotes/OverrideBanner';
import { CHANGE_PASSWORD_PATH } from '../auth/AuthGate';

function menuItems(entries: MenuEntry[], base: '/app' | ''): NonNullable<Parameters<typeof Menu>[0]['items']> {
  return entries.map((e) =>
    e.children
      ? { key: e.key, icon: e.icon, label: e.label, children: menuItems(e.children, base) }
      : { key: e.key, icon: e.icon, label: <Link to={linkTo(base, e.key as PlainScreenKey)}>{e.label}</Link> },
  );
}

/**
 * Header, side menu, content and footer around every signed-in screen, inside the antd and
 * react-query providers that the shell's screens and every remote rendered here use.
 */
export function AppLayout() {
  return (
    <AppProviders>
      <SignedInLayout />
    </AppProviders>
  );
}

function SignedInLayout() {
  const user = useAuthUser();
  const navigate = useNavigate();
  const { base, pathUnderBase } = useBase();
  const screens = Grid.useBreakpoint();
  const small = !screens.lg;
  // Below antd's sm (576 px) the header's words do not fit on one line.
  const narrow = screens.sm === false;
  const [menuOpen, setMenuOpen] = useState(false);
  const siderRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { token } = theme.useToken();

  useEffect(() => {
    connectSocket();
    return () => disconnectSocket();
  }, []);

  // On small screens the menu closes on a click outside it.
  useEffect(() => {
    if (!small || !menuOpen) return;
    const close = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!siderRef.current?.contains(t) && !toggleRef.current?.contains(t)) setMenuOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [small, menuOpen]);

  // Rebuilt when the role changes (an Owner's change reaches this tab over the socket).
  const menu = useMemo(() => menuFor((p) => can(p, user)), [user]);
  const selected = selectedKey(pathUnderBase);
  const openPayments = menu.find((m) => m.key === 'payments')?.children?.some((c) => c.key === selected) ?? false;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* On small screens a closed menu is not rendered at all: out of sight and out of the tab order. */}
      {(!small || menuOpen) && (
        <Layout.Sider
          ref={siderRef}
          trigger={null}
          width={240}
          style={small ? { position: 'fixed', zIndex: 20, height: '100vh', left: 0, top: 0 } : undefined}
        >
          {/* The side menu is dark in both themes, so its title is light in both. */}
          <Typography.Title level={4} style={{ color: token.colorTextLightSolid, padding: '16px 24px', margin: 0 }}>
            Back Office
          </Typography.Title>
          <nav aria-label="Main menu">
            <Menu
              theme="dark"
              mode="inline"
              selectedKeys={[selected]}
              defaultOpenKeys={openPayments ? ['payments'] : []}
              items={menuItems(menu, base)}
              // Choosing an item without a submenu closes the menu on small screens.
              onClick={() => small && setMenuOpen(false)}
            />
          </nav>
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            padding: '0 16px',
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Space>
            {small && (
              <Button
                ref={toggleRef}
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                aria-expanded={menuOpen}
                icon={<MenuOutlined />}
                onClick={() => setMenuOpen((o) => !o)}
              />
            )}
          </Space>
          <Space size={narrow ? 'small' : 'middle'}>
            <ThemeToggle />
            {/* The bell counts what the notifications screen lists: shown to a role that may see it. */}
            {can('notifications.read', user) && <NotificationBell />}
            <AvailabilityBadge compact={narrow} />
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  // The header keeps the spec's "Admin"; the menu says which role this admin has.
                  ...(user?.role
                    ? [{ key: 'role', icon: <TeamOutlined />, label: `Role: ${user.role.name}`, disabled: true }]
                    : []),
                  { key: 'change-password', icon: <LockOutlined />, label: 'Change Password' },
                  { key: 'logout', icon: <LogoutOutlined />, label: 'Logout' },
                ],
                // Both are navigations, so that unsaved changes are asked about before the session ends.
                onClick: ({ key }) => navigate(key === 'change-password' ? CHANGE_PASSWORD_PATH : LOGOUT_PATH),
              }}
            >
              {/* Named by what it shows, with what it is before it: an aria-label in place of the visible
                  greeting would leave a speech-input user saying words the button does not answer to. */}
              <Button type="text" icon={<UserOutlined aria-hidden />}>
                <span style={visuallyHidden}>Account menu: </span>
                {/* A phone's header has room for the role, not the greeting: it is then for screen readers only. */}
                <span style={narrow ? visuallyHidden : undefined}>
                  Hello, {user?.firstName} {user?.lastName}
                </span>
                <Tag color="blue" style={{ marginLeft: 8 }}>
                  Admin
                </Tag>
              </Button>
            </Dropdown>
          </Space>
        </Layout.Header>
        <OverrideBanner />
        {/* At least a screen tall: the footer starts below the fold, so a screen's rows arriving do
            not push it from mid-screen (a layout shift on every list's first load). */}
        <Layout.Content style={{ margin: 16, minHeight: 'calc(100vh - 64px - 32px)' }}>
          <ScreenAccess>
            <Outlet />
          </ScreenAccess>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }}>
          Copyright © {new Date().getFullYear()} Back Office. All rights reserved.
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
