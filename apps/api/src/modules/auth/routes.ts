import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  SOCKET_EVENTS,
  endpoints,
  type AdminProfile,
} from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { AuthService } from './service';
import type { AuthLimits } from './limits';
import type { AuthenticatedAdmin } from './authenticate';
import { updateAvailability } from './profile';

const adminOf = (request: FastifyRequest): AuthenticatedAdmin => request.admin as AuthenticatedAdmin;

export function authRoutes(ctx: AppContext, limits?: AuthLimits) {
  const auth = new AuthService(ctx, limits);
  return async (app: FastifyInstance) => {
    route(app, endpoints.signIn, async (req) => ({
      message: AUTH_MESSAGES.signedIn,
      data: await auth.signIn(req.body.email, req.body.password, req.ip),
    }));
    route(app, endpoints.getUserProfile, async (req) => ({
      message: 'Profile',
      data: await auth.profile(adminOf(req).id),
    }));
    // The admin's other tabs (the header's name, the availability switch) follow without a reload.
    const toOwnTabs = (profile: AdminProfile) => ctx.realtime.toAdmin(profile._id, SOCKET_EVENTS.adminUpdated, profile);
    route(app, endpoints.updateAdminProfile, async (req) => {
      const data = await auth.updateProfile(adminOf(req), req.body, req.ip);
      toOwnTabs(data);
      return { message: ADMIN_MESSAGES.profileUpdated, data };
    });
    route(app, endpoints.updateAvailability, async (req) => {
      const data = await updateAvailability(ctx.db, adminOf(req).id, req.body.availabilityStatus, req.ip);
      toOwnTabs(data);
      const message = data.availabilityStatus === '1' ? ADMIN_MESSAGES.nowAvailable : ADMIN_MESSAGES.nowUnavailable;
      return { message, data };
    });
    route(app, endpoints.forgotPassword, async (req) => {
      await auth.forgotPassword(req.body.email, req.ip);
      return { message: AUTH_MESSAGES.forgotPassword };
    });
    route(app, endpoints.verifyResetPasswordToken, async (req) => {
      await auth.verifyResetToken(req.query.token, req.ip);
      return { message: AUTH_MESSAGES.resetTokenValid };
    });
    route(app, endpoints.resetPassword, async (req) => {
      await auth.resetPassword(req.body.token, req.body.password, req.ip);
      return { message: AUTH_MESSAGES.passwordReset };
    });
    route(app, endpoints.changePassword, async (req) => ({
      message: AUTH_MESSAGES.passwordChanged,
      data: await auth.changePassword(adminOf(req), req.body.oldPassword, req.body.newPassword, req.ip),
    }));
    route(app, endpoints.logout, async (req) => {
      await auth.logout(adminOf(req), req.ip);
      return { message: AUTH_MESSAGES.loggedOut };
    });
  };
}
