/**
 * What an admin may do, named once: each endpoint of the contract needs one (or 'self', what every
 * signed-in admin may do to their own account), the server checks it before the handler runs, and
 * the shell's menu, each screen and each button read the same names. A role is a set of them.
 */
export const PERMISSIONS = [
  'dashboard.read',
  'people.read',
  'people.write',
  'calls.read',
  'payments.read',
  'payments.write',
  'payments.export',
  'payouts.decide',
  'catalog.read',
  'catalog.write',
  'templates.edit',
  'notifications.read',
  'notifications.send',
  'audit.read',
  'admins.read',
  'admins.manage',
  'platform.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What every signed-in admin may do to their own account (profile, password, sessions, second factor). */
export const SELF = 'self';

export const PERMISSION_LABELS: Record<Permission, string> = {
  'dashboard.read': 'See the dashboard',
  'people.read': 'See fans, influencers and requests',
  'people.write': 'Change fans and influencers, decide requests',
  'calls.read': 'See calls',
  'payments.read': 'See payments, payout requests and payment methods',
  'payments.write': 'Change payment methods',
  'payments.export': 'Export transactions',
  'payouts.decide': 'Approve and reject payouts',
  'catalog.read': 'See discount codes, redemptions and email templates',
  'catalog.write': 'Change discount codes',
  'templates.edit': 'Edit email templates',
  'notifications.read': 'See notifications',
  'notifications.send': 'Send notifications and mark them read',
  'audit.read': 'Read the audit log',
  'admins.read': 'See admins, roles and sessions',
  'admins.manage': 'Invite and manage admins and roles',
  'platform.manage': 'Release remotes and manage the platform',
};

/** The roles every install starts with (a table: an Owner changes them in Setting → Roles). */
export const SEEDED_ROLES = [
  // Every permission, those added later too (the server reads the key).
  { key: 'owner', name: 'Owner', requiresSecondFactor: true, permissions: [...PERMISSIONS] },
  {
    key: 'finance',
    name: 'Finance',
    requiresSecondFactor: true,
    permissions: ['dashboard.read', 'payments.read', 'payments.write', 'payments.export', 'payouts.decide'],
  },
  {
    key: 'support',
    name: 'Support',
    requiresSecondFactor: false,
    permissions: [
      'dashboard.read',
      'people.read',
      'people.write',
      'calls.read',
      'payments.read',
      'notifications.read',
      'notifications.send',
    ],
  },
  {
    key: 'content',
    name: 'Content',
    requiresSecondFactor: false,
    permissions: [
      'dashboard.read',
      'catalog.read',
      'catalog.write',
      'templates.edit',
      'notifications.read',
      'notifications.send',
    ],
  },
  {
    key: 'auditor',
    name: 'Auditor',
    requiresSecondFactor: false,
    permissions: PERMISSIONS.filter((p) => p.endsWith('.read')),
  },
] as const satisfies ReadonlyArray<{
  key: string;
  name: string;
  requiresSecondFactor: boolean;
  permissions: readonly Permission[];
}>;
export type SeededRoleKey = (typeof SEEDED_ROLES)[number]['key'];
