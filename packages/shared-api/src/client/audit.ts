import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, onServerEvent } from '@backoffice/shared-api/runtime';
import { callEndpoint } from './call-endpoint';
import type { AuditEntryRow, AuditLogQuery } from '../contract/audit';
import { SOCKET_EVENTS } from '../constants/realtime';
import { queryKeys } from './query';
import { listResultOf, type ListResult } from './reads';

export const auditApi = {
  getAuditLog(query: AuditLogQuery, signal?: AbortSignal) {
    return callEndpoint('getAuditLog', { query, signal });
  },
};

/** The changes other admins make that the server announces: each one wrote an entry. */
const CHANGE_EVENTS = [
  SOCKET_EVENTS.userUpdated,
  SOCKET_EVENTS.influencerRequestDecided,
  SOCKET_EVENTS.payoutRequestDecided,
  SOCKET_EVENTS.paymentMethodUpdated,
  SOCKET_EVENTS.discountCodeUpdated,
  SOCKET_EVENTS.emailTemplateUpdated,
] as const;

/**
 * A page of the audit log, newest first. Read afresh each time the screen opens (an entry is
 * written by every change, and what an admin just did must be there), and again when another
 * admin's change is announced.
 */
export function useAuditLog(query: AuditLogQuery) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.auditLog.all });
    const offs = CHANGE_EVENTS.map((event) => onServerEvent(event, refresh));
    return () => offs.forEach((off) => off());
  }, [queryClient]);
  return useQuery({
    queryKey: queryKeys.auditLog.list(query),
    queryFn: async ({ signal }): Promise<ListResult<AuditEntryRow>> => {
      const reply = await auditApi.getAuditLog(query, signal);
      if (reply.statusCode !== 200) throw new ApiError(reply);
      return listResultOf(reply);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
