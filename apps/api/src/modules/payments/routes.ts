import type { FastifyInstance } from 'fastify';
import { SENDER_NAME_PLACEHOLDER, emit } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { actorOf, marketplaceActorOf } from '../audit/audit';
import { notifyAdmins } from '../notifications/notifications';
import { registerTransactionsExport } from './export';
import { createPaymentMethod, getPaymentMethod, listPaymentMethods, updatePaymentMethod } from './payment-methods';
import { createPayoutRequest, decidePayoutRequest, getPayoutRequest, listPayoutRequests, listPayouts } from './payouts';
import { listTransactions, transactionTotals } from './transactions';

/** Transactions (and their export), payout requests, payouts history and payment methods. */
export function paymentsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const methodUpdated = (id: string) => [emit('paymentMethodUpdated', { _id: id })];

    route(app, 'getAllTransactions', async (req) => {
      const { rows, ...total } = await listTransactions(ctx.db, req.query);
      return { message: 'Transactions', data: rows, ...total };
    });
    route(app, 'getTransactionTotals', async (req) => ({
      message: 'Transaction totals',
      data: await transactionTotals(ctx.db, req.query),
    }));
    registerTransactionsExport(app, ctx);

    route(app, 'getAllPayoutRequests', async (req) => {
      const { rows, ...total } = await listPayoutRequests(ctx.db, req.query);
      return { message: 'Payout requests', data: rows, ...total };
    });
    route(app, 'getPayoutRequestDetail', async (req) => ({
      message: 'Payout request',
      data: await getPayoutRequest(ctx.db, req.query.id),
    }));
    route(app, 'decidePayoutRequest', async (req) => {
      const { message, row, events } = await decidePayoutRequest(ctx, actorOf(req), req.body);
      return { message, data: row, events };
    });
    route(app, 'createPayoutRequest', async (req) => {
      const filedBy = marketplaceActorOf(req);
      const data = await createPayoutRequest(ctx.db, req.body, {
        secondApprovalAboveCents: ctx.config.payoutSecondApprovalAboveCents,
        filedBy,
      });
      // the request is filed whatever happens to its notification
      const notified = await notifyAdmins(ctx.db, {
        type: 'payout_request',
        senderId: data.influencerId,
        description: `${SENDER_NAME_PLACEHOLDER} requested a payout of $${data.amount.toFixed(2)}`,
        filedBy,
      }).catch((err: unknown) => req.log.error({ err }, 'could not notify the admins of a payout request'));
      return {
        message: 'Payout request filed',
        data,
        events: [emit('payoutRequestCreated', data), ...(notified?.events ?? [])],
      };
    });
    route(app, 'getAllPayouts', async (req) => {
      const { rows, ...total } = await listPayouts(ctx.db, req.query);
      return { message: 'Payouts', data: rows, ...total };
    });

    route(app, 'getAllPaymentMethods', async (req) => {
      const { rows, ...total } = await listPaymentMethods(ctx.db, req.query);
      return { message: 'Payment methods', data: rows, ...total };
    });
    route(app, 'getPaymentMethodDetail', async (req) => ({
      message: 'Payment method',
      data: await getPaymentMethod(ctx.db, req.query.id),
    }));
    route(app, 'createPaymentMethod', async (req) => {
      const data = await createPaymentMethod(ctx.db, actorOf(req), req.body);
      return { message: 'Payment method added', data, events: methodUpdated(data._id) };
    });
    route(app, 'updatePaymentMethod', async (req) => {
      const data = await updatePaymentMethod(ctx.db, actorOf(req), req.query.id, req.body);
      return { message: 'Payment method saved', data, events: methodUpdated(data._id) };
    });
    route(app, 'changePaymentMethodStatus', async (req) => {
      const data = await updatePaymentMethod(ctx.db, actorOf(req), req.query.id, { isActive: req.query.isActive });
      const message = data.isActive ? 'Payment method activated' : 'Payment method deactivated';
      return { message, data, events: methodUpdated(data._id) };
    });
  };
}
