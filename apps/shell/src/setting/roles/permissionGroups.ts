import { PERMISSION_LABELS, type Permission } from '@backoffice/shared-api';

export interface PermissionGroup {
  title: string;
  permissions: readonly Permission[];
}

/**
 * The permissions as an Owner thinks of them: by the part of the back office they open. Each
 * permission is in exactly one group (the test holds a permission added later to that).
 */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  { title: 'Dashboard', permissions: ['dashboard.read'] },
  { title: 'Fans, influencers and calls', permissions: ['people.read', 'people.write', 'calls.read'] },
  {
    title: 'Payments and payouts',
    permissions: ['payments.read', 'payments.write', 'payments.export', 'payouts.decide'],
  },
  { title: 'Discount codes and email templates', permissions: ['catalog.read', 'catalog.write', 'templates.edit'] },
  { title: 'Notifications', permissions: ['notifications.read', 'notifications.send'] },
  { title: 'Admins and audit', permissions: ['admins.read', 'admins.manage', 'audit.read'] },
  { title: 'Platform', permissions: ['platform.manage'] },
];

/** What a role grants, in words, in the groups' order (the server's order may differ). */
export function permissionWords(granted: readonly string[]): string[] {
  const has = new Set(granted);
  return PERMISSION_GROUPS.flatMap((g) => g.permissions.filter((p) => has.has(p)).map((p) => PERMISSION_LABELS[p]));
}

/**
 * What a permission that changes something is of no use without: the screen that shows the thing.
 * A role that may decide payouts but not see payout requests would find no button to press.
 */
export const PREREQUISITES: Partial<Record<Permission, Permission>> = {
  'people.write': 'people.read',
  'payments.write': 'payments.read',
  'payments.export': 'payments.read',
  'payouts.decide': 'payments.read',
  'catalog.write': 'catalog.read',
  'templates.edit': 'catalog.read',
  'notifications.send': 'notifications.read',
  'admins.manage': 'admins.read',
};

/**
 * The permissions after the admin ticked or cleared some (`previous` -> `next`): a ticked one brings
 * what it needs, a cleared one takes what needs it along; in the groups' order.
 */
export function withPrerequisites(next: readonly Permission[], previous: readonly Permission[]): Permission[] {
  const result = new Set(next);
  const before = new Set(previous);
  for (const p of next) {
    const needed = PREREQUISITES[p];
    if (!before.has(p) && needed) result.add(needed);
  }
  for (const p of previous) {
    if (result.has(p)) continue;
    for (const [dependent, needed] of Object.entries(PREREQUISITES)) {
      if (needed === p) result.delete(dependent as Permission);
    }
  }
  return PERMISSION_GROUPS.flatMap((g) => g.permissions.filter((p) => result.has(p)));
}
