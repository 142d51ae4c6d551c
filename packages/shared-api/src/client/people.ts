import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Reply } from '../contract/common';
import type { ChangeStatusResult, FanDetails, FanListQuery, FanRow, UserProfile } from '../contract/people';
import type { UserStatus } from '../constants/enums';
import type { FanDetailSection } from '../constants/lists';
import { API_PATHS } from '../constants/paths';
import { ApiError, apiRequest } from './http';
import { queryKeys } from './query';

/** Page, limit and search apply to the section that `tab` names. */
export interface FanDetailsParams {
  tab?: FanDetailSection;
  page?: number;
  limit?: number;
  search?: string;
}

export interface ChangeUserStatusVars {
  id: string;
  status: UserStatus;
}

export interface ListResult<Row> {
  data: Row[];
  total: number;
}

export const peopleApi = {
  getAllFans(query: FanListQuery, signal?: AbortSignal): Promise<Reply<FanRow[]>> {
    return apiRequest<FanRow[]>('GET', API_PATHS.getAllFans, { query, signal });
  },

  getFanDetail(id: string, signal?: AbortSignal): Promise<Reply<UserProfile>> {
    return apiRequest<UserProfile>('GET', API_PATHS.getFanDetail, { query: { id }, signal });
  },

  getFanDetails(id: string, params: FanDetailsParams = {}, signal?: AbortSignal): Promise<Reply<FanDetails>> {
    return apiRequest<FanDetails>('GET', API_PATHS.getFanDetails, { query: { ...params, id }, signal });
  },

  changeStatus(id: string, status: UserStatus): Promise<Reply<ChangeStatusResult>> {
    return apiRequest<ChangeStatusResult>('PATCH', API_PATHS.changeStatus, { query: { id, status } });
  },
};

/**
 * The Fans list. A non-200 reply rejects with an ApiError carrying the server's message, which is
 * what the screen's error state shows; the previous page stays on screen while the next one loads.
 */
export function useFansList(query: FanListQuery) {
  return useQuery({
    queryKey: queryKeys.fans.list(query),
    queryFn: async ({ signal }): Promise<ListResult<FanRow>> => {
      const reply = await peopleApi.getAllFans(query, signal);
      if (reply.statusCode !== 200) throw new ApiError(reply);
      return { data: reply.data ?? [], total: reply.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/** Rejects with an ApiError on a non-200 reply; on success every fans query is refetched. */
export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: ChangeUserStatusVars): Promise<Reply<ChangeStatusResult>> => {
      const reply = await peopleApi.changeStatus(id, status);
      if (reply.statusCode !== 200) throw new ApiError(reply);
      return reply;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.fans.all }),
  });
}
