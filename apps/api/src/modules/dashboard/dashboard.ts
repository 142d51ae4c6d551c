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
  runSpansBatch,
  spansBatch,
  spansQuery,
  type Span,
  type SpansBatch,
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
 * Consecutive days as spans: each up to the next one's first instant, the last to its own last
 * millisecond, which is how the lists bound the periods the cards and the chart link to.
 */
function daySpans(days: DayBounds[]): Span[] {
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

/** The statements of a zone's day: its periods, and the totals of each table read in one batch. */
interface Plan {
  periods: Periods;
  /**
   * The days the payments and calls are totalled by: this month's days before the chart's (on a
   * 31st, the 1st), then the chart's. Today, this month and the chart are sums of them, so that
   * each table is read as one run of days.
   */
  days: DayBounds[];
  /** Where the chart's days, and this month's, begin in `days`. */
  chartFrom: number;
  monthFrom: number;
  totals: SpansBatch<'payments' | 'calls' | 'newFans' | 'redemptions' | 'pendingRequests' | 'pendingPayouts'>;
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
  const before: DayBounds[] = [];
  for (let d = p.thisMonth.from; d < p.chartDays[0]!.day; d = addDays(d, 1)) before.push(boundsOf(d, timeZone));
  const days = [...before, ...p.chartDays];
  const spans = daySpans(days);
  const pending = { where: { status: 'pending' } };
  plan = {
    periods: p,
    days,
    chartFrom: before.length,
    monthFrom: days.findIndex((d) => d.day >= p.thisMonth.from),
    totals: spansBatch(db, {
      payments: spansQuery(db, TRANSACTION_TOTALS, spans, { where: { status: 'completed' } }),
      // a last span, all time, for the ongoing calls
      calls: spansQuery(db, VIDEO_CALL_TOTALS, [...spans, {}], { by: ['status'] }),
      newFans: spansQuery(db, USER_TOTALS, [p.thisWeek.range], { where: { is_influencer: false } }),
      redemptions: spansQuery(db, REDEMPTION_TOTALS, [p.thisMonth.range]),
      pendingRequests: spansQuery(db, INFLUENCER_REQUEST_TOTALS, [{}], pending),
      pendingPayouts: spansQuery(db, PAYOUT_REQUEST_TOTALS, [{}], pending),
    }),
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
function partsOf(db: Kysely<DB>, log: FastifyBaseLogger, plan: Plan): { [K in keyof Parts]: () => Promise<Parts[K]> } {
  const p = plan.periods;
  // One statement for every total; when it fails, each part reads its own, so that only the parts
  // whose statement fails are left out.
  const batch = shared(async () => {
    try {
      return await runSpansBatch(db, plan.totals);
    } catch (err) {
      log.warn({ err }, 'the dashboard totals could not be read at once; reading them one by one');
      return undefined;
    }
  });
  const totalsOf = (name: keyof Plan['totals']['parts']) =>
    shared(async () => (await batch())?.[name] ?? runSpans(db, plan.totals.parts[name]));

  const TODAY = plan.days.length - 1;
  const ALL_TIME = plan.days.length;
  const month = (span: number) => span >= plan.monthFrom && span <= TODAY;

  const payments = totalsOf('payments');
  const paid = async (which: (span: number) => boolean) => {
    let [count, amount, payable] = [0, 0, 0];
    for (const t of await payments()) {
      if (!which(t.span)) continue;
      count += t.count;
      amount += t.sums.amount_cents ?? 0;
      payable += t.sums.payable_amount_cents ?? 0;
    }
    return { count, amount, fee: amount - payable };
  };

  const calls = totalsOf('calls');
  const called = async (which: (span: number) => boolean, status?: string) =>
    (await calls())
      .filter((r) => which(r.span) && (status === undefined || r.keys.status === status))
      .reduce((n, r) => n + r.count, 0);

  const counted = async (name: keyof Plan['totals']['parts']) => ({
    count: (await totalsOf(name)())[0]?.count ?? 0,
  });

  return {
    pendingRequests: () => counted('pendingRequests'),
    pendingPayoutRequests: async () => {
      const [t] = await totalsOf('pendingPayouts')();
      return { count: t?.count ?? 0, amount: dollarsFromCents(t?.sums.payable_amount_cents) };
    },
    ongoingCalls: async () => ({ count: await called((span) => span === ALL_TIME, 'Ongoing') }),
    callsToday: async () => ({ count: await called((span) => span === TODAY) }),
    callsThisMonth: async () => ({ count: await called(month) }),
    revenueToday: async () => {
      const t = await paid((span) => span === TODAY);
      return { count: t.count, amount: dollarsFromCents(t.amount) };
    },
    revenueThisMonth: async () => {
      const t = await paid(month);
      return { count: t.count, amount: dollarsFromCents(t.amount) };
    },
    platformFeesThisMonth: async () => ({ amount: dollarsFromCents((await paid(month)).fee) }),
    newFansThisWeek: () => counted('newFans'),
    redemptionsThisMonth: () => counted('redemptions'),
    revenueByDay: async () =>
      Promise.all(
        p.chartDays.map(async (d, i): Promise<RevenueDay> => {
          const t = await paid((span) => span === plan.chartFrom + i);
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
        const day = r.span < ALL_TIME ? out[r.span - plan.chartFrom] : undefined;
        // a status the contract does not know has no series to go in
        if (day && (CALL_STATUSES as readonly string[]).includes(r.keys.status!)) {
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
  const tasks = Object.entries(partsOf(db, log, plan)) as Array<[keyof Parts, () => Promise<unknown>]>;
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
