import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { AdminProfile } from '../contract/auth';
import { ADMIN_MESSAGES } from '../constants/messages';
import { API_PATHS } from '../constants/paths';
import { SOCKET_EVENTS } from '../constants/realtime';
import { useAdminProfile, useAvailability, useUpdateAdminProfile, useUpdateAvailability } from './admin';
import { ApiError } from './http';
import { createQueryClient, queryKeys } from './query';
import { session } from './session';
import { ADMIN, bodyOf, failure, fakeSocket, ok, resetClient, signIn, stubApi, type StubReply } from './test-utils';

const PROFILE: AdminProfile = {
  _id: ADMIN._id,
  firstName: ADMIN.firstName,
  lastName: ADMIN.lastName,
  email: ADMIN.email,
  bio: 'Runs the back office',
  isEmailVerified: true,
  mainProfilePicture: '',
  timeZone: 'Europe/Paris',
  availabilityStatus: '0',
};

const EDIT = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  bio: '',
  mainProfilePicture: '',
  timeZone: 'UTC',
};

let client: QueryClient;
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
const cached = () => client.getQueryData<AdminProfile>(queryKeys.adminProfile);
const sessionUser = () => session.getState().auth.user;

describe('the admin profile hooks', () => {
  let ctx: ReturnType<typeof resetClient>;
  let socket: ReturnType<typeof fakeSocket>;
  let stored: AdminProfile;
  let onSave: (path: string, body: Record<string, unknown>) => StubReply | Promise<StubReply>;
  let requests: ReturnType<typeof stubApi>;

  beforeEach(() => {
    ctx = resetClient();
    signIn();
    client = createQueryClient();
    stored = { ...PROFILE };
    onSave = (_path, body) => {
      stored = { ...stored, ...body };
      return ok(stored, 'Saved by the server');
    };
    requests = stubApi((config) => {
      if (config.url === API_PATHS.getUserProfile) return ok(stored);
      if (config.url === API_PATHS.updateAdminProfile || config.url === API_PATHS.updateAvailability)
        return onSave(config.url, bodyOf(config));
      return undefined;
    });
    socket = fakeSocket();
  });

  afterEach(() => {
    socket.stop();
    ctx.restore();
  });

  describe('useAdminProfile', () => {
    it("reads the admin's profile and brings the header's names up to date with it", async () => {
      stored = { ...PROFILE, firstName: 'Ada-Renamed' };
      const { result } = renderHook(() => useAdminProfile(), { wrapper });
      await waitFor(() => expect(result.current.data).toEqual(stored));
      expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['get /admin/getUserProfile']);
      expect(sessionUser()?.firstName).toBe('Ada-Renamed');
    });

    it('takes the profile another tab saved from admin:updated, and ignores a payload that is not one', async () => {
      const { result } = renderHook(() => useAdminProfile(), { wrapper });
      await waitFor(() => expect(result.current.data).toEqual(PROFILE));
      const elsewhere = { ...PROFILE, bio: 'Edited in another tab' };
      act(() => socket.serverSends(SOCKET_EVENTS.adminUpdated, elsewhere));
      await waitFor(() => expect(result.current.data).toEqual(elsewhere));
      act(() => socket.serverSends(SOCKET_EVENTS.adminUpdated, { bio: 'half a profile' }));
      expect(cached()).toEqual(elsewhere);
    });

    it('asks nothing while signed out', async () => {
      session.logout('', { silent: true });
      renderHook(() => useAdminProfile(), { wrapper });
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(requests).toHaveLength(0);
    });
  });

  describe('useUpdateAdminProfile', () => {
    it("sends every field, and on success hands back the server's message and stores the profile in the cache and the session", async () => {
      const { result } = renderHook(() => useUpdateAdminProfile(), { wrapper });
      let outcome: Awaited<ReturnType<typeof result.current.mutateAsync>> | undefined;
      await act(async () => {
        outcome = await result.current.mutateAsync(EDIT);
      });
      expect(requests[0]).toMatchObject({ method: 'patch', url: API_PATHS.updateAdminProfile });
      expect(bodyOf(requests[0]!)).toEqual(EDIT);
      expect(outcome).toEqual({ profile: { ...PROFILE, ...EDIT }, message: 'Saved by the server' });
      expect(cached()).toEqual({ ...PROFILE, ...EDIT });
      expect(sessionUser()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' });
    });

    it('rejects with the fields the server refused, storing nothing', async () => {
      onSave = () =>
        failure(409, 'This email is used by another account', { email: 'This email is used by another account' });
      client.setQueryData(queryKeys.adminProfile, PROFILE);
      const { result } = renderHook(() => useUpdateAdminProfile(), { wrapper });
      let error: unknown;
      await act(async () => {
        await result.current.mutateAsync(EDIT).catch((e: unknown) => (error = e));
      });
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).errors).toEqual({ email: 'This email is used by another account' });
      expect(cached()).toEqual(PROFILE);
      expect(sessionUser()).toEqual(ADMIN);
    });

    it('says "Profile updated" when the server sends no message', async () => {
      onSave = (_path, body) => ({
        status: 200,
        data: { statusCode: 200, message: '', data: { ...PROFILE, ...body } },
      });
      const { result } = renderHook(() => useUpdateAdminProfile(), { wrapper });
      let message = '';
      await act(async () => {
        message = (await result.current.mutateAsync(EDIT)).message;
      });
      expect(message).toBe(ADMIN_MESSAGES.profileUpdated);
    });
  });

  describe('useUpdateAvailability', () => {
    it('changes the cache and the session at once, then keeps what the server stored', async () => {
      client.setQueryData(queryKeys.adminProfile, PROFILE);
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      onSave = async (_path, body) => {
        await answered;
        stored = { ...stored, ...body };
        return ok(stored, 'You are now available');
      };
      const { result } = renderHook(() => useUpdateAvailability(), { wrapper });
      let pending!: Promise<unknown>;
      act(() => {
        pending = result.current.mutateAsync('1');
      });
      await waitFor(() => expect(sessionUser()?.availabilityStatus).toBe('1'));
      expect(cached()?.availabilityStatus).toBe('1');
      expect(bodyOf(requests[0]!)).toEqual({ availabilityStatus: '1' });
      await act(async () => {
        answer();
        await expect(pending).resolves.toEqual({
          profile: { ...PROFILE, availabilityStatus: '1' },
          message: 'You are now available',
        });
      });
      expect(cached()).toEqual({ ...PROFILE, availabilityStatus: '1' });
    });

    it('puts the previous availability back when the server refuses', async () => {
      client.setQueryData(queryKeys.adminProfile, PROFILE);
      onSave = () => failure(500, 'Database unavailable');
      const { result } = renderHook(() => useUpdateAvailability(), { wrapper });
      let error: unknown;
      await act(async () => {
        await result.current.mutateAsync('1').catch((e: unknown) => (error = e));
      });
      expect((error as Error).message).toBe('Database unavailable');
      expect(sessionUser()?.availabilityStatus).toBe('0');
      expect(cached()).toEqual(PROFILE);
    });

    it.each([
      ['1', ADMIN_MESSAGES.nowAvailable],
      ['0', ADMIN_MESSAGES.nowUnavailable],
    ] as const)('says what %p means when the server sends no message', async (status, message) => {
      onSave = (_path, body) => ({
        status: 200,
        data: { statusCode: 200, message: '', data: { ...PROFILE, ...body } },
      });
      const { result } = renderHook(() => useUpdateAvailability(), { wrapper });
      let said = '';
      await act(async () => {
        said = (await result.current.mutateAsync(status)).message;
      });
      expect(said).toBe(message);
    });
  });

  describe('useAvailability', () => {
    it('is available only when the stored choice is 1 and the live connection is up', () => {
      const { result, unmount } = renderHook(() => useAvailability());
      expect(result.current).toEqual({ chosen: '0', connected: false, available: false });
      act(() => session.setAvailability('1'));
      expect(result.current).toEqual({ chosen: '1', connected: false, available: false });
      act(() => session.setGeneral({ isSocketConnected: true }));
      expect(result.current).toEqual({ chosen: '1', connected: true, available: true });
      act(() => session.setAvailability('0'));
      expect(result.current.available).toBe(false);
      unmount();
    });
  });
});
