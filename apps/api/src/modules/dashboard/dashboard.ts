import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  ADMIN_MESSAGES,
  CALL_STATUSES,
  DASHBOARD_CHART_DAYS,
  DASHBOARD_LATEST_COUNT,
  type CallsDay,
  type DashboardFigures,
  type DashboardSummary,
  type RevenueDay,
} from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import type { CreatedRange } from '../../lib/list';
import { dollarsFromCents } from '../../lib/money';
import { payoutRequestsPage } from '../payments/payouts';
import { requestsPage } from '../people/requests';
import { addDays, boundsOf, isKnownZone, isoWeekday, localDay, type Day, type DayBounds } from './local-days';
import {
  INFLUENCER_REQUEST_TOTALS,
  PAYOUT_REQUEST_TOTALS,
  REDEMPTION_TOTALS,
  TRANSACTION_TOTALS,
  USER_TOTALS,
  VIDEO_CALL_TOTALS,
  runSpans,
  spansQuery,
  type Span,
  type SpansQuery,
} from './totals';

/** The zone of an admin who never chose one, or whose stored zone this runtime does not know. */
const FALLBACK_ZONE = 'UTC';

/**
 * The zone whose days the dashboard counts: the one asked for (400 when unknown), else the admin's
 * own. A stored zone the runtime cannot read falls back to UTC rather than refusing a request that
 * named no zone at all; the reply says which zone was used.
 */
export async function dashboardZone(db: Kysely<DB>, adminId: string, asked: string | undefined): Promise<string> {
  if (asked !== undefined) {
    const tz = asked.trim();
    if (!isKnownZone(tz)) throw badRequest(ADMIN_MESSAGES.badTimeZone, { timeZone: ADMIN_MESSAGES.badTimeZone });
    return tz;
  }
  const admin = await db.selectFrom('admins').select('time_zone').where('id', '=', adminId).executeTakeFirst();
  const stored = admin?.time_zone.trim() ?? '';
  return stored && isKnownZone(stored) ? stored : FALLBACK_ZONE;
}

interface Period {
  from: Day;
  to: Day;
  /** The instants the lists take as from and to for these days (first and last millisecond). */
  range: Required<CreatedRange>;
}

export interface Periods {
  today: Period;
  thisWeek: Period;
  thisMonth: Period;
  last30Days: Period;
  /** The chart's days, oldest first, today last. */
  chartDays: DayBounds[];
}

/** The periods of the dashboard in the zone's days, as of `now`. */
export function periodsOf(now: Date, timeZone: string): Periods {
  const today = localDay(now.getTime(), timeZone);
  const bounds = new Map<Day, DayBounds>();
  const of = (day: Day) => {
    let b = bounds.get(day);
    if (!b) bounds.set(day, (b = boundsOf(day, timeZone)));
    return b;
  };
  const period = (from: Day): Period => ({
    from,
    to: today,
    range: { from: of(from).from.toISOString(), to: of(today).to.toISOString() },
  });
  const chartDays = Array.from({ length: DASHBOARD_CHART_DAYS }, (_, i) =>
    of(addDays(today, i - (DASHBOARD_CHART_DAYS - 1))),
  );
  return {
    today: period(today),
    thisWeek: period(addDays(today, 1 - isoWeekday(today))),
    thisMonth: period(`${today.slice(0, 8)}01`),
    last30Days: period(chartDays[0]!.day),
    chartDays,
  };
}

/**
 * The chart's days as spans: each up to the next one's first instant, the last to its own last
 * millisecond, which is how the lists bound the 30 days the chart links to.
 */
function chartSpans(days: DayBounds[]): Span[] {
  return days.map((d, i) => {
    const next = days[i + 1];
    return next
      ? { from: d.from.toISOString(), to: next.from.toISOString(), toExclusive: true }
      : { from: d.from.toISOString(), to: d.to.toISOString() };
  });
}

/** Runs `task` once, on first use, for every part that reads it. */
function shared<T>(task: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => (started ??= task());
}

type Sections = Omit<DashboardSummary, 'generatedAt' | 'timeZone' | 'periods' | 'figures'>;
type Parts = { [K in keyof DashboardFigures]: NonNullable<DashboardFigures[K]> } & {
  [K in keyof Sections]: NonNullable<Sections[K]>;
};

/** The spans before the chart's in the payments' and calls' statements: today, this month. */
const CHART = 2;

/** The statements of a zone's day: its periods, and what each table's totals are read with. */
interface Plan {
  periods: Periods;
  payments: SpansQuery<'amount_cents' | 'payable_amount_cents'>;
  calls: SpansQuery<never>;
  newFans: SpansQuery<never>;
  redemptions: SpansQuery<never>;
  pendingRequests: SpansQuery<never>;
  pendingPayouts: SpansQuery<'payable_amount_cents'>;
}

/** Zones and days whose plans are kept (the oldest goes first): far more than admins' zones. */
const PLANS_KEPT = 256;
const plans = new WeakMap<Kysely<DB>, Map<string, Plan>>();

/**
 * The plan of the zone's day `now` falls on. The periods and the statements change only when that
 * day does, and working them out (the zone's midnights, some hundred bound pieces) costs more
 * Node time than the database takes to answer them, so each is worked out once a day and zone.
 */
function planOf(db: Kysely<DB>, now: Date, timeZone: string): Plan {
  let kept = plans.get(db);
  if (!kept) plans.set(db, (kept = new Map()));
  const key = `${timeZone.toLowerCase()} ${localDay(now.getTime(), timeZone)}`;
  let plan = kept.get(key);
  if (plan) return plan;

  const p = periodsOf(now, timeZone);
  const chart = chartSpans(p.chartDays);
  const pending = { where: { status: 'pending' } };
  plan = {
    periods: p,
    payments: spansQuery(db, TRANSACTION_TOTALS, [p.today.range, p.thisMonth.range, ...chart], {
      where: { status: 'completed' },
    }),
    // the last span, all time, gives the ongoing calls
    calls: spansQuery(db, VIDEO_CALL_TOTALS, [p.today.range, p.thisMonth.range, ...chart, {}], { by: ['status'] }),
    newFans: spansQuery(db, USER_TOTALS, [p.thisWeek.range], { where: { is_influencer: false } }),
    redemptions: spansQuery(db, REDEMPTION_TOTALS, [p.thisMonth.range]),
    pendingRequests: spansQuery(db, INFLUENCER_REQUEST_TOTALS, [{}], pending),
    pendingPayouts: spansQuery(db, PAYOUT_REQUEST_TOTALS, [{}], pending),
  };
  if (kept.size >= PLANS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, plan);
  return plan;
}

/**
 * Every figure over the very selection its list counts (the same status, type and date columns,
 * the same bounds the card links carry), read from the totals that migration 0006 keeps beside the
 * rows per quarter hour, hour, day and month, so that the cost of a request does not grow with the
 * tables. The periods' figures and the chart of one table come from one statement; only the
 * newest requests and payout requests are read from the rows, five of each through an index.
 */
function partsOf(db: Kysely<DB>, plan: Plan): { [K in keyof Parts]: () => Promise<Parts[K]> } {
  const p = plan.periods;
  const payments = shared(() => runSpans(db, plan.payments));
  const paid = async (span: number) => {
    const t = (await payments()).find((r) => r.span === span);
    const amount = t?.sums.amount_cents ?? 0;
    return { count: t?.count ?? 0, amount, fee: amount - (t?.sums.payable_amount_cents ?? 0) };
  };

  const ALL_TIME = CHART + p.chartDays.length;
  const calls = shared(() => runSpans(db, plan.calls));
  const called = async (span: number, status?: string) =>
    (await calls())
      .filter((r) => r.span === span && (status === undefined || r.keys.status === status))
      .reduce((n, r) => n + r.count, 0);

  const counted = async (q: SpansQuery<never>) => ({ count: (await runSpans(db, q))[0]?.count ?? 0 });

  return {
    pendingRequests: () => counted(plan.pendingRequests),
    pendingPayoutRequests: async () => {
      const [t] = await runSpans(db, plan.pendingPayouts);
      return { count: t?.count ?? 0, amount: dollarsFromCents(t?.sums.payable_amount_cents) };
    },
    ongoingCalls: async () => ({ count: await called(ALL_TIME, 'Ongoing') }),
    callsToday: async () => ({ count: await called(0) }),
    callsThisMonth: async () => ({ count: await called(1) }),
    revenueToday: async () => {
      const t = await paid(0);
      return { count: t.count, amount: dollarsFromCents(t.amount) };
    },
    revenueThisMonth: async () => {
      const t = await paid(1);
      return { count: t.count, amount: dollarsFromCents(t.amount) };
    },
    platformFeesThisMonth: async () => ({ amount: dollarsFromCents((await paid(1)).fee) }),
    newFansThisWeek: () => counted(plan.newFans),
    redemptionsThisMonth: () => counted(plan.redemptions),
    revenueByDay: async () =>
      Promise.all(
        p.chartDays.map(async (d, i): Promise<RevenueDay> => {
          const t = await paid(CHART + i);
          return { day: d.day, revenue: dollarsFromCents(t.amount), platformFee: dollarsFromCents(t.fee) };
        }),
      ),
    callsByDay: async () => {
      const rows = await calls();
      const out: CallsDay[] = p.chartDays.map((d) => ({
        day: d.day,
        ...(Object.fromEntries(CALL_STATUSES.map((s) => [s, 0])) as Omit<CallsDay, 'day'>),
      }));
      for (const r of rows) {
        const day = out[r.span - CHART];
        // a status the contract does not know has no series to go in
        if (day && r.span < ALL_TIME && (CALL_STATUSES as readonly string[]).includes(r.keys.status!)) {
          day[r.keys.status as keyof Omit<CallsDay, 'day'>] = r.count;
        }
      }
      return out;
    },
    latestRequests: () =>
      requestsPage(db, { page: 1, limit: DASHBOARD_LATEST_COUNT, sortBy: 'updatedAt', sortOrder: 'desc' }),
    latestPayoutRequests: () =>
      payoutRequestsPage(db, { page: 1, limit: DASHBOARD_LATEST_COUNT, sortBy: 'createdAt', sortOrder: 'desc' }),
  };
}

/**
 * The whole dashboard as of `now` in the zone's days. The parts run side by side and settle each on
 * its own: one that fails is null in the reply and logged, and the others are still shown.
 */
export async function dashboardSummary(
  db: Kysely<DB>,
  log: FastifyBaseLogger,
  timeZone: string,
  now: Date = new Date(),
): Promise<DashboardSummary> {
  const plan = planOf(db, now, timeZone);
  const periods = plan.periods;
  const tasks = Object.entries(partsOf(db, plan)) as Array<[keyof Parts, () => Promise<unknown>]>;
  const settled = await Promise.allSettled(tasks.map(([, task]) => task()));
  const got = {} as Record<keyof Parts, unknown>;
  settled.forEach((s, i) => {
    const name = tasks[i]![0];
    if (s.status === 'fulfilled') got[name] = s.value;
    else {
      got[name] = null;
      log.error({ err: s.reason, part: name }, 'a dashboard figure could not be computed');
    }
  });
  const parts = got as { [K in keyof Parts]: Parts[K] | null };
  const day = (q: Period) => ({ from: q.from, to: q.to });
  return {
    generatedAt: now.toISOString(),
    timeZone,
    periods: {
      today: day(periods.today),
      thisWeek: day(periods.thisWeek),
      thisMonth: day(periods.thisMonth),
      last30Days: day(periods.last30Days),
    },
    figures: {
      pendingRequests: parts.pendingRequests,
      pendingPayoutRequests: parts.pendingPayoutRequests,
      ongoingCalls: parts.ongoingCalls,
      callsToday: parts.callsToday,
      callsThisMonth: parts.callsThisMonth,
      revenueToday: parts.revenueToday,
      revenueThisMonth: parts.revenueThisMonth,
      platformFeesThisMonth: parts.platformFeesThisMonth,
      newFansThisWeek: parts.newFansThisWeek,
      redemptionsThisMonth: parts.redemptionsThisMonth,
    },
    revenueByDay: parts.revenueByDay,
    callsByDay: parts.callsByDay,
    latestRequests: parts.latestRequests,
    latestPayoutRequests: parts.latestPayoutRequests,
  };
}
