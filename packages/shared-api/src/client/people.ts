import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, LIVE_CONNECTED, useServerEvent } from '@backoffice/shared-api/runtime';
import { callEndpoint } from './call-endpoint';
import type { Reply } from '../contract/common';
import type {
  ChangeStatusResult,
  DecideRequestBody,
  FanDetails,
  FanListQuery,
  InfluencerListQuery,
  RequestListQuery,
  UpdateUserProfileBody,
} from '../contract/people';
import type { UserStatus } from '../constants/enums';
import type { FanDetailSection } from '../constants/lists';
import { SOCKET_EVENTS } from '../constants/realtime';
import { dataOf, usePagedList } from './reads';
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

export interface UpdateUserProfileVars {
  id: string;
  changes: UpdateUserProfileBody;
}

/** Which kind of user a profile screen shows; each kind has its own detail call. */
export type PersonKind = 'fan' | 'influencer';

export const peopleApi = {
  getAllFans(query: FanListQuery, signal?: AbortSignal) {
    return callEndpoint('getAllFans', { query, signal });
  },

  getFanDetail(id: string, signal?: AbortSignal) {
    return callEndpoint('getFanDetail', { query: { id }, signal });
  },

  getFanDetails(id: string, params: FanDetailsParams = {}, signal?: AbortSignal) {
    return callEndpoint('getFanDetails', { query: { ...params, id }, signal });
  },

  changeStatus(id: string, status: UserStatus) {
    return callEndpoint('changeStatus', { query: { id, status } });
  },

  getAllInfluencers(query: InfluencerListQuery, signal?: AbortSignal) {
    return callEndpoint('getAllInfluencers', { query, signal });
  },

  getInfluencerDetail(id: string, signal?: AbortSignal) {
    return callEndpoint('getInfluencerDetail', { query: { id }, signal });
  },

  updateUserProfile(id: string, changes: UpdateUserProfileBody) {
    return callEndpoint('updateUserProfile', { query: { id }, body: changes });
  },

  getAllRequests(query: RequestListQuery, signal?: AbortSignal) {
    return callEndpoint('getAllRequests', { query, signal });
  },

  getRequestDetail(id: string, signal?: AbortSignal) {
    return callEndpoint('getRequestDetail', { query: { id }, signal });
  },

  decideRequest(body: DecideRequestBody) {
    return callEndpoint('decideRequest', { body });
  },

  getCategories(signal?: AbortSignal) {
    return callEndpoint('getCategories', { signal });
  },

  getLanguages(signal?: AbortSignal) {
    return callEndpoint('getLanguages', { signal });
  },
};

export function useFansList(query: FanListQuery) {
  return usePagedList(queryKeys.fans.list(query), (signal) => peopleApi.getAllFans(query, signal));
}

export function useInfluencersList(query: InfluencerListQuery) {
  return usePagedList(queryKeys.influencers.list(query), (signal) => peopleApi.getAllInfluencers(query, signal));
}

/** A new or decided application refreshes the list, so an open list needs no reload. */
export function useRequestsList(query: RequestListQuery) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.requests.all });
  useServerEvent(SOCKET_EVENTS.influencerRequestCreated, refresh);
  useServerEvent(SOCKET_EVENTS.influencerRequestDecided, refresh);
  useServerEvent(LIVE_CONNECTED, refresh);
  return usePagedList(queryKeys.requests.list(query), (signal) => peopleApi.getAllRequests(query, signal));
}

/** A fan's or an influencer's full profile; rejects with the server's message (404 for an unknown id). */
export function useUserProfile(kind: PersonKind, id: string | undefined) {
  return useQuery({
    queryKey: kind === 'fan' ? queryKeys.fans.detail(id ?? '') : queryKeys.influencers.detail(id ?? ''),
    queryFn: ({ signal }) =>
      dataOf(kind === 'fan' ? peopleApi.getFanDetail(id!, signal) : peopleApi.getInfluencerDetail(id!, signal)),
    enabled: !!id,
  });
}

/**
 * Spec section 7: the fan detail call's data, or null when the reply is not a 200 (unknown id,
 * failure), which the screen shows as 'No fan details available.'. Failures are logged to the
 * console (spec section 8). The previous page stays on screen while the next one loads.
 */
export function useFanDetails(id: string | undefined, params: FanDetailsParams) {
  return useQuery({
    queryKey: queryKeys.fans.details(id ?? '', params),
    queryFn: async ({ signal }): Promise<FanDetails | null> => {
      const reply = await peopleApi.getFanDetails(id!, params, signal);
      if (reply.statusCode === 200 && reply.data) return reply.data;
      // A newer page or search replaced this request: nothing failed.
      if (!signal.aborted) console.error(`Fan details could not be loaded: ${reply.message}`);
      return null;
    },
    enabled: !!id,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useRequestDetail(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.requests.detail(id ?? ''),
    queryFn: ({ signal }) => dataOf(peopleApi.getRequestDetail(id!, signal)),
    enabled: !!id,
  });
}

/** Lists that rarely change: fetched once per session. */
export function useCategories() {
  return useQuery({
    queryKey: queryKeys.lookups.categories,
    queryFn: ({ signal }) => dataOf(peopleApi.getCategories(signal)),
    staleTime: Infinity,
  });
}

export function useLanguages() {
  return useQuery({
    queryKey: queryKeys.lookups.languages,
    queryFn: ({ signal }) => dataOf(peopleApi.getLanguages(signal)),
    staleTime: Infinity,
  });
}

/** Every query that shows users: a status or profile change may appear in any of them. */
function invalidatePeople(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.fans.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.influencers.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.requests.all }),
  ]);
}

/** Rejects with an ApiError on a non-200 reply; on success the lists that show users refetch. */
export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: ChangeUserStatusVars): Promise<Reply<ChangeStatusResult>> => {
      const reply = await peopleApi.changeStatus(id, status);
      if (reply.statusCode !== 200) throw new ApiError(reply);
      return reply;
    },
    onSuccess: () => invalidatePeople(queryClient),
  });
}

/**
 * Rejects with an ApiError whose `errors` name the refused fields (400, 409). On success the saved
 * profile replaces the cached one, so the view shows it without another request.
 */
export function useUpdateUserProfile(kind: PersonKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: UpdateUserProfileVars) => dataOf(peopleApi.updateUserProfile(id, changes)),
    onSuccess: async (profile) => {
      const key = kind === 'fan' ? queryKeys.fans.detail(profile._id) : queryKeys.influencers.detail(profile._id);
      queryClient.setQueryData(key, profile);
      await invalidatePeople(queryClient);
    },
  });
}

/** Rejects with an ApiError: 409 when another admin decided first (the message says who and when). */
export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideRequestBody) => dataOf(peopleApi.decideRequest(body)),
    onSuccess: async (detail) => {
      queryClient.setQueryData(queryKeys.requests.detail(detail._id), detail);
      await invalidatePeople(queryClient);
    },
    // A 409 means the request changed under us: show what it is now.
    onError: (_e, body) => queryClient.invalidateQueries({ queryKey: queryKeys.requests.detail(body.id) }),
  });
}
