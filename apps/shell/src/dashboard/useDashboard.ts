import { useMemo } from 'react';
import { useDashboardSummary } from '@backoffice/shared-api';
import { formatDateTime } from '@backoffice/ui-kit';
import { dashboardCards } from './dashboardCards';

/**
 * The dashboard's logic: one request for every figure (kept fresh by the server's events), turned
 * into cards that link to their lists. A failed request leaves what was shown before on screen.
 */
export function useDashboard(base: string) {
  const query = useDashboardSummary();
  const summary = query.data;
  const cards = useMemo(() => dashboardCards(summary, base), [summary, base]);
  // Parts that failed are null; parts not answered yet are undefined.
  const failed = query.isError && !summary;
  return {
    summary,
    cards,
    loading: query.isPending,
    error: query.isError ? (query.error instanceof Error ? query.error.message : String(query.error)) : undefined,
    retry: () => void query.refetch(),
    updatedAt: summary ? formatDateTime(summary.generatedAt) : undefined,
    latestRequests: failed ? null : summary?.latestRequests,
    latestPayoutRequests: failed ? null : summary?.latestPayoutRequests,
  };
}
