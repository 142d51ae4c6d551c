import { sql, type Kysely } from 'kysely';
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
import { countRows, type CreatedRange } from '../../lib/list';
import { dollarsFromCents } from '../../lib/money';
import { filteredCalls } from '../calls/calls';
import { countedPayoutRequests, payoutRequestsPage } from '../payments/payouts';
import { filteredTransactions, transactionTotals } from '../payments/transactions';
import { filteredRequests, requestsPage } from '../people/requests';
import { filteredUsers } from '../people/user-list';
import { filteredRedemptions } from '../redemption/redemptions';
import { addDays, boundsOf, isKnownZone, isoWeekday, localDay, type Day, type DayBounds } from './local-days';

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

/** Which chart day each row falls on: 1 for the first day's first instant, and so on. */
const dayIndex = (column: string, days: DayBounds[]) =>
  sql<number>`width_bucket(${sql.ref(column)}, ${days.map((d) => d.from.toISOString())}::timestamptz[])`;

const chartRange = (days: DayBounds[]): Required<CreatedRange> => ({
  from: days[0]!.from.toISOString(),
  to: days[days.length - 1]!.to.toISOString(),
});

/** Completed payments per day: the same selection as the revenue figures, grouped by the database. */
async function revenueByDay(db: Kysely<DB>, days: DayBounds[]): Promise<RevenueDay[]> {
  const rows = await filteredTransactions(db, { status: 'completed', ...chartRange(days) })
    .select([
      dayIndex('t.created_at', days).as('i'),
      sql<number>`sum(t.amount_cents)`.as('amount'),
      sql<number>`sum(t.amount_cents - t.payable_amount_cents)`.as('fee'),
    ])
    .groupBy(sql`1`)
    .execute();
  const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
  return days.map((d, i) => {
    const r = byIndex.get(i + 1);
    return { day: d.day, revenue: dollarsFromCents(r?.amount), platformFee: dollarsFromCents(r?.fee) };
  });
}

/** Calls requested per day and status: the same selection as the calls figures. */
async function callsByDay(db: Kysely<DB>, days: DayBounds[]): Promise<CallsDay[]> {
  const rows = await filteredCalls(db, chartRange(days))
    .select([dayIndex('c.created_at', days).as('i'), 'c.status', sql<number>`count(*)`.as('n')])
    .groupBy([sql`1`, 'c.status'])
    .execute();
  const out: CallsDay[] = days.map((d) => ({
    day: d.day,
    ...(Object.fromEntries(CALL_STATUSES.map((s) => [s, 0])) as Omit<CallsDay, 'day'>),
  }));
  for (const r of rows) {
    const day = out[Number(r.i) - 1];
    // a status the contract does not know has no series to go in
    if (day && (CALL_STATUSES as readonly string[]).includes(r.status)) {
      day[r.status as keyof Omit<CallsDay, 'day'>] = Number(r.n);
    }
  }
  return out;
}

type Sections = Omit<DashboardSummary, 'generatedAt' | 'timeZone' | 'periods' | 'figures'>;
type Parts = { [K in keyof DashboardFigures]: NonNullable<DashboardFigures[K]> } & {
  [K in keyof Sections]: NonNullable<Sections[K]>;
};

/**
 * Every figure from its own query, each over the very selection its list counts (the lists' own
 * filter builders, given the bounds the dashboard's card links carry), so a card and the list it
 * opens cannot disagree.
 */
function partsOf(db: Kysely<DB>, p: Periods): { [K in keyof Parts]: () => Promise<Parts[K]> } {
  const count = async (qb: Parameters<typeof countRows>[0]) => ({ count: await countRows(qb) });
  const revenue = async (range: CreatedRange) => {
    const t = await transactionTotals(db, { status: 'completed', ...range });
    return { count: t.count, amount: t.totalTransactionAmount };
  };
  return {
    pendingRequests: () => count(filteredRequests(db, { status: 'pending' })),
    pendingPayoutRequests: async () => {
      const r = await countedPayoutRequests(db, { status: 'pending' })
        .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(pr.payable_amount_cents), 0)`.as('cents')])
        .executeTakeFirstOrThrow();
      return { count: Number(r.n), amount: dollarsFromCents(r.cents) };
    },
    ongoingCalls: () => count(filteredCalls(db, { status: 'Ongoing' })),
    callsToday: () => count(filteredCalls(db, p.today.range)),
    callsThisMonth: () => count(filteredCalls(db, p.thisMonth.range)),
    revenueToday: () => revenue(p.today.range),
    revenueThisMonth: () => revenue(p.thisMonth.range),
    platformFeesThisMonth: async () => ({
      amount: (await transactionTotals(db, { status: 'completed', ...p.thisMonth.range })).totalPlatformFee,
    }),
    newFansThisWeek: () => count(filteredUsers(db, 'fan', p.thisWeek.range)),
    redemptionsThisMonth: () => count(filteredRedemptions(db, p.thisMonth.range)),
    revenueByDay: () => revenueByDay(db, p.chartDays),
    callsByDay: () => callsByDay(db, p.chartDays),
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
  const periods = periodsOf(now, timeZone);
  const tasks = Object.entries(partsOf(db, periods)) as Array<[keyof Parts, () => Promise<unknown>]>;
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
