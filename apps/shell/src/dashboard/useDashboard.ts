import { useMemo } from 'react';
import { useEndpointQuery } from '@backoffice/shared-api';
import { formatDateTime, useRememberFirstRead } from '@backoffice/ui-kit';
import { dashboardCards } from './dashboardCards';

/**
 * Calls, payments, sign-ups and redemptions are written by the marketplace without telling the API,
 * so the figures they feed are read again this often while the dashboard is shown. What the admins
 * change (requests, payouts, codes, users) refreshes it at once, through the server's events.
 */
export const DASHBOARD_REFRESH_MS = 60_000;

/** The browser's own zone: the lists show and filter dates in it, so the dashboard counts its days. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The dashboard's logic: one request for every figure, turned into cards that link to their lists.
 * A failed request leaves what was shown before on screen.
 */
export function useDashboard(base: '/app' | '', timeZone: string = browserTimeZone()) {
  const params = { timeZone };
  const query = useEndpointQuery('getDashboard', params, { staleTime: 0, refetchInterval: DASHBOARD_REFRESH_MS });
  // The next cold load of the dashboard starts this same read with its HTML.
  useRememberFirstRead('getDashboard', params);
  const summary = query.data;
  const cards = useMemo(() => dashboardCards(summary, base), [summary, base]);
  // Parts that failed are null; parts not answered yet are undefined.
  const failed = query.isError && !summary;
  return {
    summary,
    cards,
    loading: query.isPending,
    error: query.isError ? query.error.message : undefined,
    retry: () => void query.refetch(),
    updatedAt: summary ? formatDateTime(summary.generatedAt) : undefined,
    latestRequests: failed ? null : summary?.latestRequests,
    latestPayoutRequests: failed ? null : summary?.latestPayoutRequests,
  };
}
