import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_TEAM_MESSAGES, emit } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { actorOf } from '../audit/audit';
import type { AuthenticatedAdmin } from '../auth/authenticate';
import type { AuthLimits } from '../auth/limits';
import { getAdminProfile } from '../auth/profile';
import { adminRow, changeAdminRole, deactivateAdmin, listAdmins, reactivateAdmin } from './admins';
import { acceptInvite, cancelInvite, inviteAdmin, listInvites, resendInvite, verifyInvite } from './invites';
import { createRole, listRoles, updateRole } from './roles';
import { listSessions, revokeAnySession, revokeOtherSessions, revokeOwnSession } from './sessions';

const signedIn = (request: FastifyRequest): AuthenticatedAdmin => request.admin as AuthenticatedAdmin;

/** The team of admins: accounts, invitations, roles and sessions (issue 28). */
export function adminsRoutes(ctx: AppContext, limits: AuthLimits) {
  return async (app: FastifyInstance) => {
    const adminsChanged = (_id: string) => emit('adminsChanged', { _id });
    const sessionsOf = (adminId: string) => emit('sessionsChanged', { _id: adminId });

    route(app, 'getAdmins', async (req) => {
      const { rows, ...total } = await listAdmins(ctx.db, req.query);
      return { message: 'Admins', data: rows, ...total };
    });

    route(app, 'getAdminInvites', async () => {
      const data = await listInvites(ctx.db);
      return { message: 'Invitations', data, total: data.length };
    });
    route(app, 'inviteAdmin', async (req) => {
      const data = await inviteAdmin(ctx, actorOf(req), req.body);
      return { message: ADMIN_TEAM_MESSAGES.invited(data.email), data, events: [adminsChanged(data._id)] };
    });
    route(app, 'resendAdminInvite', async (req) => {
      const data = await resendInvite(ctx, actorOf(req), req.query.id);
      return { message: ADMIN_TEAM_MESSAGES.inviteResent(data.email), data, events: [adminsChanged(data._id)] };
    });
    route(app, 'cancelAdminInvite', async (req) => {
      await cancelInvite(ctx.db, actorOf(req), req.query.id);
      return { message: ADMIN_TEAM_MESSAGES.inviteCancelled, events: [adminsChanged(req.query.id)] };
    });
    route(app, 'verifyAdminInvite', async (req) => ({
      message: 'Invitation',
      data: await verifyInvite(ctx.db, limits, req.query.token, req.ip),
    }));
    route(app, 'acceptAdminInvite', async (req) => {
      const id = await acceptInvite(ctx.db, limits, req.body, req.ip);
      return { message: ADMIN_TEAM_MESSAGES.inviteAccepted, events: [adminsChanged(id)] };
    });

    route(app, 'changeAdminRole', async (req) => {
      const { id } = req.query;
      const changed = await changeAdminRole(ctx.db, actorOf(req), id, req.body.roleId);
      const data = await adminRow(ctx.db, id);
      // Their open tabs adopt the new role's permissions at once (the event goes to their own room).
      const events = changed ? [adminsChanged(id), emit('adminUpdated', await getAdminProfile(ctx.db, id))] : [];
      return { message: ADMIN_TEAM_MESSAGES.roleChanged, data, events };
    });
    route(app, 'deactivateAdmin', async (req) => {
      const { id } = req.query;
      const changed = await deactivateAdmin(ctx.db, actorOf(req), id);
      // Committed: every socket of theirs, on every instance, ends now.
      if (changed) ctx.realtime.disconnectAdmin(id);
      const data = await adminRow(ctx.db, id);
      return { message: ADMIN_TEAM_MESSAGES.deactivated, data, events: changed ? [adminsChanged(id)] : [] };
    });
    route(app, 'reactivateAdmin', async (req) => {
      const { id } = req.query;
      const changed = await reactivateAdmin(ctx.db, actorOf(req), id);
      const data = await adminRow(ctx.db, id);
      return { message: ADMIN_TEAM_MESSAGES.reactivated, data, events: changed ? [adminsChanged(id)] : [] };
    });

    route(app, 'getAdminSessions', async (req) => {
      const { adminId } = req.query;
      await adminRow(ctx.db, adminId); // 404 for an admin that does not exist, not an empty list
      const data = await listSessions(ctx.db, adminId, signedIn(req).sessionId);
      return { message: 'Sessions', data, total: data.length };
    });
    route(app, 'revokeAdminSession', async (req) => {
      const owner = await revokeAnySession(ctx, actorOf(req), req.query.id);
      // Their tabs, and every Owner's view of the admins (an open sessions dialog included), refresh.
      return {
        message: ADMIN_TEAM_MESSAGES.sessionEnded,
        events: [sessionsOf(owner), emit('adminsChanged', { _id: owner })],
      };
    });
    route(app, 'revokeSession', async (req) => {
      const actor = actorOf(req);
      await revokeOwnSession(ctx, actor, req.query.id);
      return { message: ADMIN_TEAM_MESSAGES.sessionEnded, events: [sessionsOf(actor.adminId)] };
    });
    route(app, 'revokeOtherSessions', async (req) => {
      const actor = actorOf(req);
      const count = await revokeOtherSessions(ctx, actor, signedIn(req).sessionId);
      return {
        message: ADMIN_TEAM_MESSAGES.otherSessionsEnded(count),
        data: { count },
        events: count ? [sessionsOf(actor.adminId)] : [],
      };
    });

    route(app, 'getRoles', async () => {
      const data = await listRoles(ctx.db);
      return { message: 'Roles', data, total: data.length };
    });
    route(app, 'createRole', async (req) => {
      const data = await createRole(ctx.db, actorOf(req), req.body);
      return { message: ADMIN_TEAM_MESSAGES.roleCreated, data, events: [adminsChanged(data._id)] };
    });
    route(app, 'updateRole', async (req) => {
      const { role, changed, profiles } = await updateRole(ctx.db, actorOf(req), req.query.id, req.body);
      const events = changed
        ? [adminsChanged(role._id), ...profiles.map((profile) => emit('adminUpdated', profile))]
        : [];
      return { message: ADMIN_TEAM_MESSAGES.roleUpdated, data: role, events };
    });
  };
}
