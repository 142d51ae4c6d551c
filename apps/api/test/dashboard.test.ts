import { Writable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import {
  ADMIN_MESSAGES,
  CALL_STATUSES,
  DASHBOARD_CHART_DAYS,
  DASHBOARD_LATEST_COUNT,
  DashboardSummary,
  endpoints,
  type CallStatus,
  type PayoutRequestRow,
} from '@backoffice/shared-api/contract';
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { rebuildMaintainedTotals, startBulkLoad } from '../src/db/maintained-totals';
import type { DB } from '../src/db/schema';
import { boundsOf, localDay } from '../src/modules/dashboard/local-days';
import { ageSeedTo } from '../src/seed/age';
import { TEST_ADMIN } from './helpers/constants';
import { allPages } from './helpers/expect';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

// The server validates formats with ajv; the replies are checked here with TypeBox, which needs them named.
FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)) && /T/.test(v));
FormatRegistry.Set('uuid', (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v));
FormatRegistry.Set('email', (v) => /^[^@\s]+@[^@\s]+$/.test(v));

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const cents = (dollars: number) => Math.round(dollars * 100);
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A fixed-offset zone in which it is between 12:00 and 13:00 now, so that "ten minutes ago" and
 * "in five minutes" are today whenever the test runs, and whose days the test can count without
 * any zone data: local time is UTC plus a whole number of hours.
 */
function noonZone(now = Date.now()) {
  const ahead = 12 - new Date(now).getUTCHours(); // -11 .. +12
  // POSIX signs are inverted: Etc/GMT-5 is five hours ahead of UTC.
  const name = ahead === 0 ? 'Etc/GMT' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
  const offset = ahead * HOUR;
  const startOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`) - offset;
  return {
    name,
    dayOf: (instant: number) => iso(instant + offset).slice(0, 10),
    startOf,
    endOf: (day: string) => startOf(day) + DAY - 1,
  };
}
type Zone = ReturnType<typeof noonZone>;

const plusDays = (day: string, n: number) => iso(Date.parse(`${day}T00:00:00.000Z`) + n * DAY).slice(0, 10);

type Range = Record<'from' | 'to', string>;
/** The from and to a card of the period links its list with: its first day's start, its last day's end. */
type RangeOf = (period: { from: string; to: string }) => Range;

const fixedRange =
  (z: Zone): RangeOf =>
  (p) => ({ from: iso(z.startOf(p.from)), to: iso(z.endOf(p.to)) });
const zoneRange =
  (tz: string): RangeOf =>
  (p) => ({ from: boundsOf(p.from, tz).from.toISOString(), to: boundsOf(p.to, tz).to.toISOString() });

async function dashboard(api: TestApi, token: string, timeZone?: string): Promise<DashboardSummary> {
  const r = await api.call('GET', endpoints.getDashboard.path, { token, query: timeZone ? { timeZone } : {} });
  expect(r.status).toBe(200);
  expect(r.body.message).toBe(ADMIN_MESSAGES.dashboard);
  expect(Value.Check(DashboardSummary, r.body.data)).toBe(true);
  return r.body.data;
}

/**
 * Every figure equals what the list it links to reports for the same filters (its total, or the
 * transaction totals for money), and the charts and newest rows agree with the lists too.
 */
async function expectFiguresAsLists(api: TestApi, token: string, s: DashboardSummary, rangeOf: RangeOf) {
  const get = async (path: string, query: Record<string, string>) => {
    const r = await api.call('GET', path, { token, query });
    expect(r.status).toBe(200);
    return r.body;
  };
  const total = async (path: string, query: Record<string, string>) =>
    (await get(path, { ...query, limit: '1' })).total;
  const paid = async (range: Range) => {
    const query = { status: 'completed', ...range };
    const totals = (await get(endpoints.getTransactionTotals.path, query)).data;
    expect(totals.count).toBe(await total(endpoints.getAllTransactions.path, query));
    return totals;
  };
  const { today, thisWeek, thisMonth, last30Days } = s.periods;
  const f = s.figures;

  expect(f.pendingRequests).toEqual({ count: await total(endpoints.getAllRequests.path, { status: 'pending' }) });
  const pendingPayouts = await allPages<PayoutRequestRow>(
    (q) => api.call('GET', endpoints.getAllPayoutRequests.path, { token, query: q }),
    { status: 'pending' },
    100,
  );
  const pendingCents = pendingPayouts.reduce((sum, r) => sum + cents(r.payable_amount), 0);
  expect(f.pendingPayoutRequests).toEqual({ count: pendingPayouts.length, amount: pendingCents / 100 });
  expect(f.ongoingCalls).toEqual({ count: await total(endpoints.getAllCalls.path, { status: 'Ongoing' }) });
  expect(f.callsToday).toEqual({ count: await total(endpoints.getAllCalls.path, rangeOf(today)) });
  expect(f.callsThisMonth).toEqual({ count: await total(endpoints.getAllCalls.path, rangeOf(thisMonth)) });
  const paidToday = await paid(rangeOf(today));
  expect(f.revenueToday).toEqual({ count: paidToday.count, amount: paidToday.totalTransactionAmount });
  const paidThisMonth = await paid(rangeOf(thisMonth));
  expect(f.revenueThisMonth).toEqual({ count: paidThisMonth.count, amount: paidThisMonth.totalTransactionAmount });
  expect(f.platformFeesThisMonth).toEqual({ amount: paidThisMonth.totalPlatformFee });
  expect(f.newFansThisWeek).toEqual({ count: await total(endpoints.getAllFans.path, rangeOf(thisWeek)) });
  expect(f.redemptionsThisMonth).toEqual({ count: await total(endpoints.getAllRedemptions.path, rangeOf(thisMonth)) });

  // The charts cover the last 30 days, as the lists count them.
  const month30 = rangeOf(last30Days);
  const callsIn30 = s.callsByDay!.reduce((n, d) => n + CALL_STATUSES.reduce((m, st) => m + d[st], 0), 0);
  expect(callsIn30).toBe(await total(endpoints.getAllCalls.path, month30));
  const paid30 = await paid(month30);
  expect(s.revenueByDay!.reduce((c, d) => c + cents(d.revenue), 0)).toBe(cents(paid30.totalTransactionAmount));
  expect(s.revenueByDay!.reduce((c, d) => c + cents(d.platformFee), 0)).toBe(cents(paid30.totalPlatformFee));

  const newest = { page: '1', limit: String(DASHBOARD_LATEST_COUNT), sortOrder: 'desc' };
  expect(s.latestRequests).toEqual((await get(endpoints.getAllRequests.path, { ...newest, sortBy: 'updatedAt' })).data);
  expect(s.latestPayoutRequests).toEqual(
    (await get(endpoints.getAllPayoutRequests.path, { ...newest, sortBy: 'createdAt' })).data,
  );
  return { callsIn30, paid30 };
}

describe.each(BACKENDS)('GET /dashboard/getSummary on the seeded demo data (%s)', (backend) => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
    // The seed's dates are fixed and grow older every day: moved to today, every period holds rows.
    await ageSeedTo(api.database.db);
  });
  afterAll(() => api?.close());

  it('gives the days of each period in the zone asked for', async () => {
    const zone = noonZone();
    const s = await dashboard(api, token, zone.name);
    const today = zone.dayOf(Date.now());
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // 0 on Monday
    expect(s.timeZone).toBe(zone.name);
    expect(s.periods).toEqual({
      today: { from: today, to: today },
      thisWeek: { from: plusDays(today, -weekday), to: today },
      thisMonth: { from: `${today.slice(0, 8)}01`, to: today },
      last30Days: { from: plusDays(today, -29), to: today },
    });
    expect(s.revenueByDay!.map((d) => d.day)).toEqual(
      Array.from({ length: DASHBOARD_CHART_DAYS }, (_, i) => plusDays(today, i - 29)),
    );
    expect(s.callsByDay!.map((d) => d.day)).toEqual(s.revenueByDay!.map((d) => d.day));
    expect(Math.abs(Date.parse(s.generatedAt) - Date.now())).toBeLessThan(60_000);
  });

  it('counts every figure as its list does, in a fixed-offset zone', async () => {
    const zone = noonZone();
    const s = await dashboard(api, token, zone.name);
    const { callsIn30, paid30 } = await expectFiguresAsLists(api, token, s, fixedRange(zone));
    // not vacuous: the aged seed has calls and payments in the last 30 days
    expect(callsIn30).toBeGreaterThan(0);
    expect(paid30.count).toBeGreaterThan(0);
    expect(s.latestRequests!.length).toBeGreaterThan(0);
    expect(s.latestPayoutRequests!.length).toBe(DASHBOARD_LATEST_COUNT);
  });

  it('counts every figure as its list does, in a zone with daylight saving time', async () => {
    const s = await dashboard(api, token, 'America/New_York');
    expect(s.periods.today.from).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date()),
    );
    await expectFiguresAsLists(api, token, s, zoneRange('America/New_York'));
  });

  // The charts read their 30 days as one run of hours (or quarters: Kolkata, St John's), each hour
  // given to its local day; zones ahead of and behind UTC, some with a daylight-saving change in
  // November: each day of each chart is what its lists say for that local day, not only the sum.
  it.each(['Europe/Paris', 'Asia/Kolkata', 'Pacific/Kiritimati', 'America/New_York', 'America/St_Johns'])(
    'charts each local day as its lists count it, in %s',
    async (zone) => {
      const s = await dashboard(api, token, zone);
      const range = zoneRange(zone);
      const query = async (path: string, q: Record<string, string>) => {
        const r = await api.call('GET', path, { token, query: q });
        expect(r.status).toBe(200);
        return r.body;
      };
      let busy = 0;
      for (const [i, d] of s.revenueByDay!.entries()) {
        const day = range({ from: d.day, to: d.day });
        const paid = (await query(endpoints.getTransactionTotals.path, { status: 'completed', ...day })).data;
        const calls = (await query(endpoints.getAllCalls.path, { ...day, limit: '1' })).total ?? 0;
        const charted = s.callsByDay![i]!;
        expect({ day: d.day, revenue: d.revenue, fee: d.platformFee, calls: charted.day }).toEqual({
          day: d.day,
          revenue: paid.totalTransactionAmount,
          fee: paid.totalPlatformFee,
          calls: d.day,
        });
        expect({ day: d.day, calls: CALL_STATUSES.reduce((n, st) => n + charted[st], 0) }).toEqual({
          day: d.day,
          calls,
        });
        if (calls > 0 && paid.count > 0) busy++;
      }
      // not vacuous: the aged seed has calls and payments on most of these days
      expect(busy).toBeGreaterThan(DASHBOARD_CHART_DAYS / 2);
    },
  );

  it("uses the admin's own time zone when none is asked for, and UTC when theirs is unknown", async () => {
    const admins = api.database.db.updateTable('admins').where('email', '=', TEST_ADMIN.adminEmail);
    try {
      await admins.set({ time_zone: 'Asia/Tokyo' }).execute();
      const s = await dashboard(api, token);
      expect(s.timeZone).toBe('Asia/Tokyo');
      expect(s.periods.today.from).toBe(
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date()),
      );
      await expectFiguresAsLists(api, token, s, zoneRange('Asia/Tokyo'));

      await admins.set({ time_zone: 'Atlantis/Capital' }).execute();
      expect((await dashboard(api, token)).timeZone).toBe('UTC');
    } finally {
      await admins.set({ time_zone: 'UTC' }).execute();
    }
  });

  it.each(['Mars/Olympus_Mons', 'UTC+5', ' ', 'Europe/Paris; DROP TABLE users'])(
    'refuses the unknown zone %j on its field',
    async (timeZone) => {
      const r = await api.call('GET', endpoints.getDashboard.path, { token, query: { timeZone } });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        statusCode: 400,
        message: ADMIN_MESSAGES.badTimeZone,
        errors: { timeZone: ADMIN_MESSAGES.badTimeZone },
      });
    },
  );

  it('refuses a caller without a valid token', async () => {
    expect((await api.call('GET', endpoints.getDashboard.path)).status).toBe(401);
    expect((await api.call('GET', endpoints.getDashboard.path, { token: 'not-a-token' })).status).toBe(401);
  });
});

describe.each(BACKENDS)('GET /dashboard/getSummary on rows with known dates (%s)', (backend) => {
  let api: TestApi;
  let token: string;
  let logs = '';
  const zone = noonZone();
  const now = Date.now();
  const today = zone.dayOf(now);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = plusDays(today, -weekday);
  const first = `${today.slice(0, 8)}01`;
  const chartFirst = plusDays(today, -29);
  /** The instants rows are put at: around "now" and exactly on and just off every period's bounds. */
  const at = {
    tenMinutesAgo: now - 10 * MIN,
    fiveMinutesAgo: now - 5 * MIN,
    todayStart: zone.startOf(today),
    beforeToday: zone.startOf(today) - 1,
    todayEnd: zone.endOf(today),
    tomorrow: zone.endOf(today) + 1,
    weekStart: zone.startOf(monday),
    beforeWeek: zone.startOf(monday) - 1,
    monthStart: zone.startOf(first),
    beforeMonth: zone.startOf(first) - 1,
    chartStart: zone.startOf(chartFirst),
    beforeChart: zone.startOf(chartFirst) - 1,
    fortyDaysAgo: now - 40 * DAY,
  };
  type At = keyof typeof at;
  const within = (instant: number, from: string, to: string) =>
    instant >= zone.startOf(from) && instant <= zone.endOf(to);

  const fans: At[] = ['tenMinutesAgo', 'todayEnd', 'tomorrow', 'weekStart', 'beforeWeek', 'fortyDaysAgo'];
  const calls: Array<[At, CallStatus]> = [
    ['tenMinutesAgo', 'Requested'],
    ['todayStart', 'Completed'],
    ['beforeToday', 'Completed'],
    ['monthStart', 'Missed'],
    ['beforeMonth', 'Missed'],
    ['fortyDaysAgo', 'Ongoing'],
    ['fiveMinutesAgo', 'Ongoing'],
    ['tomorrow', 'Accepted'],
    ['chartStart', 'Cancelled'],
    ['beforeChart', 'Rejected'],
  ];
  /** [when, status, amount, payable amount] in cents */
  const payments: Array<[At, string, number, number]> = [
    ['tenMinutesAgo', 'completed', 10_000, 8_000],
    ['todayStart', 'completed', 5_025, 4_020],
    ['monthStart', 'completed', 1_001, 900],
    ['beforeMonth', 'completed', 99_999, 99],
    ['fiveMinutesAgo', 'failed', 100_000, 0],
    ['fiveMinutesAgo', 'pending', 500, 500],
    ['tomorrow', 'completed', 333, 300],
    ['chartStart', 'completed', 100, 50],
    ['beforeChart', 'completed', 200, 100],
    ['fortyDaysAgo', 'completed', 700, 700],
  ];
  const redemptions: At[] = ['monthStart', 'beforeMonth', 'tenMinutesAgo', 'tomorrow'];
  const requestIds: string[] = [];
  const payoutRequestIds: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, cb) {
        logs += chunk.toString();
        cb();
      },
    });
    api = await startTestApi(backend, { logStream: stream, env: { LOG_LEVEL: 'error' } });
    token = await api.signIn();
    const db = api.database.db;
    // Only the rows below: every table that refers to users goes with them. Deleted, not
    // truncated, so that every total kept by triggers follows (TRUNCATE fires only its own).
    for (const table of [
      'payouts',
      'payout_requests',
      'refunds',
      'transactions',
      'redemptions',
      'discount_codes',
      'video_calls',
      'influencer_requests',
      'notifications',
      'users',
    ] as const) {
      await db.deleteFrom(table).execute();
    }

    const person = (name: string, created: number, isInfluencer = false) => ({
      user_name: name,
      email: `${name}@known.test`,
      display_name: name,
      first_name: name,
      last_name: 'Known',
      is_influencer: isInfluencer,
      created_at: iso(created),
    });
    const [host, payer] = await db
      .insertInto('users')
      .values([person('host', at.tenMinutesAgo, true), person('payer', now - 400 * DAY)])
      .returning('id')
      .execute();
    const fanIds = await db
      .insertInto('users')
      .values(fans.map((when, i) => person(`fan${i}`, at[when])))
      .returning('id')
      .execute();
    await db
      .insertInto('video_calls')
      .values(
        calls.map(([when, status]) => ({
          host_id: host!.id,
          receiver_id: payer!.id,
          status,
          created_at: iso(at[when]),
        })),
      )
      .execute();
    await db
      .insertInto('transactions')
      .values(
        payments.map(([when, status, amount, payable], i) => ({
          transaction_id: `txn_known_${i}`,
          user_id: payer!.id,
          type: 'video_call',
          status,
          amount_cents: amount,
          payable_amount_cents: payable,
          created_at: iso(at[when]),
        })),
      )
      .execute();
    await db
      .insertInto('redemptions')
      .values(
        redemptions.map((when) => ({ user_id: payer!.id, redeemed_at: iso(at[when]), created_at: iso(at[when]) })),
      )
      .execute();
    // Six requests, newest first, of which four are pending; one applicant each (one pending per user).
    const statuses = ['pending', 'approved', 'pending', 'rejected', 'pending', 'pending'] as const;
    for (const [i, status] of statuses.entries()) {
      const r = await db
        .insertInto('influencer_requests')
        .values({
          user_id: [payer!, ...fanIds][i]!.id,
          status,
          created_at: iso(now - (i + 1) * HOUR),
          updated_at: iso(now - (i + 1) * MIN),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      requestIds.push(r.id);
    }
    // Six payout requests, newest first: two pending, asking $12.34 and $0.66 payable.
    const payouts = [
      ['pending', 2_000, 1_234],
      ['approved', 5_000, 4_000],
      ['pending', 100, 66],
      ['rejected', 700, 600],
      ['approved', 800, 800],
      ['rejected', 900, 900],
    ] as const;
    for (const [i, [status, amount, payable]] of payouts.entries()) {
      const r = await db
        .insertInto('payout_requests')
        .values({
          influencer_id: host!.id,
          status,
          amount_cents: amount,
          payable_amount_cents: payable,
          created_at: iso(now - (i + 1) * MIN),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      payoutRequestIds.push(r.id);
    }
  });
  afterAll(() => api?.close());

  it('has exactly the known figures', async () => {
    const s = await dashboard(api, token, zone.name);
    const calledIn = (from: string, to: string) => calls.filter(([when]) => within(at[when], from, to)).length;
    const completedIn = (from: string, to: string) =>
      payments.filter(([when, status]) => status === 'completed' && within(at[when], from, to));
    const sum = (rows: typeof payments, of: (r: (typeof payments)[number]) => number) =>
      rows.reduce((n, r) => n + of(r), 0) / 100;
    const paidToday = completedIn(today, today);
    const paidThisMonth = completedIn(first, today);

    expect(s.figures).toEqual({
      pendingRequests: { count: 4 },
      pendingPayoutRequests: { count: 2, amount: 13 },
      ongoingCalls: { count: 2 },
      callsToday: { count: calledIn(today, today) },
      callsThisMonth: { count: calledIn(first, today) },
      revenueToday: { count: paidToday.length, amount: sum(paidToday, (r) => r[2]) },
      revenueThisMonth: { count: paidThisMonth.length, amount: sum(paidThisMonth, (r) => r[2]) },
      platformFeesThisMonth: { amount: sum(paidThisMonth, (r) => r[2] - r[3]) },
      // now, the end of today and Monday's first instant; not the minute before Monday nor tomorrow
      newFansThisWeek: { count: 3 },
      redemptionsThisMonth: { count: redemptions.filter((when) => within(at[when], first, today)).length },
    });
    // What holds whatever the date: today has the calls of ten and five minutes ago and of its first
    // instant, and the two payments made today; the rows of tomorrow and 40 days ago count nowhere.
    expect(s.figures.callsToday!.count).toBe(first === today ? 4 : 3);
    expect(s.figures.revenueToday).toEqual(
      first === today ? { count: 3, amount: 160.26 } : { count: 2, amount: 150.25 },
    );
  });

  it('charts each of the last 30 days, zero-filled, by local day', async () => {
    const s = await dashboard(api, token, zone.name);
    const days = Array.from({ length: DASHBOARD_CHART_DAYS }, (_, i) => plusDays(today, i - 29));
    expect(s.revenueByDay).toEqual(
      days.map((day) => {
        const paid = payments.filter(([when, status]) => status === 'completed' && within(at[when], day, day));
        return {
          day,
          revenue: paid.reduce((n, r) => n + r[2], 0) / 100,
          platformFee: paid.reduce((n, r) => n + r[2] - r[3], 0) / 100,
        };
      }),
    );
    expect(s.callsByDay).toEqual(
      days.map((day) => ({
        day,
        ...Object.fromEntries(
          CALL_STATUSES.map((st) => [st, calls.filter(([when, s2]) => s2 === st && within(at[when], day, day)).length]),
        ),
      })),
    );
    expect(s.revenueByDay!.at(-1)).toEqual(
      first === today
        ? { day: today, revenue: 160.26, platformFee: 31.06 }
        : { day: today, revenue: 150.25, platformFee: 30.05 },
    );
    expect(s.callsByDay!.at(-1)).toMatchObject({ day: today, Requested: 1, Ongoing: 1, Accepted: 0 });
    // the first chart day starts at its first instant; the millisecond before is out of the chart
    expect(s.callsByDay![0]).toMatchObject({ day: chartFirst, Cancelled: 1, Rejected: 0 });
    expect(s.revenueByDay![0]!.revenue).toBeGreaterThanOrEqual(1);
  });

  it('lists the newest five requests and payout requests, newest first', async () => {
    const s = await dashboard(api, token, zone.name);
    expect(s.latestRequests!.map((r) => r._id)).toEqual(requestIds.slice(0, DASHBOARD_LATEST_COUNT));
    expect(s.latestRequests!.map((r) => r.status)).toEqual(['pending', 'approved', 'pending', 'rejected', 'pending']);
    expect(s.latestPayoutRequests!.map((r) => r._id)).toEqual(payoutRequestIds.slice(0, DASHBOARD_LATEST_COUNT));
    expect(s.latestPayoutRequests![0]).toMatchObject({ status: 'pending', amount: 20, payable_amount: 12.34 });
  });

  it('agrees with the lists on these rows too', async () => {
    await expectFiguresAsLists(api, token, await dashboard(api, token, zone.name), fixedRange(zone));
  });

  it('leaves out, and logs, a figure whose query fails, and still gives every other one', async () => {
    const db = api.database.db;
    const before = await dashboard(api, token, zone.name);
    // The redemptions table is out of reach for a moment: only the figure that reads it fails.
    await sql`ALTER TABLE redemptions RENAME TO redemptions_away`.execute(db);
    let s: DashboardSummary;
    try {
      s = await dashboard(api, token, zone.name);
    } finally {
      await sql`ALTER TABLE redemptions_away RENAME TO redemptions`.execute(db);
    }
    expect(s.figures).toEqual({ ...before.figures, redemptionsThisMonth: null });
    expect({ ...s, generatedAt: '', figures: null }).toEqual({ ...before, generatedAt: '', figures: null });
    const errors = logs
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((l) => l.level === 50);
    expect(errors).toEqual([
      expect.objectContaining({ part: 'redemptionsThisMonth', msg: 'a dashboard figure could not be computed' }),
    ]);
    // logged with the request it belongs to
    expect(errors[0].reqId).toBeDefined();
  });
});

const TOTALS_TABLES = ['transaction_totals', 'video_call_totals', 'user_totals', 'redemption_totals'] as const;

/** Every maintained total, as text, in one order. */
async function totalsIn(db: Kysely<DB>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TOTALS_TABLES) {
    const { rows } = await sql<{ r: string }>`SELECT t::text AS r FROM ${sql.table(table)} t ORDER BY 1`.execute(db);
    out[table] = rows.map((x) => x.r);
  }
  return out;
}

/** What the triggers kept equals what rebuild_daily_totals() computes from the rows. */
async function expectRebuildAgrees(db: Kysely<DB>): Promise<Record<string, string[]>> {
  const kept = await totalsIn(db);
  await sql`SELECT rebuild_daily_totals()`.execute(db);
  expect(await totalsIn(db)).toEqual(kept);
  return kept;
}

/** An instant to the microsecond: `ms` and then `micro` more microseconds. */
const micro = (ms: number, micro = 0) => new Date(ms).toISOString().replace('Z', `${String(micro).padStart(3, '0')}Z`);

describe.each(BACKENDS)('the figures follow every write, in a zone 5:45 ahead of UTC (%s)', (backend) => {
  const TZ = 'Asia/Kathmandu';
  let api: TestApi;
  let token: string;
  let db: Kysely<DB>;
  let serial = 0;
  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
    db = api.database.db;
    // One UPDATE per table moves every date: the update trigger moves every row between buckets.
    await ageSeedTo(db);
  });
  afterAll(() => api?.close());

  const summary = async () => {
    const s = await dashboard(api, token, TZ);
    await expectFiguresAsLists(api, token, s, zoneRange(TZ));
    return s.figures;
  };
  const payment = (userId: string, createdAt: string, status = 'completed', amount = 1_000, payable = 800) => ({
    transaction_id: `txn_follow_${++serial}`,
    user_id: userId,
    type: 'tip',
    status,
    amount_cents: amount,
    payable_amount_cents: payable,
    created_at: createdAt,
  });
  const someone = async () => (await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

  it('holds, after the seed and the move of its dates, exactly the totals a rebuild computes', async () => {
    const kept = await expectRebuildAgrees(db);
    for (const table of TOTALS_TABLES) expect(kept[table]!.length).toBeGreaterThan(0);
    await summary();
  });

  it('counts payments, calls, redemptions and fans as they are written, changed, moved and deleted around local midnight', async () => {
    const today = boundsOf(localDay(Date.now(), TZ), TZ);
    const start = today.from.getTime(); // hh:15 UTC: local midnight is not on a UTC hour
    const at = {
      yesterdaysLastMicrosecond: micro(start - 1, 999), // in yesterday's chart bar, in no list's day
      yesterdaysLastMillisecond: micro(start - 1),
      todaysFirstInstant: micro(start),
      quartersLastMicrosecond: micro(start + 45 * MIN - 1, 999), // 18:59:59.999999 UTC
      onTheHour: micro(start + 45 * MIN),
      midday: micro(start + 12 * HOUR),
      todaysLastMicrosecond: micro(today.to.getTime(), 999), // after the lists' "to", in today's buckets
    };
    const userId = await someone();
    const s0 = await summary();

    // One statement of many rows, over several buckets of both days
    const rows = {
      yesterdaysLastMicrosecond: payment(userId, at.yesterdaysLastMicrosecond),
      yesterdaysLastMillisecond: payment(userId, at.yesterdaysLastMillisecond),
      todaysFirstInstant: payment(userId, at.todaysFirstInstant, 'completed', 5_025, 4_020),
      quartersLastMicrosecond: payment(userId, at.quartersLastMicrosecond),
      onTheHour: payment(userId, at.onTheHour),
      midday: payment(userId, at.midday, 'pending'),
      todaysLastMicrosecond: payment(userId, at.todaysLastMicrosecond),
    };
    await db.insertInto('transactions').values(Object.values(rows)).execute();
    const id = (which: keyof typeof rows) => rows[which].transaction_id;
    const s1 = await summary();
    expect(s1.revenueToday!.count - s0.revenueToday!.count).toBe(3);
    expect(Math.round((s1.revenueToday!.amount - s0.revenueToday!.amount) * 100)).toBe(5_025 + 2 * 1_000);

    // A status and an amount change; a payment moved out of the chart, another from yesterday to today
    await db
      .updateTable('transactions')
      .set({ status: 'completed' })
      .where('transaction_id', '=', id('midday'))
      .execute();
    await db
      .updateTable('transactions')
      .set({ amount_cents: 3_000 })
      .where('transaction_id', '=', id('onTheHour'))
      .execute();
    await db
      .updateTable('transactions')
      .set({ created_at: micro(start - 40 * DAY) })
      .where('transaction_id', '=', id('todaysFirstInstant'))
      .execute();
    await db
      .updateTable('transactions')
      .set({ created_at: micro(start + HOUR, 500) })
      .where('transaction_id', '=', id('yesterdaysLastMillisecond'))
      .execute();
    const s2 = await summary();
    expect(s2.revenueToday!.count - s0.revenueToday!.count).toBe(4);
    expect(Math.round((s2.revenueToday!.amount - s0.revenueToday!.amount) * 100)).toBe(3 * 1_000 + 3_000);

    await db.deleteFrom('transactions').where('transaction_id', '=', id('onTheHour')).execute();
    expect((await summary()).revenueToday!.count - s0.revenueToday!.count).toBe(3);

    // Calls: requested at the same instants, one turned Ongoing, one deleted
    const [hostId, receiverId] = (await db.selectFrom('users').select('id').orderBy('id').limit(2).execute()).map(
      (u) => u.id,
    );
    const call = (createdAt: string, status: CallStatus) => ({
      host_id: hostId!,
      receiver_id: receiverId!,
      status,
      created_at: createdAt,
    });
    const callIds = await db
      .insertInto('video_calls')
      .values([
        call(at.yesterdaysLastMicrosecond, 'Missed'),
        call(at.todaysFirstInstant, 'Completed'),
        call(at.quartersLastMicrosecond, 'Requested'),
        call(at.midday, 'Requested'),
        call(at.todaysLastMicrosecond, 'Accepted'),
      ])
      .returning('id')
      .execute();
    const s3 = await summary();
    expect(s3.callsToday!.count - s0.callsToday!.count).toBe(3);
    await db.updateTable('video_calls').set({ status: 'Ongoing' }).where('id', '=', callIds[3]!.id).execute();
    await db.deleteFrom('video_calls').where('id', '=', callIds[1]!.id).execute();
    const s4 = await summary();
    expect(s4.ongoingCalls!.count - s0.ongoingCalls!.count).toBe(1);
    expect(s4.callsToday!.count - s0.callsToday!.count).toBe(2);

    // Fans who joined at today's first instant and last microsecond; redemptions on both sides of midnight
    await db
      .insertInto('users')
      .values(
        [at.todaysFirstInstant, at.todaysLastMicrosecond].map((createdAt, i) => ({
          user_name: `follow_${i}`,
          email: `follow_${i}@known.test`,
          created_at: createdAt,
        })),
      )
      .execute();
    await db
      .insertInto('redemptions')
      .values(
        [at.yesterdaysLastMillisecond, at.todaysFirstInstant, at.todaysLastMicrosecond].map((when) => ({
          user_id: userId,
          redeemed_at: when,
        })),
      )
      .execute();
    const s5 = await summary();
    expect(s5.newFansThisWeek!.count - s0.newFansThisWeek!.count).toBe(1);
    expect(s5.redemptionsThisMonth!.count - s0.redemptionsThisMonth!.count).toBeGreaterThanOrEqual(1);

    await expectRebuildAgrees(db);
  });

  it("takes a fan an admin approves as an influencer out of this week's new fans", async () => {
    const [fan] = await db
      .insertInto('users')
      .values({ user_name: 'newcomer', email: 'newcomer@known.test', created_at: new Date() })
      .returning('id')
      .execute();
    const filed = await api.call('POST', endpoints.createInfluencerRequest.path, {
      marketplace: true,
      body: { userId: fan!.id },
    });
    expect(filed.status).toBe(200);
    const before = await summary();
    const decided = await api.call('PATCH', endpoints.decideRequest.path, {
      token,
      body: { id: filed.body.data._id, decision: 'approved' },
    });
    expect(decided.status).toBe(200);
    const after = await summary();
    expect(after.newFansThisWeek!.count).toBe(before.newFansThisWeek!.count - 1);
    expect(after.pendingRequests!.count).toBe(before.pendingRequests!.count - 1);
    await expectRebuildAgrees(db);
  });

  it('leaves the totals alone during a bulk load, which rebuilds them once at its end', async () => {
    const userId = await someone();
    const before = await summary();
    await db.transaction().execute(async (trx) => {
      await startBulkLoad(trx);
      const kept = await totalsIn(trx);
      await trx
        .insertInto('transactions')
        .values([payment(userId, micro(Date.now() - MIN)), payment(userId, micro(Date.now() - MIN))])
        .execute();
      await trx
        .updateTable('video_calls')
        .set({ created_at: sql`created_at - interval '1 day'` })
        .execute();
      expect(await totalsIn(trx)).toEqual(kept);
      await rebuildMaintainedTotals(trx);
    });
    // outside the bulk load's transaction the triggers are on again
    await db
      .insertInto('transactions')
      .values(payment(userId, micro(Date.now() - MIN)))
      .execute();
    expect((await summary()).revenueToday!.count).toBe(before.revenueToday!.count + 3);
    await expectRebuildAgrees(db);
  });

  // PGlite has one connection: two writers at once exist only on PostgreSQL.
  const onPostgres = backend === 'postgres' ? it : () => undefined;
  onPostgres(
    'adds up two transactions writing to the same bucket at once: the second waits for the first',
    async () => {
      const userId = await someone();
      const when = micro(Date.now() - 2 * MIN);
      const before = await summary();
      let inserted!: () => void;
      let release!: () => void;
      const firstInserted = new Promise<void>((r) => (inserted = r));
      const held = new Promise<void>((r) => (release = r));
      const first = db.transaction().execute(async (trx) => {
        await trx.insertInto('transactions').values(payment(userId, when)).execute();
        inserted();
        await held;
      });
      await firstInserted;
      const second = db.transaction().execute(async (trx) => {
        await trx
          .insertInto('transactions')
          .values(payment(userId, when, 'completed', 2_000, 1_000))
          .execute();
      });
      // the second's trigger waits on the bucket the first added to, until the first commits
      let waiting = 0;
      for (let i = 0; i < 50 && waiting === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
        waiting = rows[0]!.n;
      }
      expect(waiting).toBe(1);
      release();
      await Promise.all([first, second]);
      const after = await summary();
      expect(after.revenueToday!.count).toBe(before.revenueToday!.count + 2);
      expect(Math.round((after.revenueToday!.amount - before.revenueToday!.amount) * 100)).toBe(3_000);
      await expectRebuildAgrees(db);
    },
  );

  // Last: the lists' own counts (migration 0007) may not follow a TRUNCATE.
  it('empties the totals of a table that is truncated', async () => {
    await sql`TRUNCATE redemptions`.execute(db);
    expect((await totalsIn(db)).redemption_totals).toEqual([]);
    expect((await dashboard(api, token, TZ)).figures.redemptionsThisMonth).toEqual({ count: 0 });
    await expectRebuildAgrees(db);
  });
});
