import type { ReactNode } from 'react';
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

/** The side menu in the spec's order (section 2). */
export const MENU: MenuEntry[] = [
  { key: 'dashboard', label: 'Dashboard', icon: <DashboardOutlined />, path: '' },
  { key: 'fans', label: 'Fans', icon: <TeamOutlined />, path: 'fans' },
  { key: 'influencers', label: 'Influencers', icon: <StarOutlined />, path: 'influencers' },
  { key: 'requests', label: 'Requests', icon: <UserAddOutlined />, path: 'requests' },
  { key: 'calls', label: 'Manage calls', icon: <PhoneOutlined />, path: 'calls' },
  {
    key: 'payments',
    label: 'Manage Payments',
    icon: <DollarOutlined />,
    children: [
      { key: 'transactions', label: 'Transactions', path: 'transactions' },
      { key: 'payouts-requests', label: 'Payouts Request', path: 'payouts-requests' },
      { key: 'payment-methods', label: 'Payment Methods', path: 'payment-methods' },
      { key: 'payouts-history', label: 'Payouts History', path: 'payouts-history' },
    ],
  },
  { key: 'notifications', label: 'Notifications', icon: <BellOutlined />, path: 'notifications' },
  { key: 'email-templates', label: 'Email Templates', icon: <MailOutlined />, path: 'email-templates' },
  {
    key: 'manage-discount-codes',
    label: 'Manage Discount Codes',
    icon: <TagsOutlined />,
    path: 'manage-discount-codes',
  },
  { key: 'setting', label: 'Setting', icon: <SettingOutlined />, path: 'setting' },
];

/** The menu entry a path belongs to, for highlighting (sub-routes highlight their list). */
export function selectedKey(pathUnderBase: string): string {
  const first = pathUnderBase.split('/').filter(Boolean)[0] ?? '';
  if (first === 'details') return 'fans';
  if (first === 'manage-cupon-history') return 'manage-discount-codes';
  return first || 'dashboard';
}
