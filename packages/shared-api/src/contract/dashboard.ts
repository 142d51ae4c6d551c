import { endpoint } from './endpoint';
import { Ok } from './common';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Dollars } from './common';
import { PayoutRequestRow } from './payments';
import { RequestRow } from './people';
import { DASHBOARD_LATEST_COUNT, DASHBOARD_CHART_DAYS } from '../constants/dashboard';

/** A figure the server could not compute is null: the card says so and the others still show. */
const OrUnavailable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

const Count = Type.Object({ count: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
const Amount = Type.Object({ amount: Dollars }, { additionalProperties: false });
const CountAndAmount = Type.Object(
  { count: Type.Integer({ minimum: 0 }), amount: Dollars },
  { additionalProperties: false },
);

/** A local calendar day, YYYY-MM-DD, in the time zone the dashboard was asked for. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** Both ends inclusive, as the lists' From and To filters take them. */
const DayRange = Type.Object({ from: Day, to: Day }, { additionalProperties: false });

export const DashboardQuery = Type.Object(
  {
    /** IANA zone whose days "today", "this week" and "this month" are; the admin's own when left out. */
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type DashboardQuery = Static<typeof DashboardQuery>;

export const DashboardFigures = Type.Object(
  {
    /** Influencer requests waiting for a decision. */
    pendingRequests: OrUnavailable(Count),
    /** Payout requests waiting for a decision, and the payable amount they ask for. */
    pendingPayoutRequests: OrUnavailable(CountAndAmount),
    ongoingCalls: OrUnavailable(Count),
    /** Calls requested today / this month. */
    callsToday: OrUnavailable(Count),
    callsThisMonth: OrUnavailable(Count),
    /** Completed payments: how many, and the amount they took. */
    revenueToday: OrUnavailable(CountAndAmount),
    revenueThisMonth: OrUnavailable(CountAndAmount),
    /** Amount minus payable amount of this month's completed payments. */
    platformFeesThisMonth: OrUnavailable(Amount),
    newFansThisWeek: OrUnavailable(Count),
    redemptionsThisMonth: OrUnavailable(Count),
  },
  { additionalProperties: false },
);
export type DashboardFigures = Static<typeof DashboardFigures>;
export type DashboardFigureName = keyof DashboardFigures;

export const RevenueDay = Type.Object(
  { day: Day, revenue: Dollars, platformFee: Dollars },
  { additionalProperties: false },
);
export type RevenueDay = Static<typeof RevenueDay>;

/** Calls requested on a day, by status (every status present, 0 when none). */
export const CallsDay = Type.Object(
  {
    day: Day,
    Requested: Type.Integer({ minimum: 0 }),
    Cancelled: Type.Integer({ minimum: 0 }),
    Accepted: Type.Integer({ minimum: 0 }),
    Missed: Type.Integer({ minimum: 0 }),
    Ongoing: Type.Integer({ minimum: 0 }),
    Completed: Type.Integer({ minimum: 0 }),
    Rejected: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type CallsDay = Static<typeof CallsDay>;

/** Everything the dashboard shows, in one reply, computed by the database. */
export const DashboardSummary = Type.Object(
  {
    generatedAt: Type.String({ format: 'date-time' }),
    timeZone: Type.String(),
    /** The days each period covers, so that a card links to its list with exactly these bounds. */
    periods: Type.Object(
      { today: DayRange, thisWeek: DayRange, thisMonth: DayRange, last30Days: DayRange },
      { additionalProperties: false },
    ),
    figures: DashboardFigures,
    /** One entry per day of the last 30 (today included), oldest first, 0 on quiet days. */
    revenueByDay: OrUnavailable(Type.Array(RevenueDay, { maxItems: DASHBOARD_CHART_DAYS })),
    callsByDay: OrUnavailable(Type.Array(CallsDay, { maxItems: DASHBOARD_CHART_DAYS })),
    /** The newest influencer requests and payout requests, newest first. */
    latestRequests: OrUnavailable(Type.Array(RequestRow, { maxItems: DASHBOARD_LATEST_COUNT })),
    latestPayoutRequests: OrUnavailable(Type.Array(PayoutRequestRow, { maxItems: DASHBOARD_LATEST_COUNT })),
  },
  { additionalProperties: false },
);
export type DashboardSummary = Static<typeof DashboardSummary>;

export const dashboardEndpoints = {
  getDashboard: endpoint({
    method: 'GET',
    path: '/dashboard/getSummary',
    auth: 'admin',
    permission: 'dashboard.read',
    resource: 'dashboard',
    summary:
      'Every figure of the dashboard in one reply, in the days of `timeZone`: what waits for a decision, calls, revenue, fees, new fans, redemptions, 30-day charts and the newest requests. A figure that could not be computed is null',
    querystring: DashboardQuery,
    reply: Ok(DashboardSummary),
  }),
};
