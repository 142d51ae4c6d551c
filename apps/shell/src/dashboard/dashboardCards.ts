import { linkTo, type DashboardFigureName, type DashboardSummary, type ScreenKey } from '@backoffice/shared-api';
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

/**
 * A list URL: the list's path under the base (from the table of screens, by its key), and the
 * filters the list reads from its query string.
 */
type ListKey = Extract<
  ScreenKey,
  'requests' | 'payoutRequests' | 'calls' | 'transactions' | 'fans' | 'redemptionHistory'
>;

function listUrl(base: '/app' | '', list: ListKey, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return `${linkTo(base, list)}${query ? `?${query}` : ''}`;
}
const range = (r: Range) => ({ from: r.from, to: r.to });
/** Revenue and fees are the completed payments' amounts. */
const COMPLETED = { status: 'completed' };

/**
 * The dashboard's cards, in the order an admin reads them: what waits for them first, then how the
 * marketplace is doing. Each links to the list it counts, with the same filters the figure used,
 * so the list's total is the figure. `summary` is undefined while the first answer is on its way.
 */
export function dashboardCards(summary: DashboardSummary | undefined, base: '/app' | ''): DashboardCard[] {
  const f = summary?.figures;
  const p = summary?.periods;
  /** A list's URL, filtered to a period's days (unfiltered until the periods are known). */
  const within = (list: ListKey, r: Range | undefined, params: Record<string, string> = {}) =>
    listUrl(base, list, r ? { ...params, ...range(r) } : params);
  const card = (
    key: DashboardFigureName,
    title: string,
    to: string,
    shown: { value: string; note?: string } | undefined,
    note?: string,
  ): DashboardCard => ({
    key,
    title,
    to,
    value: shown?.value,
    note: shown ? (shown.note ?? note) : note,
    needsAction: false,
  });
  const counted = (n: { count: number } | null | undefined) => (n ? { value: count(n.count) } : undefined);
  const revenue = (r: { count: number; amount: number } | null | undefined) =>
    r
      ? { value: formatDollars(r.amount), note: plural(r.count, 'completed payment', 'completed payments') }
      : undefined;
  const waiting = (c: DashboardCard, n: { count: number } | null | undefined): DashboardCard => ({
    ...c,
    needsAction: (n?.count ?? 0) > 0,
  });
  const payouts = f?.pendingPayoutRequests;
  return [
    // Pending is the Requests and Payout requests lists' default filter.
    waiting(
      card(
        'pendingRequests',
        'Pending influencer requests',
        listUrl(base, 'requests'),
        counted(f?.pendingRequests),
        'Waiting for a decision',
      ),
      f?.pendingRequests,
    ),
    waiting(
      card(
        'pendingPayoutRequests',
        'Pending payout requests',
        listUrl(base, 'payoutRequests'),
        payouts ? { value: count(payouts.count), note: `${formatDollars(payouts.amount)} requested` } : undefined,
      ),
      payouts,
    ),
    card(
      'ongoingCalls',
      'Ongoing calls',
      listUrl(base, 'calls', { status: 'Ongoing' }),
      counted(f?.ongoingCalls),
      'In progress now',
    ),
    card('callsToday', 'Calls today', within('calls', p?.today), counted(f?.callsToday), 'Requested today'),
    card(
      'callsThisMonth',
      'Calls this month',
      within('calls', p?.thisMonth),
      counted(f?.callsThisMonth),
      'Requested this month',
    ),
    card('revenueToday', 'Revenue today', within('transactions', p?.today, COMPLETED), revenue(f?.revenueToday)),
    card(
      'revenueThisMonth',
      'Revenue this month',
      within('transactions', p?.thisMonth, COMPLETED),
      revenue(f?.revenueThisMonth),
    ),
    card(
      'platformFeesThisMonth',
      'Platform fees this month',
      within('transactions', p?.thisMonth, COMPLETED),
      f?.platformFeesThisMonth ? { value: formatDollars(f.platformFeesThisMonth.amount) } : undefined,
      'Amount minus payable amount',
    ),
    card(
      'newFansThisWeek',
      'New fans this week',
      within('fans', p?.thisWeek),
      counted(f?.newFansThisWeek),
      'Joined since Monday',
    ),
    card(
      'redemptionsThisMonth',
      'Redemptions this month',
      within('redemptionHistory', p?.thisMonth),
      counted(f?.redemptionsThisMonth),
      'Discount codes redeemed',
    ),
  ];
}
