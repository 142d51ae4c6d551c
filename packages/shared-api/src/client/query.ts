import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@backoffice/shared-api/runtime';
import type { FanListQuery, InfluencerListQuery, RequestListQuery } from '../contract/people';
import type { RedemptionListQuery } from '../contract/redemption';
import type {
  PaymentMethodListQuery,
  PayoutListQuery,
  PayoutRequestListQuery,
  TransactionListQuery,
  TransactionTotalsQuery,
} from '../contract/payments';
import type {
  CallListQuery,
  DiscountCodeListQuery,
  EmailTemplateListQuery,
  NotificationListQuery,
} from '../contract/catalog';
import type { AuditLogQuery } from '../contract/audit';
import type { FanDetailsParams } from './people';

/** Another try will not change a 4xx answer; a network blip or a 5xx may pass the second time. */
function retryOnce(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) return false;
  return failureCount < 1;
}

/** One client for the shell and every remote, so that they share one cache. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryOnce, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

/** Each key starts with its area, so that `invalidateQueries({ queryKey: ['fans'] })` reaches them all. */
export const queryKeys = {
  fans: {
    all: ['fans'] as const,
    list: (params: FanListQuery) => ['fans', 'list', params] as const,
    detail: (id: string) => ['fans', 'detail', id] as const,
    details: (id: string, params: FanDetailsParams = {}) => ['fans', 'details', id, params] as const,
  },
  influencers: {
    all: ['influencers'] as const,
    list: (params: InfluencerListQuery) => ['influencers', 'list', params] as const,
    detail: (id: string) => ['influencers', 'detail', id] as const,
  },
  requests: {
    all: ['requests'] as const,
    list: (params: RequestListQuery) => ['requests', 'list', params] as const,
    detail: (id: string) => ['requests', 'detail', id] as const,
  },
  lookups: {
    categories: ['lookups', 'categories'] as const,
    languages: ['lookups', 'languages'] as const,
  },
  redemptions: {
    all: ['redemptions'] as const,
    list: (params: RedemptionListQuery) => ['redemptions', 'list', params] as const,
  },
  transactions: {
    all: ['transactions'] as const,
    list: (params: TransactionListQuery) => ['transactions', 'list', params] as const,
    totals: (params: TransactionTotalsQuery) => ['transactions', 'totals', params] as const,
  },
  payoutRequests: {
    all: ['payoutRequests'] as const,
    list: (params: PayoutRequestListQuery) => ['payoutRequests', 'list', params] as const,
  },
  payouts: {
    all: ['payouts'] as const,
    list: (params: PayoutListQuery) => ['payouts', 'list', params] as const,
  },
  paymentMethods: {
    all: ['paymentMethods'] as const,
    list: (params: PaymentMethodListQuery) => ['paymentMethods', 'list', params] as const,
    detail: (id: string) => ['paymentMethods', 'detail', id] as const,
  },
  discountCodes: {
    all: ['discountCodes'] as const,
    list: (params: DiscountCodeListQuery) => ['discountCodes', 'list', params] as const,
    detail: (id: string) => ['discountCodes', 'detail', id] as const,
  },
  emailTemplates: {
    all: ['emailTemplates'] as const,
    list: (params: EmailTemplateListQuery) => ['emailTemplates', 'list', params] as const,
    detail: (id: string) => ['emailTemplates', 'detail', id] as const,
  },
  calls: {
    all: ['calls'] as const,
    list: (params: CallListQuery) => ['calls', 'list', params] as const,
    detail: (id: string) => ['calls', 'detail', id] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: (params: NotificationListQuery) => ['notifications', 'list', params] as const,
    unreadCount: ['notifications', 'unreadCount'] as const,
  },
  /** The signed-in admin's own profile (the setting screen). */
  adminProfile: ['adminProfile'] as const,
  auditLog: {
    all: ['auditLog'] as const,
    list: (params: AuditLogQuery) => ['auditLog', 'list', params] as const,
  },
  dashboard: {
    all: ['dashboard'] as const,
    summary: (timeZone: string) => ['dashboard', 'summary', timeZone] as const,
  },
};
