import type { ReactNode } from 'react';
import { MENU_GROUPS, SCREENS, mountOf, type EndpointPermission, type Screen } from '@backoffice/shared-api';
import { routeAt } from './useBase';
import {
  BellOutlined,
  DashboardOutlined,
  DollarOutlined,
  MailOutlined,
  PhoneOutlined,
  SettingOutlined,
  StarOutlined,
  TagsOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@backoffice/ui-kit';

export interface MenuEntry {
  key: string;
  label: string;
  /** What the admin's role must grant for the entry to show (a group: any of its entries'). */
  permission?: EndpointPermission;
  icon?: ReactNode;
  /** path under the base ('' is the dashboard) */
  path?: string;
  children?: MenuEntry[];
}

/** Each menu entry's icon; the entries, their labels and order are the table of screens'. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  fans: <TeamOutlined />,
  influencers: <StarOutlined />,
  requests: <UserAddOutlined />,
  calls: <PhoneOutlined />,
  payments: <DollarOutlined />,
  notifications: <BellOutlined />,
  emailTemplates: <MailOutlined />,
  discountCodes: <TagsOutlined />,
  setting: <SettingOutlined />,
};

/** The side menu in the spec's order (section 2): the table's screens with a menu label, grouped. */
function menuOf(screens: readonly Screen[]): MenuEntry[] {
  const menu: MenuEntry[] = [];
  for (const s of screens) {
    if (!s.menu) continue;
    const entry: MenuEntry = { key: s.key, label: s.menu, path: s.path, permission: s.permission };
    if (!s.group) {
      menu.push({ ...entry, icon: ICONS[s.key] });
      continue;
    }
    let group = menu.find((m) => m.key === s.group);
    if (!group) {
      group = { key: s.group, label: MENU_GROUPS[s.group] ?? s.group, icon: ICONS[s.group], children: [] };
      menu.push(group);
    }
    group.children!.push(entry);
  }
  return menu;
}

export const MENU: MenuEntry[] = menuOf(SCREENS);

/**
 * The menu an admin sees: the entries their role opens, and a group while one of its entries is
 * left. What the server would refuse is not offered.
 */
export function menuFor(allowed: (permission: EndpointPermission) => boolean, entries = MENU): MenuEntry[] {
  return entries.flatMap((e) => {
    if (!e.children) return !e.permission || allowed(e.permission) ? [e] : [];
    const children = menuFor(allowed, e.children);
    return children.length ? [{ ...e, children }] : [];
  });
}

/** The screen a path under the base shows (a record's page included), for its title and permission. */
export function screenAt(pathUnderBase: string): Screen | undefined {
  const found = routeAt(
    SCREENS.map((s) => ({ path: mountOf(s), screen: s })),
    pathUnderBase,
  )?.screen;
  if (found) return found;
  // The dashboard's route is the base itself.
  return pathUnderBase.split('/').some(Boolean) ? undefined : SCREENS.find((s) => s.path === '');
}

/** The menu entry a path belongs to, for highlighting (sub-routes highlight their list). */
export function selectedKey(pathUnderBase: string): string {
  const owner = screenAt(pathUnderBase);
  if (owner) return owner.within ?? owner.key;
  return pathUnderBase.split('/').filter(Boolean)[0] || 'dashboard';
}
