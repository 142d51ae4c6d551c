import type { ReactNode } from 'react';
import { MENU_GROUPS, SCREENS, mountOf, type Screen } from '@backoffice/shared-api';
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
    const entry: MenuEntry = { key: s.key, label: s.menu, path: s.path };
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

/** The menu entry a path belongs to, for highlighting (sub-routes highlight their list). */
export function selectedKey(pathUnderBase: string): string {
  const owner = routeAt(
    SCREENS.map((s) => ({ ...s, path: mountOf(s) })),
    pathUnderBase,
  );
  if (owner) return owner.within ?? owner.key;
  return pathUnderBase.split('/').filter(Boolean)[0] || 'dashboard';
}
