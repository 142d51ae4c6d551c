import type { Kysely } from 'kysely';
import {
  PERMISSIONS,
  SELF,
  type EndpointPermission,
  type Permission,
  type SeededRoleKey,
} from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';

/** The id of a seeded role, as a subquery an insert can take as a value: `role_id: roleByKey(db, 'support')`. */
export const roleByKey = (db: Kysely<DB>, key: SeededRoleKey) =>
  db.selectFrom('roles').select('id').where('key', '=', key).limit(1);

/**
 * What a role grants: an Owner everything, permissions added after it was written included; any
 * other role what its row lists, of the permissions this server knows.
 */
export function permissionsOf(role: { key: string | null; permissions: readonly string[] }): Permission[] {
  if (role.key === 'owner') return [...PERMISSIONS];
  return PERMISSIONS.filter((p) => role.permissions.includes(p));
}

/** Whether a role's grants allow an endpoint's permission ('self' is every signed-in admin's). */
export const allows = (granted: readonly Permission[], needed: EndpointPermission): boolean =>
  needed === SELF || granted.includes(needed);

/** What the server reads of an admin's role to answer for them. */
export interface RoleOfAdmin {
  id: string;
  key: string | null;
  name: string;
  permissions: Permission[];
  requiresSecondFactor: boolean;
}

/** The role an admin has now. */
export async function roleOf(db: Kysely<DB>, roleId: string): Promise<RoleOfAdmin> {
  const r = await db
    .selectFrom('roles')
    .select(['id', 'key', 'name', 'permissions', 'requires_second_factor'])
    .where('id', '=', roleId)
    .executeTakeFirstOrThrow();
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    permissions: permissionsOf(r),
    requiresSecondFactor: r.requires_second_factor,
  };
}
