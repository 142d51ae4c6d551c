import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_CONNECTED, onServerEvent } from '@backoffice/shared-api/runtime';
import { callEndpoint } from './call-endpoint';
import type { DashboardQuery } from '../contract/dashboard';
import { SOCKET_EVENTS } from '../constants/realtime';
import { queryKeys } from './query';
import { dataOf } from './reads';

export const dashboardApi = {
  getSummary(query: DashboardQuery, signal?: AbortSignal) {
    return callEndpoint('getDashboard', { query, signal });
  },
};

/**
 * The events after which some figure of the dashboard is no longer true. Calls, payments, sign-ups
 * and redemptions are written by the marketplace without telling the API, so those figures also
 * refresh on DASHBOARD_REFRESH_MS.
 */
export const DASHBOARD_EVENTS = [
  SOCKET_EVENTS.influencerRequestCreated,
  SOCKET_EVENTS.influencerRequestDecided,
  SOCKET_EVENTS.payoutRequestCreated,
  SOCKET_EVENTS.payoutRequestDecided,
  SOCKET_EVENTS.userUpdated,
  SOCKET_EVENTS.discountCodeUpdated,
] as const;

export const DASHBOARD_REFRESH_MS = 60_000;

/** The browser's own zone: the lists show and filter dates in it, so the dashboard counts its days. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every dashboard figure in one request, kept fresh by the server's events while it is shown. */
export function useDashboardSummary(timeZone: string = browserTimeZone()) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    const stops = [...DASHBOARD_EVENTS, LIVE_CONNECTED].map((event) => onServerEvent(event, refresh));
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
  return useQuery({
    queryKey: queryKeys.dashboard.summary(timeZone),
    queryFn: ({ signal }) => dataOf(dashboardApi.getSummary({ timeZone }, signal)),
    staleTime: 0,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
