import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ADMIN_TEAM_MESSAGES,
  AUTH_MESSAGES,
  INVITE_TTL_HOURS,
  PROFILE_MESSAGES,
  type AcceptAdminInviteBody,
  type AdminInviteInfo,
  type AdminInviteRow,
  type InviteAdminBody,
} from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { DEFAULT_ADMIN_PASSWORD } from '../../config';
import type { DB } from '../../db/schema';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/http-errors';
import { iso } from '../../lib/list';
import { recordAudit, type Actor } from '../audit/audit';
import type { AuthLimits } from '../auth/limits';
import { hashPassword } from '../auth/passwords';
import { hashResetToken, newResetToken } from '../auth/tokens';
import { renderTemplate } from '../mail/mailer';
import { queueEmail } from '../mail/outbox';
import { isAdminEmail } from './admins';

/** One open invitation per address (migration 0017): a second invite replaces the first. */
const OPEN_EMAIL_KEY = 'admin_invites_open_email';
/** The unique constraint on admins.email. */
const ADMIN_EMAIL_KEY = 'admins_email_key';

const alreadyAdmin = () => conflict(ADMIN_TEAM_MESSAGES.alreadyAdmin, { email: ADMIN_TEAM_MESSAGES.alreadyAdmin });
const inviteInvalid = () => badRequest(ADMIN_TEAM_MESSAGES.inviteInvalid, { token: ADMIN_TEAM_MESSAGES.inviteInvalid });

/** The name of the role an invitation is for, as its audit rows record it. */
const roleName = async (db: Kysely<DB>, roleId: string) =>
  (await db.selectFrom('roles').select('name').where('id', '=', roleId).executeTakeFirstOrThrow()).name;

const expiry = () => sql<Date>`now() + make_interval(hours => ${INVITE_TTL_HOURS})`;

const invitesFrom = (db: Kysely<DB>) => db.selectFrom('admin_invites as v');
type InvitesFrom = ReturnType<typeof invitesFrom>;

const inviteColumns = (from: InvitesFrom) =>
  from
    .innerJoin('roles as r', 'r.id', 'v.role_id')
    .leftJoin('admins as i', 'i.id', 'v.invited_by')
    .select([
      'v.id',
      'v.email',
      'v.first_name',
      'v.last_name',
      'v.created_at',
      'v.expires_at',
      'r.id as role_id',
      'r.name as role_name',
      'i.id as inviter_id',
      'i.first_name as inviter_first_name',
      'i.last_name as inviter_last_name',
      sql<boolean>`v.expires_at <= now()`.as('expired'),
    ])
    .where('v.accepted_at', 'is', null)
    .where('v.cancelled_at', 'is', null);

type InviteDbRow = Awaited<ReturnType<ReturnType<typeof inviteColumns>['executeTakeFirstOrThrow']>>;

function toInviteRow(r: InviteDbRow): AdminInviteRow {
  return {
    _id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    role: { _id: r.role_id, name: r.role_name },
    invitedBy: r.inviter_id
      ? { _id: r.inviter_id, firstName: r.inviter_first_name ?? '', lastName: r.inviter_last_name ?? '' }
      : null,
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
    expired: Boolean(r.expired),
  };
}

/** Invitations neither accepted nor cancelled, newest first (one per address: a short list). */
export async function listInvites(db: Kysely<DB>): Promise<AdminInviteRow[]> {
  const rows = await inviteColumns(invitesFrom(db)).orderBy('v.created_at', 'desc').orderBy('v.id', 'desc').execute();
  return rows.map(toInviteRow);
}

async function openInvite(db: Kysely<DB>, id: string): Promise<AdminInviteRow> {
  const r = await inviteColumns(invitesFrom(db)).where('v.id', '=', id).executeTakeFirst();
  if (!r) throw notFound(ADMIN_TEAM_MESSAGES.inviteNotFound);
  return toInviteRow(r);
}

/**
 * Queues the email with the link, in the transaction that stores the link's hash: the link leaves
 * only if it works. The token is in the link only: never logged, never stored but in the email's
 * outbox row, which is emptied once the email is sent.
 */
async function queueInvite(
  ctx: AppContext,
  trx: Transaction<DB>,
  invite: AdminInviteRow,
  token: string,
): Promise<void> {
  const inviter = invite.invitedBy ? `${invite.invitedBy.firstName} ${invite.invitedBy.lastName}`.trim() : '';
  const mail = await renderTemplate(trx, 'admin-invite', {
    firstName: invite.firstName || 'there',
    inviteLink: `${ctx.config.publicUrl}/accept-invite?token=${encodeURIComponent(token)}`,
    invitedBy: inviter || 'An administrator',
    roleName: invite.role.name,
    expiresInHours: String(INVITE_TTL_HOURS),
  });
  await queueEmail(ctx, trx, { to: invite.email, ...mail });
}

/**
 * Invites an address with a role: a single-use link valid INVITE_TTL_HOURS, stored as its SHA-256
 * only. An open invitation to the same address is cancelled by the same transaction; of two sent
 * at once, the unique index on open invitations makes the later one try again and replace the other.
 */
export async function inviteAdmin(ctx: AppContext, actor: Actor, body: InviteAdminBody): Promise<AdminInviteRow> {
  const email = body.email.trim().toLowerCase();
  const firstName = (body.firstName ?? '').trim();
  const lastName = (body.lastName ?? '').trim();
  const role = await ctx.db.selectFrom('roles').select(['id', 'name']).where('id', '=', body.roleId).executeTakeFirst();
  if (!role) throw badRequest(ADMIN_TEAM_MESSAGES.unknownRole, { roleId: ADMIN_TEAM_MESSAGES.unknownRole });
  if (await isAdminEmail(ctx.db, email)) throw alreadyAdmin();

  const { token, hash } = newResetToken();
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const replaced = await trx
          .updateTable('admin_invites')
          .set({ cancelled_at: sql<Date>`now()` })
          .where('email', '=', email)
          .where('accepted_at', 'is', null)
          .where('cancelled_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        const { id } = await trx
          .insertInto('admin_invites')
          .values({
            email,
            first_name: firstName,
            last_name: lastName,
            role_id: role.id,
            invited_by: actor.adminId,
            token_hash: hash,
            expires_at: expiry(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, {
          action: 'admin.invited',
          actorId: actor.adminId,
          recordType: 'adminInvite',
          recordId: id,
          ip: actor.ip,
          after: {
            email,
            role: role.name,
            firstName,
            lastName,
            ...(replaced ? { replacedInviteId: replaced.id } : {}),
          },
        });
        const invite = await openInvite(trx, id);
        await queueInvite(ctx, trx, invite, token);
        return invite;
      });
    } catch (err) {
      if (uniqueViolation(err) === OPEN_EMAIL_KEY && attempt < 3) continue;
      throw err;
    }
  }
}

/** A new link and INVITE_TTL_HOURS more for an open invitation; the old link stops working. */
export async function resendInvite(ctx: AppContext, actor: Actor, id: string): Promise<AdminInviteRow> {
  const { token, hash } = newResetToken();
  return ctx.db.transaction().execute(async (trx) => {
    const invite = await trx
      .updateTable('admin_invites')
      .set({ token_hash: hash, expires_at: expiry() })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .returning(['email', 'role_id'])
      .executeTakeFirst();
    if (!invite) throw notFound(ADMIN_TEAM_MESSAGES.inviteNotFound);
    // Someone made them an admin meanwhile (the command line): no link for an account that exists.
    if (await isAdminEmail(trx, invite.email)) throw alreadyAdmin();
    await recordAudit(trx, {
      action: 'admin.inviteResent',
      actorId: actor.adminId,
      recordType: 'adminInvite',
      recordId: id,
      ip: actor.ip,
      after: { email: invite.email, role: await roleName(trx, invite.role_id) },
    });
    const open = await openInvite(trx, id);
    await queueInvite(ctx, trx, open, token);
    return open;
  });
}

/** Cancels an open invitation: its link stops working. The address it was for. */
export async function cancelInvite(db: Kysely<DB>, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const invite = await trx
      .updateTable('admin_invites')
      .set({ cancelled_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .returning(['email', 'role_id'])
      .executeTakeFirst();
    if (!invite) throw notFound(ADMIN_TEAM_MESSAGES.inviteNotFound);
    await recordAudit(trx, {
      action: 'admin.inviteCancelled',
      actorId: actor.adminId,
      recordType: 'adminInvite',
      recordId: id,
      ip: actor.ip,
      after: { email: invite.email, role: await roleName(trx, invite.role_id) },
    });
  });
}

/**
 * Counts a try at an invitation's token per address in the budget of the reset-token endpoints:
 * both are guesses at a secret link, and one budget for both leaves a guesser no more tries.
 */
async function countTry(limits: AuthLimits, ip: string): Promise<void> {
  const { wait } = await limits.resetPerIp.take(ip);
  if (wait > 0) throw tooManyRequests(ADMIN_TEAM_MESSAGES.tooManyAttempts, wait);
}

/** What the invitation page shows, when its link still works (open, unexpired, for no admin yet). */
export async function verifyInvite(
  db: Kysely<DB>,
  limits: AuthLimits,
  token: string,
  ip: string,
): Promise<AdminInviteInfo> {
  await countTry(limits, ip);
  const r = await db
    .selectFrom('admin_invites as v')
    .innerJoin('roles as r', 'r.id', 'v.role_id')
    .select(['v.email', 'v.first_name', 'v.last_name', 'v.expires_at', 'r.name as role_name'])
    .where('v.token_hash', '=', hashResetToken(token))
    .where('v.accepted_at', 'is', null)
    .where('v.cancelled_at', 'is', null)
    .where('v.expires_at', '>', sql<Date>`now()`)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('admins as a').select('a.id').whereRef('a.email', '=', 'v.email'))),
    )
    .executeTakeFirst();
  if (!r) throw inviteInvalid();
  return {
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    roleName: r.role_name,
    expiresAt: iso(r.expires_at),
  };
}

/**
 * Creates the invitee's account from the invitation: the role it names, invited by whoever sent it.
 * The token is claimed and spent by one statement, so a second use (or two at once) finds nothing.
 * The new admin's id, for the event.
 */
export async function acceptInvite(
  db: Kysely<DB>,
  limits: AuthLimits,
  body: AcceptAdminInviteBody,
  ip: string,
): Promise<string> {
  await countTry(limits, ip);
  const firstName = body.firstName.trim();
  const lastName = body.lastName.trim();
  const errors: Record<string, string> = {};
  if (!firstName) errors.firstName = PROFILE_MESSAGES.required;
  if (!lastName) errors.lastName = PROFILE_MESSAGES.required;
  // The documented default is public: nobody chooses it.
  if (body.password === DEFAULT_ADMIN_PASSWORD) errors.password = AUTH_MESSAGES.defaultPasswordRefused;
  const [first] = Object.values(errors);
  if (first) throw badRequest(first, errors);

  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const invite = await trx
        .updateTable('admin_invites')
        .set({ accepted_at: sql<Date>`now()` })
        .where('token_hash', '=', hashResetToken(body.token))
        .where('accepted_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['id', 'email', 'role_id', 'invited_by'])
        .executeTakeFirst();
      if (!invite) throw inviteInvalid();
      const { id } = await trx
        .insertInto('admins')
        .values({
          email: invite.email,
          first_name: firstName,
          last_name: lastName,
          password_hash: passwordHash,
          role_id: invite.role_id,
          invited_by: invite.invited_by,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('admin_invites').set({ admin_id: id }).where('id', '=', invite.id).execute();
      await recordAudit(trx, {
        action: 'admin.inviteAccepted',
        actorId: id,
        recordType: 'admin',
        recordId: id,
        ip,
        after: {
          email: invite.email,
          role: await roleName(trx, invite.role_id),
          invitedBy: invite.invited_by,
          inviteId: invite.id,
        },
      });
      return id;
    });
  } catch (err) {
    if (uniqueViolation(err) === ADMIN_EMAIL_KEY) throw alreadyAdmin();
    throw err;
  }
}
