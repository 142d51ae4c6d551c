import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, SECOND_FACTOR_MESSAGES as SAY, emit } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import type { AuthenticatedAdmin } from './authenticate';
import type { AuthLimits } from './limits';
import { SecondFactorService } from './second-factor';
import type { AuthService } from './service';

const adminOf = (request: FastifyRequest): AuthenticatedAdmin => request.admin as AuthenticatedAdmin;

/** Two-factor sign-in's endpoints (contract/second-factor.ts), registered with the other auth routes. */
export function secondFactorRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthService, limits: AuthLimits) {
  const secondFactor = new SecondFactorService(ctx, auth, limits);

  route(app, 'verifySecondFactor', async (req) => {
    const data = await secondFactor.verifySignIn(req.body.challenge, req.body.code, req.ip, req.headers['user-agent']);
    return { message: AUTH_MESSAGES.signedIn, data, events: [emit('sessionsChanged', { _id: data._id })] };
  });

  route(app, 'startSecondFactorEnrollment', async (req) => ({
    message: SAY.enrollmentStarted,
    data: await secondFactor.startEnrollment(adminOf(req)),
  }));

  route(app, 'confirmSecondFactorEnrollment', async (req) => {
    const admin = adminOf(req);
    const data = await secondFactor.confirmEnrollment(admin, req.body.code, req.ip);
    // The admin's other tabs (and an Owner's Admins list) see the factor on without a reload.
    const profile = await auth.profile(admin.id);
    return {
      message: SAY.enabled,
      data,
      events: [emit('adminUpdated', profile), emit('adminsChanged', { _id: admin.id })],
    };
  });

  route(app, 'regenerateRecoveryCodes', async (req) => ({
    message: SAY.recoveryCodesReplaced,
    data: await secondFactor.regenerateRecoveryCodes(adminOf(req), req.body.code, req.ip),
  }));

  route(app, 'resetAdminSecondFactor', async (req) => {
    const { name } = await secondFactor.reset(adminOf(req), req.query.id, req.ip);
    return {
      message: SAY.reset(name),
      events: [emit('adminsChanged', { _id: req.query.id }), emit('sessionsChanged', { _id: req.query.id })],
    };
  });
}
