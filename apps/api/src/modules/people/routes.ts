import type { FastifyInstance } from 'fastify';
import { SENDER_NAME_PLACEHOLDER, emit } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { actorOf, marketplaceActorOf } from '../audit/audit';
import { route } from '../../plugins/routes';
import { notifyAdmins } from '../notifications/notifications';
import { changeUserStatus, getFan, getFanDetails, listFans } from './fans';
import { getInfluencer, listInfluencers } from './influencers';
import { listCategories, listLanguages } from './lookups';
import { updateUserProfile } from './profile';
import { createInfluencerRequest, decideRequest, getRequestDetail, listRequests } from './requests';

const DECIDED = { approved: 'Request approved', rejected: 'Request rejected' } as const;

export function peopleRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, 'getAllFans', async (req) => {
      const { rows, ...total } = await listFans(ctx.db, req.query);
      return { message: 'Fans', data: rows, ...total };
    });
    route(app, 'getFanDetail', async (req) => ({ message: 'Fan', data: await getFan(ctx.db, req.query.id) }));
    route(app, 'getFanDetails', async (req) => ({
      message: 'Fan details',
      data: await getFanDetails(ctx.db, req.query.id, req.query),
    }));
    route(app, 'changeStatus', async (req) => {
      const data = await changeUserStatus(ctx.db, actorOf(req), req.query.id, req.query.status);
      return {
        message: data.status === '1' ? 'Account activated' : 'Account deactivated',
        data,
        // Open screens (every admin's lists and profiles of this user) refresh it.
        events: [emit('userUpdated', { _id: data._id })],
      };
    });
    route(app, 'getAllInfluencers', async (req) => {
      const { rows, ...total } = await listInfluencers(ctx.db, req.query);
      return { message: 'Influencers', data: rows, ...total };
    });
    route(app, 'getInfluencerDetail', async (req) => ({
      message: 'Influencer',
      data: await getInfluencer(ctx.db, req.query.id),
    }));
    route(app, 'updateUserProfile', async (req) => {
      const data = await updateUserProfile(ctx.db, actorOf(req), req.query.id, req.body);
      return { message: 'Profile updated', data, events: [emit('userUpdated', { _id: data._id })] };
    });
    route(app, 'getAllRequests', async (req) => {
      const { rows, ...total } = await listRequests(ctx.db, req.query);
      return { message: 'Influencer requests', data: rows, ...total };
    });
    route(app, 'getRequestDetail', async (req) => ({
      message: 'Influencer request',
      data: await getRequestDetail(ctx.db, req.query.id),
    }));
    route(app, 'decideRequest', async (req) => {
      const { detail, events } = await decideRequest(ctx, actorOf(req), req.body);
      return { message: `${DECIDED[req.body.decision]}. The applicant will be emailed.`, data: detail, events };
    });
    route(app, 'createInfluencerRequest', async (req) => {
      const filedBy = marketplaceActorOf(req);
      const data = await createInfluencerRequest(ctx.db, req.body.userId, filedBy);
      // the request is filed whatever happens to its notification
      const notified = await notifyAdmins(ctx.db, {
        type: 'influencer_request',
        senderId: data.userId,
        description: `${SENDER_NAME_PLACEHOLDER} applied to become an influencer`,
        filedBy,
      }).catch((err: unknown) => req.log.error({ err }, 'could not notify the admins of an influencer request'));
      return {
        message: 'Influencer request filed',
        data,
        events: [emit('influencerRequestCreated', data), ...(notified?.events ?? [])],
      };
    });
    route(app, 'getCategories', async () => ({ message: 'Categories', data: await listCategories(ctx.db) }));
    route(app, 'getLanguages', async () => ({ message: 'Languages', data: await listLanguages(ctx.db) }));
  };
}
