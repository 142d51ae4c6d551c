import type { DashboardFigureName } from '@backoffice/shared-api';
import { dashboardCards, type DashboardCard } from './dashboardCards';
import { summaryOf } from './testFixtures';

const byKey = (cards: DashboardCard[]) =>
  Object.fromEntries(cards.map((c) => [c.key, c])) as Record<DashboardFigureName, DashboardCard>;

describe('dashboardCards', () => {
  it('shows counts with thousands separators and money as US dollars with 2 decimals', () => {
    const c = byKey(dashboardCards(summaryOf(), '/app'));
    expect(c.callsThisMonth.value).toBe('1,208');
    expect(c.revenueThisMonth.value).toBe('$65,432.10');
    expect(c.revenueThisMonth.note).toBe('1 completed payment');
    expect(c.revenueToday.note).toBe('12 completed payments');
    expect(c.platformFeesThisMonth.value).toBe('$19,629.63');
    expect(c.pendingPayoutRequests.value).toBe('3');
    expect(c.pendingPayoutRequests.note).toBe('$1,234.50 requested');
    expect(c.newFansThisWeek.value).toBe('0');
  });

  it('links each figure to its list with the filters the figure counts', () => {
    const c = byKey(dashboardCards(summaryOf(), '/app'));
    expect(c.pendingRequests.to).toBe('/app/requests');
    expect(c.pendingPayoutRequests.to).toBe('/app/payouts-requests');
    expect(c.ongoingCalls.to).toBe('/app/calls?status=Ongoing');
    expect(c.callsToday.to).toBe('/app/calls?from=2026-11-22&to=2026-11-22');
    expect(c.callsThisMonth.to).toBe('/app/calls?from=2026-11-01&to=2026-11-22');
    expect(c.revenueToday.to).toBe('/app/transactions?status=completed&from=2026-11-22&to=2026-11-22');
    expect(c.revenueThisMonth.to).toBe('/app/transactions?status=completed&from=2026-11-01&to=2026-11-22');
    expect(c.platformFeesThisMonth.to).toBe(c.revenueThisMonth.to);
    expect(c.newFansThisWeek.to).toBe('/app/fans?from=2026-11-16&to=2026-11-22');
    expect(c.redemptionsThisMonth.to).toBe('/app/manage-cupon-history?from=2026-11-01&to=2026-11-22');
  });

  it('keeps links on the base the admin is on', () => {
    const c = byKey(dashboardCards(summaryOf(), ''));
    expect(c.callsToday.to).toBe('/calls?from=2026-11-22&to=2026-11-22');
  });

  it('marks a figure the server could not compute as unavailable and leaves the others', () => {
    const summary = summaryOf();
    summary.figures.revenueThisMonth = null;
    summary.figures.pendingPayoutRequests = null;
    const c = byKey(dashboardCards(summary, '/app'));
    expect(c.revenueThisMonth.value).toBeUndefined();
    expect(c.revenueThisMonth.note).toBeUndefined();
    expect(c.pendingPayoutRequests.value).toBeUndefined();
    expect(c.pendingPayoutRequests.needsAction).toBe(false);
    expect(c.platformFeesThisMonth.value).toBe('$19,629.63');
  });

  it('draws attention to work waiting for a decision only when there is some', () => {
    const summary = summaryOf();
    summary.figures.pendingRequests = { count: 0 };
    const c = byKey(dashboardCards(summary, '/app'));
    expect(c.pendingRequests.needsAction).toBe(false);
    expect(c.pendingPayoutRequests.needsAction).toBe(true);
  });

  it('has every card without a value before the first answer', () => {
    const cards = dashboardCards(undefined, '/app');
    expect(cards).toHaveLength(10);
    expect(cards.every((c) => c.value === undefined)).toBe(true);
  });
});
