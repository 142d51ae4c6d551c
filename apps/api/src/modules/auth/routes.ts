import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  SECOND_FACTOR_MESSAGES,
  emit,
  type AdminProfile,
} from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { AuthService } from './service';
import { createAuthLimits, type AuthLimits } from './limits';
import type { AuthenticatedAdmin } from './authenticate';
import { updateAvailability } from './profile';
import { listSessions } from '../admins/sessions';
import { secondFactorRoutes } from './second-factor-routes';

const adminOf = (request: FastifyRequest): AuthenticatedAdmin => request.admin as AuthenticatedAdmin;

export function authRoutes(ctx: AppContext, limits: AuthLimits = createAuthLimits()) {
  const auth = new AuthService(ctx, limits);
  return async (app: FastifyInstance) => {
    secondFactorRoutes(app, ctx, auth, limits);
    // The admin's other tabs list their sessions: a sign-in, a logout or a password change ends or adds one.
    const sessionsOf = (adminId: string) => [emit('sessionsChanged', { _id: adminId })];
    route(app, 'signIn', async (req) => {
      const data = await auth.signIn(req.body.email, req.body.password, req.ip, req.headers['user-agent']);
      // With a second factor no session opens yet: verifySecondFactor opens it, and says so.
      if ('secondFactorRequired' in data) return { message: SECOND_FACTOR_MESSAGES.challenge, data };
      return { message: AUTH_MESSAGES.signedIn, data, events: sessionsOf(data._id) };
    });
    route(app, 'getSessions', async (req) => {
      const admin = adminOf(req);
      const data = await listSessions(ctx.db, admin.id, admin.sessionId);
      return { message: 'Sessions', data, total: data.length };
    });
    route(app, 'getUserProfile', async (req) => ({
      message: 'Profile',
      data: await auth.profile(adminOf(req).id),
    }));
    // The admin's other tabs (the header's name, the availability switch) follow without a reload.
    const toOwnTabs = (profile: AdminProfile) => [emit('adminUpdated', profile)];
    route(app, 'updateAdminProfile', async (req) => {
      const data = await auth.updateProfile(adminOf(req), req.body, req.ip);
      return { message: ADMIN_MESSAGES.profileUpdated, data, events: toOwnTabs(data) };
    });
    route(app, 'updateAvailability', async (req) => {
      const data = await updateAvailability(ctx.db, adminOf(req).id, req.body.availabilityStatus, req.ip);
      const message = data.availabilityStatus === '1' ? ADMIN_MESSAGES.nowAvailable : ADMIN_MESSAGES.nowUnavailable;
      return { message, data, events: toOwnTabs(data) };
    });
    route(app, 'forgotPassword', async (req) => {
      await auth.forgotPassword(req.body.email, req.ip);
      return { message: AUTH_MESSAGES.forgotPassword };
    });
    route(app, 'verifyResetPasswordToken', async (req) => {
      await auth.verifyResetToken(req.query.token, req.ip);
      return { message: AUTH_MESSAGES.resetTokenValid };
    });
    route(app, 'resetPassword', async (req) => {
      await auth.resetPassword(req.body.token, req.body.password, req.ip);
      return { message: AUTH_MESSAGES.passwordReset };
    });
    route(app, 'changePassword', async (req) => ({
      message: AUTH_MESSAGES.passwordChanged,
      data: await auth.changePassword(adminOf(req), req.body.oldPassword, req.body.newPassword, req.ip),
      events: sessionsOf(adminOf(req).id),
    }));
    route(app, 'logout', async (req) => {
      await auth.logout(adminOf(req), req.ip);
      return { message: AUTH_MESSAGES.loggedOut, events: sessionsOf(adminOf(req).id) };
    });
  };
}
