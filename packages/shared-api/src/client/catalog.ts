import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_CONNECTED, session, useServerEvent, useSession } from '@backoffice/shared-api/runtime';
import { callEndpoint } from './call-endpoint';
import type { RedemptionListQuery } from '../contract/redemption';
import type {
  CallListQuery,
  CreateDiscountCodeBody,
  DiscountCodeListQuery,
  DiscountCodeRow,
  EmailTemplate,
  EmailTemplateListQuery,
  NotificationListQuery,
  NotificationRow,
  UpdateDiscountCodeBody,
  UpdateEmailTemplateBody,
} from '../contract/catalog';
import { SOCKET_EVENTS } from '../constants/realtime';
import { queryKeys } from './query';
import { dataOf, usePagedList } from './reads';

export interface UpdateEmailTemplateVars {
  id: string;
  changes: UpdateEmailTemplateBody;
}

/** A saved template and the server's word on it (what sanitising removed, if anything). */
export interface SavedEmailTemplate {
  template: EmailTemplate;
  message: string;
}

export const catalogApi = {
  getAllDiscountCodes(query: DiscountCodeListQuery, signal?: AbortSignal) {
    return callEndpoint('getAllDiscountCodes', { query, signal });
  },
  getDiscountCodeDetail(id: string, signal?: AbortSignal) {
    return callEndpoint('getDiscountCodeDetail', { query: { id }, signal });
  },
  createDiscountCode(body: CreateDiscountCodeBody) {
    return callEndpoint('createDiscountCode', { body });
  },
  updateDiscountCode(id: string, changes: UpdateDiscountCodeBody) {
    return callEndpoint('updateDiscountCode', { query: { id }, body: changes });
  },

  /** Spec section 7: GET /redemption/getAll with sortOrder, page, limit, search, sortBy, filterValue. */
  getAllRedemptions(query: RedemptionListQuery, signal?: AbortSignal) {
    return callEndpoint('getAllRedemptions', { query, signal });
  },

  getAllEmailTemplates(query: EmailTemplateListQuery, signal?: AbortSignal) {
    return callEndpoint('getAllEmailTemplates', { query, signal });
  },
  getEmailTemplateDetail(id: string, signal?: AbortSignal) {
    return callEndpoint('getEmailTemplateDetail', { query: { id }, signal });
  },
  updateEmailTemplate(id: string, changes: UpdateEmailTemplateBody) {
    return callEndpoint('updateEmailTemplate', { query: { id }, body: changes });
  },

  getAllCalls(query: CallListQuery, signal?: AbortSignal) {
    return callEndpoint('getAllCalls', { query, signal });
  },
  getCallDetail(id: string, signal?: AbortSignal) {
    return callEndpoint('getCallDetail', { query: { id }, signal });
  },

  getAllNotifications(query: NotificationListQuery, signal?: AbortSignal) {
    return callEndpoint('getAllNotifications', { query, signal });
  },
  getUnreadNotificationCount(signal?: AbortSignal) {
    return callEndpoint('getUnreadNotificationCount', { signal });
  },
  markNotificationRead(id: string) {
    return callEndpoint('markNotificationRead', { query: { id } });
  },
  markAllNotificationsRead() {
    return callEndpoint('markAllNotificationsRead', {});
  },
};

// ---------------------------------------------------------------------------------------------
// Discount codes and redemptions

function useRefreshOnDiscountCodeEvents() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.discountCodes.all });
  useServerEvent(SOCKET_EVENTS.discountCodeUpdated, refresh);
  useServerEvent(LIVE_CONNECTED, refresh);
}

export function useDiscountCodesList(query: DiscountCodeListQuery) {
  useRefreshOnDiscountCodeEvents();
  return usePagedList(queryKeys.discountCodes.list(query), (signal) => catalogApi.getAllDiscountCodes(query, signal));
}

export function useDiscountCodeDetail(id: string | undefined) {
  useRefreshOnDiscountCodeEvents();
  return useQuery({
    queryKey: queryKeys.discountCodes.detail(id ?? ''),
    queryFn: ({ signal }) => dataOf(catalogApi.getDiscountCodeDetail(id!, signal)),
    enabled: !!id,
  });
}

export type DiscountCodeSave =
  { mode: 'add'; body: CreateDiscountCodeBody } | { mode: 'edit'; id: string; changes: UpdateDiscountCodeBody };

/** A saved code and the server's word on it, which the success toast shows. */
export interface SavedDiscountCode {
  code: DiscountCodeRow;
  message: string;
}

/**
 * Adds or changes a discount code. Rejects with an ApiError whose `errors` name the refused fields
 * (400; 409 on codeName). The redemption lists refresh too, since they show the code's name.
 */
export function useSaveDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: DiscountCodeSave): Promise<SavedDiscountCode> => {
      const reply =
        save.mode === 'add'
          ? await catalogApi.createDiscountCode(save.body)
          : await catalogApi.updateDiscountCode(save.id, save.changes);
      return { code: await dataOf(Promise.resolve(reply)), message: reply.message };
    },
    onSuccess: async ({ code }) => {
      queryClient.setQueryData(queryKeys.discountCodes.detail(code._id), code);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...queryKeys.discountCodes.all, 'list'] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.redemptions.all }),
      ]);
    },
  });
}

/**
 * Redemption history (spec sections 4 and 8): a non-array data becomes an empty list, a count that
 * is not a number becomes 0, and a failure carries the server's message, "Network error" or
 * "Unknown error".
 */
export function useRedemptionsList(query: RedemptionListQuery) {
  const queryClient = useQueryClient();
  // A code's new limit or name shows in the history too.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.redemptions.all });
  useServerEvent(SOCKET_EVENTS.discountCodeUpdated, refresh);
  useServerEvent(LIVE_CONNECTED, refresh);
  return usePagedList(queryKeys.redemptions.list(query), (signal) => catalogApi.getAllRedemptions(query, signal));
}

// ---------------------------------------------------------------------------------------------
// Email templates

function useRefreshOnTemplateEvents() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.emailTemplates.all });
  useServerEvent(SOCKET_EVENTS.emailTemplateUpdated, refresh);
  useServerEvent(LIVE_CONNECTED, refresh);
}

export function useEmailTemplatesList(query: EmailTemplateListQuery) {
  useRefreshOnTemplateEvents();
  return usePagedList(queryKeys.emailTemplates.list(query), (signal) => catalogApi.getAllEmailTemplates(query, signal));
}

export function useEmailTemplateDetail(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.emailTemplates.detail(id ?? ''),
    queryFn: ({ signal }) => dataOf(catalogApi.getEmailTemplateDetail(id!, signal)),
    enabled: !!id,
    // The editor holds the admin's typing; a background refetch must not replace what it started from.
    staleTime: Infinity,
  });
}

/** Rejects with an ApiError whose `errors` name the refused field (subject or content). */
export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: UpdateEmailTemplateVars): Promise<SavedEmailTemplate> => {
      const reply = await catalogApi.updateEmailTemplate(id, changes);
      return { template: await dataOf(Promise.resolve(reply)), message: reply.message };
    },
    onSuccess: async ({ template }) => {
      queryClient.setQueryData(queryKeys.emailTemplates.detail(template._id), template);
      await queryClient.invalidateQueries({ queryKey: [...queryKeys.emailTemplates.all, 'list'] });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Calls

export function useCallsList(query: CallListQuery) {
  return usePagedList(queryKeys.calls.list(query), (signal) => catalogApi.getAllCalls(query, signal));
}

export function useCallDetail(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.calls.detail(id ?? ''),
    queryFn: ({ signal }) => dataOf(catalogApi.getCallDetail(id!, signal)),
    enabled: !!id,
  });
}

// ---------------------------------------------------------------------------------------------
// Notifications: the list, the unread count in the shell's header, and the live feed.

function setUnreadCount(unReadCount: number) {
  session.setNotification({ unReadCount });
}

/** New and read notifications refresh every open list and the count, in every tab of every admin. */
function useRefreshOnNotificationEvents() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  useServerEvent(SOCKET_EVENTS.notificationCreated, refresh);
  useServerEvent(LIVE_CONNECTED, refresh);
  useServerEvent(SOCKET_EVENTS.notificationsRead, (payload) => {
    const count = (payload as { unReadCount?: unknown } | null)?.unReadCount;
    if (typeof count === 'number') setUnreadCount(count);
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  });
}

/** The notifications page; its rows, count and page are kept in the notification state group too. */
export function useNotificationsList(query: NotificationListQuery) {
  useRefreshOnNotificationEvents();
  const list = usePagedList(queryKeys.notifications.list(query), (signal) =>
    catalogApi.getAllNotifications(query, signal),
  );
  const data = list.data;
  useEffect(() => {
    if (data)
      session.setNotification({ notification: data.data, totalRecords: data.total, currentPage: query.page ?? 1 });
  }, [data, query.page]);
  return list;
}

/**
 * The unread count the header shows. It lives in the notification state group, which logout resets;
 * the server's answer and the socket keep it current.
 */
export function useUnreadNotificationCount(): number {
  useRefreshOnNotificationEvents();
  const signedIn = useSession((s) => !!s.auth.user);
  const reply = useQuery({
    queryKey: queryKeys.notifications.unreadCount,
    queryFn: ({ signal }) => dataOf(catalogApi.getUnreadNotificationCount(signal)),
    enabled: signedIn,
    staleTime: 0,
  });
  const fetched = reply.data?.unReadCount;
  // Each answer is applied, even one equal to the last: logout reset the count to 0 and a socket
  // payload may have moved it since, so the same number from the server can still be news. An
  // answer landing after logout must not bring back the count that logout cleared.
  const answeredAt = reply.dataUpdatedAt;
  useEffect(() => {
    if (fetched !== undefined && session.getState().auth.user) setUnreadCount(fetched);
  }, [fetched, answeredAt]);
  return useSession((s) => s.notification.unReadCount);
}

/** Calls `onNew` with each notification the server pushes while this component is mounted. */
export function useNewNotifications(onNew: (n: NotificationRow) => void): void {
  useServerEvent(SOCKET_EVENTS.notificationCreated, (payload) => {
    if (payload && typeof payload === 'object' && typeof (payload as NotificationRow).description === 'string') {
      onNew(payload as NotificationRow);
    }
  });
}

/** Marking read refetches the lists and the count (which also comes over the socket to other tabs). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => dataOf(catalogApi.markNotificationRead(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(catalogApi.markAllNotificationsRead()),
    onSuccess: async ({ unReadCount }) => {
      setUnreadCount(unReadCount);
      await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
    },
  });
}
