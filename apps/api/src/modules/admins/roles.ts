import { sql, type Kysely, type Selectable } from 'kysely';
import {
  ADMIN_TEAM_MESSAGES,
  PERMISSIONS,
  PROFILE_MESSAGES,
  SELF,
  type AdminProfile,
  type EndpointPermission,
  type Permission,
  type RoleBody,
  type RoleRow,
  type SeededRoleKey,
} from '@backoffice/shared-api/contract';
import type { DB, RolesTable } from '../../db/schema';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { changes, recordAudit, type Actor } from '../audit/audit';
import { toAdminProfile } from '../auth/profile';

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

// ---------------------------------------------------------------------------------------------
// Setting → Roles: what each role grants, edited by those who manage admins.

/** The unique index on roles.name (citext: names compare case-insensitively). */
const ROLE_NAME_KEY = 'roles_name_key';

/**
 * How many admins of a role an edit pushes their new profile to at once. Their permissions are read
 * afresh on every request whatever this is; beyond it, open tabs adopt the change at their next
 * reload of the profile instead of at once.
 */
export const ROLE_PUSH_LIMIT = 1_000;

const roleNameTaken = () => conflict(ADMIN_TEAM_MESSAGES.roleNameTaken, { name: ADMIN_TEAM_MESSAGES.roleNameTaken });

type RoleDbRow = Pick<Selectable<RolesTable>, 'id' | 'key' | 'name' | 'permissions' | 'requires_second_factor'>;

function toRoleRow(r: RoleDbRow, adminCount: number): RoleRow {
  return {
    _id: r.id,
    key: r.key,
    name: r.name,
    permissions: permissionsOf(r),
    requiresSecondFactor: r.requires_second_factor,
    adminCount,
  };
}

const activeAdminsOf = sql<number>`(SELECT count(*) FROM admins AS a WHERE a.role_id = r.id AND a.status = 'active')`;

/** Every role, by name, with how many active admins have it (admins_role serves each count). */
export async function listRoles(db: Kysely<DB>): Promise<RoleRow[]> {
  const rows = await db
    .selectFrom('roles as r')
    .select(['r.id', 'r.key', 'r.name', 'r.permissions', 'r.requires_second_factor', activeAdminsOf.as('admin_count')])
    .orderBy('r.name')
    .execute();
  return rows.map((r) => toRoleRow(r, Number(r.admin_count)));
}

async function roleRow(db: Kysely<DB>, id: string): Promise<RoleRow | undefined> {
  const r = await db
    .selectFrom('roles as r')
    .select(['r.id', 'r.key', 'r.name', 'r.permissions', 'r.requires_second_factor', activeAdminsOf.as('admin_count')])
    .where('r.id', '=', id)
    .executeTakeFirst();
  return r ? toRoleRow(r, Number(r.admin_count)) : undefined;
}

/** A role's name and permissions as they are stored: trimmed, in PERMISSIONS order. */
function valuesOf(body: RoleBody) {
  const name = body.name.trim();
  if (!name) throw badRequest(PROFILE_MESSAGES.required, { name: PROFILE_MESSAGES.required });
  return {
    name,
    permissions: PERMISSIONS.filter((p) => body.permissions.includes(p)),
    requiresSecondFactor: body.requiresSecondFactor,
  };
}

export async function createRole(db: Kysely<DB>, actor: Actor, body: RoleBody): Promise<RoleRow> {
  const v = valuesOf(body);
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('roles')
        .values({
          name: v.name,
          permissions: sql<string[]>`${sql.val(v.permissions)}::text[]`,
          requires_second_factor: v.requiresSecondFactor,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        action: 'role.created',
        actorId: actor.adminId,
        recordType: 'role',
        recordId: id,
        ip: actor.ip,
        after: { name: v.name, permissions: v.permissions, requiresSecondFactor: v.requiresSecondFactor },
      });
      return (await roleRow(trx, id))!;
    });
  } catch (err) {
    if (uniqueViolation(err) === ROLE_NAME_KEY) throw roleNameTaken();
    throw err;
  }
}

/**
 * Saves a role's name, permissions and second-factor setting. The Owner role always grants every
 * permission (the server reads its key, not its list): a body that grants it less is refused, and
 * its name and second-factor setting may change. Answers the role and the profiles of (up to
 * ROLE_PUSH_LIMIT of) its active admins, for their open tabs, when anything changed.
 */
export async function updateRole(
  db: Kysely<DB>,
  actor: Actor,
  roleId: string,
  body: RoleBody,
): Promise<{ role: RoleRow; changed: boolean; profiles: AdminProfile[] }> {
  const v = valuesOf(body);
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('roles')
        .select(['id', 'key', 'name', 'permissions', 'requires_second_factor'])
        .where('id', '=', roleId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound(ADMIN_TEAM_MESSAGES.roleNotFound);
      const isOwner = before.key === 'owner';
      if (isOwner && v.permissions.length !== PERMISSIONS.length) throw conflict(ADMIN_TEAM_MESSAGES.ownerRoleFixed);
      const granted = permissionsOf(before);
      const added = v.permissions.filter((p) => !granted.includes(p));
      const removed = granted.filter((p) => !v.permissions.includes(p));
      const diff = changes(
        { name: before.name, requiresSecondFactor: before.requires_second_factor },
        { name: v.name, requiresSecondFactor: v.requiresSecondFactor },
      );
      const changed = Object.keys(diff.after).length > 0 || added.length > 0 || removed.length > 0;
      if (changed) {
        await trx
          .updateTable('roles')
          .set({
            name: v.name,
            requires_second_factor: v.requiresSecondFactor,
            // The Owner's stored list stays as it is: what it grants is every permission, by its key.
            ...(isOwner ? {} : { permissions: sql<string[]>`${sql.val(v.permissions)}::text[]` }),
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', roleId)
          .execute();
        await recordAudit(trx, {
          action: 'role.updated',
          actorId: actor.adminId,
          recordType: 'role',
          recordId: roleId,
          ip: actor.ip,
          before: { ...diff.before, ...(removed.length ? { permissions: removed } : {}) },
          after: { ...diff.after, ...(added.length ? { permissions: added } : {}) },
        });
      }
      const role = (await roleRow(trx, roleId))!;
      if (!changed) return { role, changed, profiles: [] };
      const admins = await trx
        .selectFrom('admins')
        .selectAll()
        .where('role_id', '=', roleId)
        .where('status', '=', 'active')
        .orderBy('id')
        .limit(ROLE_PUSH_LIMIT)
        .execute();
      const now = await roleOf(trx, roleId);
      return { role, changed, profiles: admins.map((a) => toAdminProfile(a, now)) };
    });
  } catch (err) {
    if (uniqueViolation(err) === ROLE_NAME_KEY) throw roleNameTaken();
    throw err;
  }
}
