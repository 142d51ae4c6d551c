import type { DashboardFigureName, DashboardSummary } from '@backoffice/shared-api';
import { formatDollars } from '@backoffice/ui-kit';

/** One figure card: what it counts, its value as shown, and the list of the records it counts. */
export interface DashboardCard {
  key: DashboardFigureName;
  title: string;
  /** The figure as shown; undefined while it is unavailable (or still loading). */
  value: string | undefined;
  /** A second figure or a word on what is counted, under the value. */
  note: string | undefined;
  /** The list screen that shows the records behind the figure, filtered to them. */
  to: string;
  /** Whether the figure asks for an admin's action (it draws the eye when above zero). */
  needsAction: boolean;
}

const COUNT = new Intl.NumberFormat('en-US');
const count = (n: number) => COUNT.format(n);
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

type Periods = DashboardSummary['periods'];
type Range = Periods['today'];

/** A list URL: the path under the base, and the filters the list reads from its query string. */
function listUrl(base: string, path: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return `${base}/${path}${query ? `?${query}` : ''}`;
}
const range = (r: Range) => ({ from: r.from, to: r.to });

/**
 * The dashboard's cards, in the order an admin reads them: what waits for them first, then how the
 * marketplace is doing. Each links to the list it counts, with the same filters the figure used,
 * so the list's total is the figure. `summary` is undefined while the first answer is on its way.
 */
export function dashboardCards(summary: DashboardSummary | undefined, base: string): DashboardCard[] {
  const f = summary?.figures;
  const p = summary?.periods;
  const completed = (r: Range | undefined) =>
    listUrl(base, 'transactions', r ? { status: 'completed', ...range(r) } : { status: 'completed' });
  const calls = (r: Range | undefined) => listUrl(base, 'calls', r ? range(r) : {});
  return [
    {
      key: 'pendingRequests',
      title: 'Pending influencer requests',
      value: f?.pendingRequests ? count(f.pendingRequests.count) : undefined,
      note: 'Waiting for a decision',
      // Pending is the Requests list's default filter.
      to: listUrl(base, 'requests'),
      needsAction: (f?.pendingRequests?.count ?? 0) > 0,
    },
    {
      key: 'pendingPayoutRequests',
      title: 'Pending payout requests',
      value: f?.pendingPayoutRequests ? count(f.pendingPayoutRequests.count) : undefined,
      note: f?.pendingPayoutRequests ? `${formatDollars(f.pendingPayoutRequests.amount)} requested` : undefined,
      to: listUrl(base, 'payouts-requests'),
      needsAction: (f?.pendingPayoutRequests?.count ?? 0) > 0,
    },
    {
      key: 'ongoingCalls',
      title: 'Ongoing calls',
      value: f?.ongoingCalls ? count(f.ongoingCalls.count) : undefined,
      note: 'In progress now',
      to: listUrl(base, 'calls', { status: 'Ongoing' }),
      needsAction: false,
    },
    {
      key: 'callsToday',
      title: 'Calls today',
      value: f?.callsToday ? count(f.callsToday.count) : undefined,
      note: 'Requested today',
      to: calls(p?.today),
      needsAction: false,
    },
    {
      key: 'callsThisMonth',
      title: 'Calls this month',
      value: f?.callsThisMonth ? count(f.callsThisMonth.count) : undefined,
      note: 'Requested this month',
      to: calls(p?.thisMonth),
      needsAction: false,
    },
    {
      key: 'revenueToday',
      title: 'Revenue today',
      value: f?.revenueToday ? formatDollars(f.revenueToday.amount) : undefined,
      note: f?.revenueToday ? plural(f.revenueToday.count, 'completed payment', 'completed payments') : undefined,
      to: completed(p?.today),
      needsAction: false,
    },
    {
      key: 'revenueThisMonth',
      title: 'Revenue this month',
      value: f?.revenueThisMonth ? formatDollars(f.revenueThisMonth.amount) : undefined,
      note: f?.revenueThisMonth
        ? plural(f.revenueThisMonth.count, 'completed payment', 'completed payments')
        : undefined,
      to: completed(p?.thisMonth),
      needsAction: false,
    },
    {
      key: 'platformFeesThisMonth',
      title: 'Platform fees this month',
      value: f?.platformFeesThisMonth ? formatDollars(f.platformFeesThisMonth.amount) : undefined,
      note: 'Amount minus payable amount',
      to: completed(p?.thisMonth),
      needsAction: false,
    },
    {
      key: 'newFansThisWeek',
      title: 'New fans this week',
      value: f?.newFansThisWeek ? count(f.newFansThisWeek.count) : undefined,
      note: 'Joined since Monday',
      to: listUrl(base, 'fans', p ? range(p.thisWeek) : {}),
      needsAction: false,
    },
    {
      key: 'redemptionsThisMonth',
      title: 'Redemptions this month',
      value: f?.redemptionsThisMonth ? count(f.redemptionsThisMonth.count) : undefined,
      note: 'Discount codes redeemed',
      to: listUrl(base, 'manage-cupon-history', p ? range(p.thisMonth) : {}),
      needsAction: false,
    },
  ];
}
