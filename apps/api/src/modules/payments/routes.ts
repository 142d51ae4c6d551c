import type { FastifyInstance } from 'fastify';
import { SENDER_NAME_PLACEHOLDER, SOCKET_EVENTS, endpoints } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { actorOf } from '../audit/audit';
import { notifyAdmins } from '../notifications/notifications';
import { registerTransactionsExport } from './export';
import { createPaymentMethod, getPaymentMethod, listPaymentMethods, updatePaymentMethod } from './payment-methods';
import { createPayoutRequest, decidePayoutRequest, getPayoutRequest, listPayoutRequests, listPayouts } from './payouts';
import { listTransactions, transactionTotals } from './transactions';

/** Transactions (and their export), payout requests, payouts history and payment methods. */
export function paymentsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const methodUpdated = (id: string) => ctx.realtime.toAdmins(SOCKET_EVENTS.paymentMethodUpdated, { _id: id });

    route(app, endpoints.getAllTransactions, async (req) => {
      const { rows, ...total } = await listTransactions(ctx.db, req.query);
      return { message: 'Transactions', data: rows, ...total };
    });
    route(app, endpoints.getTransactionTotals, async (req) => ({
      message: 'Transaction totals',
      data: await transactionTotals(ctx.db, req.query),
    }));
    registerTransactionsExport(app, ctx);

    route(app, endpoints.getAllPayoutRequests, async (req) => {
      const { rows, ...total } = await listPayoutRequests(ctx.db, req.query);
      return { message: 'Payout requests', data: rows, ...total };
    });
    route(app, endpoints.getPayoutRequestDetail, async (req) => ({
      message: 'Payout request',
      data: await getPayoutRequest(ctx.db, req.query.id),
    }));
    route(app, endpoints.decidePayoutRequest, async (req) => {
      const { message, row } = await decidePayoutRequest(ctx, actorOf(req), req.body);
      return { message, data: row };
    });
    route(app, endpoints.createPayoutRequest, async (req) => {
      const data = await createPayoutRequest(ctx.db, req.body, {
        secondApprovalAboveCents: ctx.config.payoutSecondApprovalAboveCents,
        ip: req.ip,
      });
      ctx.realtime.toAdmins(SOCKET_EVENTS.payoutRequestCreated, data);
      // the request is filed whatever happens to its notification
      await notifyAdmins(ctx, {
        type: 'payout_request',
        senderId: data.influencerId,
        description: `${SENDER_NAME_PLACEHOLDER} requested a payout of $${data.amount.toFixed(2)}`,
      }).catch((err: unknown) => req.log.error({ err }, 'could not notify the admins of a payout request'));
      return { message: 'Payout request filed', data };
    });
    route(app, endpoints.getAllPayouts, async (req) => {
      const { rows, ...total } = await listPayouts(ctx.db, req.query);
      return { message: 'Payouts', data: rows, ...total };
    });

    route(app, endpoints.getAllPaymentMethods, async (req) => {
      const { rows, ...total } = await listPaymentMethods(ctx.db, req.query);
      return { message: 'Payment methods', data: rows, ...total };
    });
    route(app, endpoints.getPaymentMethodDetail, async (req) => ({
      message: 'Payment method',
      data: await getPaymentMethod(ctx.db, req.query.id),
    }));
    route(app, endpoints.createPaymentMethod, async (req) => {
      const data = await createPaymentMethod(ctx.db, actorOf(req), req.body);
      methodUpdated(data._id);
      return { message: 'Payment method added', data };
    });
    route(app, endpoints.updatePaymentMethod, async (req) => {
      const data = await updatePaymentMethod(ctx.db, actorOf(req), req.query.id, req.body);
      methodUpdated(data._id);
      return { message: 'Payment method saved', data };
    });
    route(app, endpoints.changePaymentMethodStatus, async (req) => {
      const data = await updatePaymentMethod(ctx.db, actorOf(req), req.query.id, { isActive: req.query.isActive });
      methodUpdated(data._id);
      return { message: data.isActive ? 'Payment method activated' : 'Payment method deactivated', data };
    });
  };
}
