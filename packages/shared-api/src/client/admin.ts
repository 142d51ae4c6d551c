import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { session, useServerEvent, useSession } from '@backoffice/shared-api/runtime';
import { callEndpoint } from './call-endpoint';
import type { Reply } from '../contract/common';
import type { AdminProfile, UpdateAdminProfileBody } from '../contract/auth';
import type { AvailabilityStatus } from '../constants/enums';
import { ADMIN_MESSAGES } from '../constants/messages';
import { SOCKET_EVENTS } from '../constants/realtime';
import { authApi } from './auth-api';
import { readAdminProfile } from './internal';
import { queryKeys } from './query';
import { dataOf } from './reads';

/** The signed-in admin's own profile and availability (the setting screen). */
export const adminApi = {
  getProfile(signal?: AbortSignal): Promise<Reply<AdminProfile>> {
    return authApi.getUserProfile(signal);
  },
  updateProfile(body: UpdateAdminProfileBody) {
    return callEndpoint('updateAdminProfile', { body });
  },
  updateAvailability(availabilityStatus: AvailabilityStatus) {
    return callEndpoint('updateAvailability', { body: { availabilityStatus } });
  },
};

/** A saved profile and the server's word on it, which the success toast shows. */
export interface SavedAdminProfile {
  profile: AdminProfile;
  message: string;
}

/** Every answer about the profile lands in both places that show it: the cache and the header. */
function adopt(queryClient: QueryClient, profile: AdminProfile): void {
  queryClient.setQueryData(queryKeys.adminProfile, profile);
  session.adoptProfile(profile);
}

async function saved(pending: Promise<Reply<AdminProfile>>, fallbackMessage: string): Promise<SavedAdminProfile> {
  const reply = await pending;
  return { profile: await dataOf(Promise.resolve(reply)), message: reply.message || fallbackMessage };
}

/** The admin's profile as the server keeps it; another tab's save arrives over the socket. */
export function useAdminProfile() {
  const queryClient = useQueryClient();
  const signedIn = useSession((s) => !!s.auth.user);
  useServerEvent(SOCKET_EVENTS.adminUpdated, (payload) => {
    const profile = readAdminProfile(payload);
    if (profile) queryClient.setQueryData(queryKeys.adminProfile, profile);
  });
  return useQuery({
    queryKey: queryKeys.adminProfile,
    queryFn: async ({ signal }) => {
      const profile = await dataOf(adminApi.getProfile(signal));
      // A change made while this tab's socket was down shows in the header too.
      session.adoptProfile(profile);
      return profile;
    },
    enabled: signedIn,
  });
}

/**
 * Saves the admin's profile. Rejects with an ApiError whose `errors` name the refused fields (400;
 * 409 on a taken email); nothing is stored then.
 */
export function useUpdateAdminProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAdminProfileBody) => saved(adminApi.updateProfile(body), ADMIN_MESSAGES.profileUpdated),
    onSuccess: ({ profile }) => adopt(queryClient, profile),
  });
}

interface AvailabilityBefore {
  profile: AdminProfile | undefined;
  status: AvailabilityStatus | undefined;
}

/**
 * Sets the admin's availability. Optimistic: the switch and the header change at once, and go back
 * to what they were if the server refuses (the call rejects with its ApiError).
 */
export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: AvailabilityStatus) =>
      saved(
        adminApi.updateAvailability(status),
        status === '1' ? ADMIN_MESSAGES.nowAvailable : ADMIN_MESSAGES.nowUnavailable,
      ),
    onMutate: async (status): Promise<AvailabilityBefore> => {
      // A profile read landing now would put the old value back under the optimistic one.
      await queryClient.cancelQueries({ queryKey: queryKeys.adminProfile });
      const before = {
        profile: queryClient.getQueryData<AdminProfile>(queryKeys.adminProfile),
        status: session.getState().auth.user?.availabilityStatus,
      };
      if (before.profile)
        queryClient.setQueryData(queryKeys.adminProfile, { ...before.profile, availabilityStatus: status });
      session.setAvailability(status);
      return before;
    },
    onError: (_error, _status, before) => {
      if (before?.profile) queryClient.setQueryData(queryKeys.adminProfile, before.profile);
      if (before?.status) session.setAvailability(before.status);
    },
    onSuccess: ({ profile }) => adopt(queryClient, profile),
  });
}

export interface Availability {
  /** The admin's stored choice, which the setting switch shows. */
  chosen: AvailabilityStatus;
  /** Whether the live connection is up: without it the admin cannot be reached. */
  connected: boolean;
  /** What the header shows: the choice, while connected. */
  available: boolean;
}

export function useAvailability(): Availability {
  const chosen = useSession((s) => s.auth.user?.availabilityStatus) ?? '0';
  const connected = useSession((s) => s.general.isSocketConnected);
  return { chosen, connected, available: connected && chosen === '1' };
}
