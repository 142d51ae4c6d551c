import { Type, type Static } from '@sinclair/typebox';
import { endpoint, serverEvent } from './endpoint';
import { Id, IdQuery, ListQuery, Ok, OkEmpty, OkList, Timestamp } from './common';
import { AdminSessionRow, Permissions, RoleRef } from './auth';
import { AdminRef } from './people';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import { ADMIN_SORTS, ADMIN_STATUSES, ROLE_LIMITS } from '../constants/admins';
import { PROFILE_LIMITS } from '../constants/profile';

export * from '../constants/admins';

export const AdminStatus = Type.Union(ADMIN_STATUSES.map((s) => Type.Literal(s)));

const Email = Type.String({ format: 'email', maxLength: 254 });
const Name = Type.String({ maxLength: PROFILE_LIMITS.nameMax });
/** Invitation tokens are 32 random bytes in base64url: 43 characters. */
const InviteToken = Type.String({ minLength: 20, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });

/** One line of Setting → Admins. */
export const AdminRow = Type.Object(
  {
    _id: Id,
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    role: RoleRef,
    status: AdminStatus,
    secondFactorEnabled: Type.Boolean(),
    createdAt: Timestamp,
    /** When a session of theirs last made a request (to the minute); null before any sign-in. */
    lastActiveAt: Type.Union([Timestamp, Type.Null()]),
    /** Who invited them; null for an admin created from the command line or the seed. */
    invitedBy: Type.Union([AdminRef, Type.Null()]),
  },
  { additionalProperties: false },
);
export type AdminRow = Static<typeof AdminRow>;

export const AdminListQuery = ListQuery(ADMIN_SORTS, 'createdAt', {
  status: Type.Optional(AdminStatus),
  roleId: Type.Optional(Id),
});
export type AdminListQuery = Static<typeof AdminListQuery>;

/** An invitation not yet accepted nor cancelled (expired ones too, to resend). */
export const AdminInviteRow = Type.Object(
  {
    _id: Id,
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    role: RoleRef,
    invitedBy: Type.Union([AdminRef, Type.Null()]),
    createdAt: Timestamp,
    expiresAt: Timestamp,
    expired: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type AdminInviteRow = Static<typeof AdminInviteRow>;

export const InviteAdminBody = Type.Object(
  {
    email: Email,
    firstName: Type.Optional(Name),
    lastName: Type.Optional(Name),
    roleId: Id,
  },
  { additionalProperties: false },
);
export type InviteAdminBody = Static<typeof InviteAdminBody>;

export const ChangeAdminRoleBody = Type.Object({ roleId: Id }, { additionalProperties: false });
export type ChangeAdminRoleBody = Static<typeof ChangeAdminRoleBody>;

/** What the invitation page shows before the invitee chooses a password. */
export const AdminInviteInfo = Type.Object(
  {
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    roleName: Type.String(),
    expiresAt: Timestamp,
  },
  { additionalProperties: false },
);
export type AdminInviteInfo = Static<typeof AdminInviteInfo>;

export const InviteTokenQuery = Type.Object({ token: InviteToken }, { additionalProperties: false });

export const AcceptAdminInviteBody = Type.Object(
  {
    token: InviteToken,
    firstName: Type.String({ minLength: 1, maxLength: PROFILE_LIMITS.nameMax }),
    lastName: Type.String({ minLength: 1, maxLength: PROFILE_LIMITS.nameMax }),
    password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type AcceptAdminInviteBody = Static<typeof AcceptAdminInviteBody>;

/** One line of Setting → Roles. */
export const RoleRow = Type.Object(
  {
    _id: Id,
    /** The seeded role it started as (owner, finance, support, content, auditor); null for one made here. */
    key: Type.Union([Type.String(), Type.Null()]),
    name: Type.String(),
    permissions: Permissions,
    requiresSecondFactor: Type.Boolean(),
    /** Active admins with this role. */
    adminCount: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type RoleRow = Static<typeof RoleRow>;

export const RoleBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: ROLE_LIMITS.nameMax }),
    permissions: Permissions,
    requiresSecondFactor: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type RoleBody = Static<typeof RoleBody>;

export const AdminIdQuery = Type.Object({ adminId: Id }, { additionalProperties: false });

export const adminsEvents = {
  adminsChanged: serverEvent({
    name: 'admins:changed',
    summary: 'An admin was invited, joined, was deactivated or reactivated, or got another role; or a role changed',
    payload: Type.Object({ _id: Id }, { additionalProperties: false }),
    invalidates: ['admins'],
  }),
};

export const adminsEndpoints = {
  getAdmins: endpoint({
    method: 'GET',
    path: '/admin/getAll',
    auth: 'admin',
    permission: 'admins.read',
    resource: 'admins',
    summary: 'The admins, paged, searchable by name and email, sortable; filters: status, roleId',
    querystring: AdminListQuery,
    reply: OkList(AdminRow),
  }),
  getAdminInvites: endpoint({
    method: 'GET',
    path: '/admin/invites',
    auth: 'admin',
    permission: 'admins.read',
    resource: 'admins',
    summary: 'Invitations neither accepted nor cancelled, newest first (expired ones flagged)',
    reply: OkList(AdminInviteRow),
  }),
  inviteAdmin: endpoint({
    method: 'POST',
    path: '/admin/invite',
    auth: 'admin',
    permission: 'admins.manage',
    resource: 'admins',
    summary:
      'Invite an admin by email with a role: a single-use link to choose a password, valid 48 hours (a second invite to the same address replaces the first)',
    body: InviteAdminBody,
    reply: Ok(AdminInviteRow),
    emits: ['adminsChanged'],
  }),
  resendAdminInvite: endpoint({
    method: 'POST',
    path: '/admin/invite/resend',
    auth: 'admin',
    permission: 'admins.manage',
    resource: 'admins',
    summary: 'Send an invitation again with a new link (the old one stops working) and 48 more hours',
    querystring: IdQuery,
    reply: Ok(AdminInviteRow),
    emits: ['adminsChanged'],
  }),
  cancelAdminInvite: endpoint({
    method: 'POST',
    path: '/admin/invite/cancel',
    auth: 'admin',
    permission: 'admins.manage',
    resource: 'admins',
    summary: 'Cancel an invitation: its link stops working',
    querystring: IdQuery,
    reply: OkEmpty,
    emits: ['adminsChanged'],
  }),
  verifyAdminInvite: endpoint({
    method: 'GET',
    path: '/admin/invite/verify',
    auth: 'public',
    resource: 'auth',
    summary: 'Whether an invitation link still works, with the email and role it is for',
    querystring: InviteTokenQuery,
    reply: Ok(AdminInviteInfo),
  }),
  acceptAdminInvite: endpoint({
    method: 'POST',
    path: '/admin/invite/accept',
    auth: 'public',
    resource: 'auth',
    summary: "Accept an invitation: the invitee's names and password create their account; the link is spent",
    body: AcceptAdminInviteBody,
    reply: OkEmpty,
    emits: ['adminsChanged'],
  }),
  changeAdminRole: endpoint({
    method: 'PATCH',
    path: '/admin/changeRole',
    auth: 'admin',
    permission: 'admins.manage',
    resource: 'admins',
    summary: "Give an admin another role (not the last active Owner's); their open tabs follow at once",
    querystring: IdQuery,
    body: ChangeAdminRoleBody,
    reply: Ok(AdminRow),
    emits: ['adminsChanged', 'adminUpdated'],
  }),
  deactivateAdmin: endpoint({
    method: 'PATCH',
    path: '/admin/deactivate',
    auth: 'admin',
    permission: 'admins.manage',
    resource: 'admins',
    summary: 'Deactivate an admin (not oneself, not the last active Owner): every session and socket of theirs ends',
    querystring: IdQuery,
    reply: Ok(AdminRow),
    emits: ['adminsChanged'],
  }),
  reactivateAdmin: endpoint({
    method: 'PATCH',
    path: '/admin/reactivate',
    auth: 'admin',
    permission: 'admins.manage',
    resource: 'admins',
    summary: 'Reactivate a deactivated admin: they may sign in again',
    querystring: IdQuery,
    reply: Ok(AdminRow),
    emits: ['adminsChanged'],
  }),
  getAdminSessions: endpoint({
    method: 'GET',
    path: '/admin/sessions',
    auth: 'admin',
    permission: 'admins.manage',
    resource: 'admins',
    summary: "Any admin's active sessions, newest first",
    querystring: AdminIdQuery,
    reply: OkList(AdminSessionRow),
  }),
  revokeAdminSession: endpoint({
    method: 'POST',
    path: '/admin/sessions/revokeAny',
    auth: 'admin',
    permission: 'admins.manage',
    resource: 'admins',
    summary: "Sign out one of any admin's sessions (its sockets end at once)",
    querystring: IdQuery,
    reply: OkEmpty,
    emits: ['sessionsChanged', 'adminsChanged'],
  }),
  getRoles: endpoint({
    method: 'GET',
    path: '/role/getAll',
    auth: 'admin',
    permission: 'admins.read',
    resource: 'admins',
    summary:
      'The roles, by name, each with what it grants, whether it needs a second factor and how many admins have it',
    reply: OkList(RoleRow),
  }),
  createRole: endpoint({
    method: 'POST',
    path: '/role/create',
    auth: 'admin',
    permission: 'admins.manage',
    resource: 'admins',
    summary: 'Create a role from a name, its permissions and whether it needs a second factor',
    body: RoleBody,
    reply: Ok(RoleRow),
    emits: ['adminsChanged'],
  }),
  updateRole: endpoint({
    method: 'PUT',
    path: '/role/update',
    auth: 'admin',
    permission: 'admins.manage',
    resource: 'admins',
    summary:
      "Change a role's name, permissions and second-factor setting (the Owner role keeps every permission); its admins' open tabs follow at once",
    querystring: IdQuery,
    body: RoleBody,
    reply: Ok(RoleRow),
    emits: ['adminsChanged', 'adminUpdated'],
  }),
};
