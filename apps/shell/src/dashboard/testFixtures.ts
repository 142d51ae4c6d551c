import type { CallsDay, DashboardSummary, RevenueDay } from '@backoffice/shared-api';

/** A dashboard answer as the server gives it on a busy day, each part replaceable. */
export function summaryOf(parts: Partial<DashboardSummary> = {}): DashboardSummary {
  const chartDays = ['2026-11-20', '2026-11-21', '2026-11-22'];
  const revenueByDay: RevenueDay[] = chartDays.map((day, i) => ({
    day,
    revenue: 100 * (i + 1),
    platformFee: 30 * (i + 1),
  }));
  const callsByDay: CallsDay[] = chartDays.map((day, i) => ({
    day,
    Requested: i,
    Cancelled: 0,
    Accepted: 1,
    Missed: 0,
    Ongoing: 0,
    Completed: 2 + i,
    Rejected: 0,
  }));
  return {
    generatedAt: '2026-11-22T10:15:00.000Z',
    timeZone: 'UTC',
    periods: {
      today: { from: '2026-11-22', to: '2026-11-22' },
      thisWeek: { from: '2026-11-16', to: '2026-11-22' },
      thisMonth: { from: '2026-11-01', to: '2026-11-22' },
      last30Days: { from: '2026-10-24', to: '2026-11-22' },
    },
    figures: {
      pendingRequests: { count: 7 },
      pendingPayoutRequests: { count: 3, amount: 1234.5 },
      ongoingCalls: { count: 2 },
      callsToday: { count: 41 },
      callsThisMonth: { count: 1208 },
      revenueToday: { count: 12, amount: 950 },
      revenueThisMonth: { count: 1, amount: 65432.1 },
      platformFeesThisMonth: { amount: 19629.63 },
      newFansThisWeek: { count: 0 },
      redemptionsThisMonth: { count: 88 },
    },
    revenueByDay,
    callsByDay,
    latestRequests: [],
    latestPayoutRequests: [],
    ...parts,
  };
}
