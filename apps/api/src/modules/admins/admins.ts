import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ADMIN_TEAM_MESSAGES,
  type AdminListQuery,
  type AdminRow,
  type AdminSort,
} from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import {
  containsPattern,
  ilike,
  iso,
  isoOrNull,
  listPage,
  listParamsOf,
  type ListPage,
  type SortKey,
} from '../../lib/list';
import { recordAudit, type Actor } from '../audit/audit';

/**
 * The columns each sort of the Admins list orders by, each with its index of migration 0017:
 * admins_created, admins_name, and for email the unique index on it (email alone is unique).
 */
const SORTS: Record<AdminSort, readonly string[]> = {
  createdAt: ['a.created_at', 'a.id'],
  name: ['a.first_name', 'a.last_name', 'a.id'],
  email: ['a.email'],
};

const adminsFrom = (db: Kysely<DB>) => db.selectFrom('admins as a');
type AdminsFrom = ReturnType<typeof adminsFrom>;

/** Everything a line of the list shows, joined to one admin row (`a`). */
const adminColumns = (from: AdminsFrom) =>
  from
    .innerJoin('roles as r', 'r.id', 'a.role_id')
    .leftJoin('admins as i', 'i.id', 'a.invited_by')
    .select([
      'a.id',
      'a.first_name',
      'a.last_name',
      'a.email',
      'a.status',
      'a.totp_enabled_at',
      'a.created_at',
      'r.id as role_id',
      'r.name as role_name',
      'i.id as inviter_id',
      'i.first_name as inviter_first_name',
      'i.last_name as inviter_last_name',
      // One probe of admin_sessions_admin_seen per line of the page.
      sql<Date | null>`(SELECT max(s.last_seen_at) FROM admin_sessions AS s WHERE s.admin_id = a.id)`.as(
        'last_active_at',
      ),
    ]);

interface AdminDbRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: 'active' | 'inactive';
  totp_enabled_at: Date | null;
  created_at: Date;
  role_id: string;
  role_name: string;
  inviter_id: string | null;
  inviter_first_name: string | null;
  inviter_last_name: string | null;
  last_active_at: Date | string | null;
}

function toAdminRow(r: AdminDbRow): AdminRow {
  return {
    _id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    role: { _id: r.role_id, name: r.role_name },
    status: r.status,
    secondFactorEnabled: r.totp_enabled_at !== null,
    createdAt: iso(r.created_at),
    lastActiveAt: isoOrNull(r.last_active_at),
    invitedBy: r.inviter_id
      ? { _id: r.inviter_id, firstName: r.inviter_first_name ?? '', lastName: r.inviter_last_name ?? '' }
      : null,
  };
}

/**
 * The Admins list, through the server's one list helper. A search matches the email and "first
 * last" (admins_email_trgm, admins_full_name_trgm); status and role narrow it.
 */
export async function listAdmins(db: Kysely<DB>, q: AdminListQuery): Promise<ListPage<AdminRow>> {
  const params = listParamsOf(q);
  let filtered = adminsFrom(db);
  if (params.search) {
    const p = containsPattern(params.search);
    filtered = filtered.where((eb) =>
      eb.or([ilike('a.email', p), sql<boolean>`(a.first_name || ' ' || a.last_name) ILIKE ${p}`]),
    );
  }
  if (q.status) filtered = filtered.where('a.status', '=', q.status);
  if (q.roleId) filtered = filtered.where('a.role_id', '=', q.roleId);
  const sort: SortKey[] = SORTS[q.sortBy ?? 'createdAt'].map((c) => ({ by: sql.ref(c) }));
  return listPage({
    db,
    params,
    filtered,
    table: adminsFrom(db),
    id: 'a.id',
    sort,
    rows: adminColumns,
    estimate: !params.search,
    toRow: toAdminRow,
  });
}

/** One admin as a line of the list. */
export async function adminRow(db: Kysely<DB>, id: string): Promise<AdminRow> {
  const r = await adminColumns(adminsFrom(db)).where('a.id', '=', id).executeTakeFirst();
  if (!r) throw notFound(ADMIN_TEAM_MESSAGES.adminNotFound);
  return toAdminRow(r);
}

/** An email is an admin's whatever its letter case (admins.email is citext). */
export async function isAdminEmail(db: Kysely<DB>, email: string): Promise<boolean> {
  return Boolean(await db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst());
}

interface LockedTarget {
  id: string;
  email: string;
  status: 'active' | 'inactive';
  roleId: string;
  roleName: string;
  /** An active Owner whom no other active Owner would outlive: never deactivated nor demoted. */
  isLastOwner: boolean;
  ownerRoleId: string;
}

/**
 * Locks every active Owner and then the target, in one order for every caller (the Owners by id,
 * then the target), so that of two Owners demoting or deactivating each other at once the second
 * waits for the first and then sees one Owner left. A row the first changed no longer matches when
 * the second's lock is granted (PostgreSQL re-checks it), so the second counts what is committed.
 * FOR NO KEY UPDATE: the sign-ins and audit rows that point at an admin are not held up.
 */
async function lockTarget(trx: Transaction<DB>, actor: Actor, id: string): Promise<LockedTarget> {
  if (id === actor.adminId) throw conflict(ADMIN_TEAM_MESSAGES.notYourself);
  const owner = await trx.selectFrom('roles').select('id').where('key', '=', 'owner').executeTakeFirstOrThrow();
  const owners = await trx
    .selectFrom('admins')
    .select('id')
    .where('role_id', '=', owner.id)
    .where('status', '=', 'active')
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  const target = await trx
    .selectFrom('admins as a')
    .innerJoin('roles as r', 'r.id', 'a.role_id')
    .select(['a.id', 'a.email', 'a.status', 'a.role_id', 'r.name as role_name'])
    .where('a.id', '=', id)
    .forNoKeyUpdate('a')
    .executeTakeFirst();
  if (!target) throw notFound(ADMIN_TEAM_MESSAGES.adminNotFound);
  const isOwner = owners.some((o) => o.id === id);
  return {
    id: target.id,
    email: target.email,
    status: target.status,
    roleId: target.role_id,
    roleName: target.role_name,
    isLastOwner: isOwner && owners.length <= 1,
    ownerRoleId: owner.id,
  };
}

/** Gives an admin another role; whether it changed (the same role again changes and records nothing). */
export async function changeAdminRole(db: Kysely<DB>, actor: Actor, id: string, roleId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, actor, id);
    const role = await trx.selectFrom('roles').select(['id', 'name']).where('id', '=', roleId).executeTakeFirst();
    if (!role) throw badRequest(ADMIN_TEAM_MESSAGES.unknownRole, { roleId: ADMIN_TEAM_MESSAGES.unknownRole });
    if (role.id === target.roleId) return false;
    if (target.isLastOwner && role.id !== target.ownerRoleId) throw conflict(ADMIN_TEAM_MESSAGES.lastOwner);
    await trx
      .updateTable('admins')
      .set({ role_id: role.id, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      action: 'admin.roleChanged',
      actorId: actor.adminId,
      recordType: 'admin',
      recordId: id,
      ip: actor.ip,
      before: { role: target.roleName },
      after: { role: role.name },
    });
    return true;
  });
}

/**
 * Deactivates an admin and ends every session of theirs, and every invitation they sent that is
 * still open, in the same transaction; the caller drops their sockets once it is committed.
 * Whether it changed anything (an inactive admin stays so).
 */
export async function deactivateAdmin(db: Kysely<DB>, actor: Actor, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, actor, id);
    if (target.status === 'inactive') return false;
    if (target.isLastOwner) throw conflict(ADMIN_TEAM_MESSAGES.lastOwner);
    await trx
      .updateTable('admins')
      .set({ status: 'inactive', updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    const ended = await trx
      .updateTable('admin_sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('admin_id', '=', id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    // Nobody joins through an account that is closed: the invitations it sent die with it.
    const invites = await trx
      .updateTable('admin_invites')
      .set({ cancelled_at: sql<Date>`now()` })
      .where('invited_by', '=', id)
      .where('accepted_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .returning('id')
      .execute();
    await recordAudit(trx, {
      action: 'admin.deactivated',
      actorId: actor.adminId,
      recordType: 'admin',
      recordId: id,
      ip: actor.ip,
      before: { status: 'active' },
      after: { status: 'inactive', sessionsEnded: ended.length, invitesCancelled: invites.length },
    });
    return true;
  });
}

/** Lets a deactivated admin sign in again; whether it changed anything. */
export async function reactivateAdmin(db: Kysely<DB>, actor: Actor, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, actor, id);
    if (target.status === 'active') return false;
    await trx
      .updateTable('admins')
      .set({ status: 'active', updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      action: 'admin.reactivated',
      actorId: actor.adminId,
      recordType: 'admin',
      recordId: id,
      ip: actor.ip,
      before: { status: 'inactive' },
      after: { status: 'active' },
    });
    return true;
  });
}
