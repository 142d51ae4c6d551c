import { act, renderHook } from '@testing-library/react';
import {
  PERSIST_RESTORE_TIMEOUT_MS,
  restoreSession,
  session,
  useAuthUser,
  usePasswordChangeRequired,
  useSession,
} from './session';
import { ADMIN, resetClient } from '../testing';

const persisted = () => JSON.parse(localStorage.getItem('root') ?? 'null');

describe('session', () => {
  let ctx: ReturnType<typeof resetClient>;
  beforeEach(() => {
    ctx = resetClient();
  });
  afterEach(() => {
    ctx.restore();
    jest.useRealTimers();
  });

  it('starts signed out, idle, on page 1 of notifications', () => {
    expect(session.getState()).toEqual({
      auth: { user: null, authStatus: 'idle' },
      general: {
        isLoading: false,
        searchKeyword: '',
        profileId: '',
        categories: [],
        languages: [],
        socketId: '',
        notification_permission: 'default',
        replyBoxStatus: false,
        isSocketConnected: false,
      },
      notification: { notification: [], totalRecords: 0, currentPage: 1, unReadCount: 0 },
    });
  });

  it('signedIn keeps the admin as returned, the token under _itoken, and persists auth and general under root', () => {
    session.signedIn(ADMIN);
    expect(session.getState().auth).toEqual({ user: ADMIN, authStatus: 'succeeded' });
    expect(localStorage.getItem('_itoken')).toBe(ADMIN.token);
    expect(persisted()).toEqual({ auth: session.getState().auth, general: session.getState().general });
  });

  it('persists general changes but not notification state, and leaves other root groups alone', () => {
    localStorage.setItem('root', JSON.stringify({ fan: { totalRecords: 3 } }));
    session.setGeneral({ searchKeyword: 'ada' });
    session.setNotification({ unReadCount: 4 });
    expect(persisted().general.searchKeyword).toBe('ada');
    expect(persisted().notification).toBeUndefined();
    expect(persisted().fan).toEqual({ totalRecords: 3 });
    expect(session.getState().notification.unReadCount).toBe(4);
  });

  it('setAvailability and updateUser change the stored user; nothing happens when signed out', () => {
    session.setAvailability('1');
    expect(session.getState().auth.user).toBeNull();
    session.signedIn(ADMIN);
    session.setAvailability('1');
    expect(session.getState().auth.user?.availabilityStatus).toBe('1');
    session.updateUser({ firstName: 'Grace', token: 'token-2' });
    expect(session.getState().auth.user).toMatchObject({ firstName: 'Grace', token: 'token-2' });
    expect(localStorage.getItem('_itoken')).toBe('token-2');
    expect(persisted().auth.user.firstName).toBe('Grace');
  });

  it('requirePasswordChange marks the signed-in admin, persisted; nothing happens when signed out', () => {
    session.requirePasswordChange();
    expect(session.getState().auth.user).toBeNull();
    session.signedIn(ADMIN);
    session.requirePasswordChange();
    expect(session.getState().auth.user).toEqual({ ...ADMIN, passwordChangeRequired: true });
    expect(persisted().auth.user.passwordChangeRequired).toBe(true);
  });

  it('requireSecondFactorEnrollment marks the signed-in admin, persisted; nothing happens when signed out', () => {
    session.requireSecondFactorEnrollment();
    expect(session.getState().auth.user).toBeNull();
    session.signedIn(ADMIN);
    session.requireSecondFactorEnrollment();
    expect(session.getState().auth.user).toEqual({ ...ADMIN, secondFactorEnrollmentRequired: true });
    expect(persisted().auth.user.secondFactorEnrollmentRequired).toBe(true);
  });

  it('logout resets auth, general and notification, removes _itoken, persists and toasts', () => {
    session.signedIn(ADMIN);
    session.setGeneral({ searchKeyword: 'x', isSocketConnected: true, categories: [1] });
    session.setNotification({ notification: [{ id: 1 }], totalRecords: 1, currentPage: 3, unReadCount: 1 });
    session.logout();
    const s = session.getState();
    expect(s.auth).toEqual({ user: null, authStatus: 'idle' });
    expect(s.general.searchKeyword).toBe('');
    expect(s.general.categories).toEqual([]);
    expect(s.general.isSocketConnected).toBe(false);
    expect(s.notification).toEqual({ notification: [], totalRecords: 0, currentPage: 1, unReadCount: 0 });
    expect(localStorage.getItem('_itoken')).toBeNull();
    expect(persisted().auth.user).toBeNull();
    expect(ctx.toasts).toEqual([['info', 'Logout Successfully!']]);
  });

  it('logout shows the given message, or none when silent', () => {
    session.logout('Session expired');
    session.logout('ignored', { silent: true });
    expect(ctx.toasts).toEqual([['info', 'Session expired']]);
  });

  it('notifies subscribers of changes only, until they unsubscribe', () => {
    const listener = jest.fn();
    const unsubscribe = session.subscribe(listener);
    session.setGeneral({ replyBoxStatus: true });
    session.setGeneral({ replyBoxStatus: true });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    session.setGeneral({ replyBoxStatus: false });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  describe('restoreSession', () => {
    it('loads auth and general from root', async () => {
      localStorage.setItem(
        'root',
        JSON.stringify({
          auth: { user: ADMIN, authStatus: 'succeeded' },
          general: {
            searchKeyword: 'kept',
            categories: ['c1'],
            isSocketConnected: true,
            socketId: 'old',
            isLoading: true,
          },
        }),
      );
      await restoreSession();
      const s = session.getState();
      expect(s.auth).toEqual({ user: ADMIN, authStatus: 'succeeded' });
      expect(s.general).toMatchObject({ searchKeyword: 'kept', categories: ['c1'] });
      // The previous page's socket and spinner are not this page's.
      expect(s.general).toMatchObject({ isSocketConnected: false, socketId: '', isLoading: false });
    });

    it('keeps a pending forced password change across a reload; an older save without the flag has none', async () => {
      const save = (user: unknown) =>
        localStorage.setItem('root', JSON.stringify({ auth: { user, authStatus: 'succeeded' } }));
      save({ ...ADMIN, passwordChangeRequired: true });
      await restoreSession();
      expect(session.getState().auth.user).toEqual({ ...ADMIN, passwordChangeRequired: true });

      const { passwordChangeRequired: _, ...older } = ADMIN;
      save(older);
      await restoreSession();
      expect(session.getState().auth.user).toEqual({ ...ADMIN, passwordChangeRequired: false });

      save({ ...ADMIN, passwordChangeRequired: 'yes' });
      await restoreSession();
      expect(session.getState().auth.user?.passwordChangeRequired).toBe(false);
    });

    it('keeps a pending enrolment of a second factor across a reload; anything but true is none', async () => {
      const save = (user: unknown) =>
        localStorage.setItem('root', JSON.stringify({ auth: { user, authStatus: 'succeeded' } }));
      save({ ...ADMIN, secondFactorEnrollmentRequired: true });
      await restoreSession();
      expect(session.getState().auth.user).toEqual({ ...ADMIN, secondFactorEnrollmentRequired: true });
      const { secondFactorEnrollmentRequired: _, ...older } = ADMIN;
      save(older);
      await restoreSession();
      expect(session.getState().auth.user).toEqual({ ...ADMIN, secondFactorEnrollmentRequired: false });
    });

    it('treats corrupt or ill-typed state as empty', async () => {
      localStorage.setItem('root', '{"auth": {"user": ');
      await expect(restoreSession()).resolves.toBeUndefined();
      expect(session.getState().auth).toEqual({ user: null, authStatus: 'idle' });

      localStorage.setItem(
        'root',
        JSON.stringify({
          auth: { user: { firstName: 'no token' }, authStatus: 'loading' },
          general: { searchKeyword: 5 },
        }),
      );
      await restoreSession();
      expect(session.getState().auth).toEqual({ user: null, authStatus: 'idle' });
      expect(session.getState().general.searchKeyword).toBe('');
    });

    it('gives up after 5000 ms, and a late read does not overwrite the store', async () => {
      jest.useFakeTimers();
      expect(PERSIST_RESTORE_TIMEOUT_MS).toBe(5000);
      const slowReader = () =>
        new Promise<unknown>((resolve) =>
          setTimeout(() => resolve({ auth: { user: ADMIN, authStatus: 'succeeded' } }), 8000),
        );
      const restoring = restoreSession(undefined, slowReader);
      const outcome = jest.fn();
      restoring.then(outcome, outcome);

      await jest.advanceTimersByTimeAsync(4999);
      expect(outcome).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      await expect(restoring).rejects.toThrow('Persisted state restore timed out after 5000 ms');

      await jest.advanceTimersByTimeAsync(5000);
      expect(session.getState().auth.user).toBeNull();
    });

    it('waits for a slow reader that answers in time', async () => {
      jest.useFakeTimers();
      const reader = () =>
        new Promise<unknown>((resolve) => setTimeout(() => resolve({ auth: { user: ADMIN } }), 4000));
      const restoring = restoreSession(5000, reader);
      await jest.advanceTimersByTimeAsync(4000);
      await expect(restoring).resolves.toBeUndefined();
      expect(session.getState().auth.user).toEqual(ADMIN);
    });

    it('rejects when the reader fails', async () => {
      await expect(
        restoreSession(5000, () => {
          throw new Error('storage broken');
        }),
      ).rejects.toThrow('storage broken');
    });
  });

  describe('hooks', () => {
    it('usePasswordChangeRequired follows the flag', () => {
      const required = renderHook(() => usePasswordChangeRequired());
      expect(required.result.current).toBe(false);
      act(() => session.signedIn({ ...ADMIN, passwordChangeRequired: true }));
      expect(required.result.current).toBe(true);
      act(() => session.updateUser({ passwordChangeRequired: false }));
      expect(required.result.current).toBe(false);
    });

    it('useAuthUser and useSession re-render on changes', () => {
      const user = renderHook(() => useAuthUser());
      const status = renderHook(() => useSession((s) => s.auth.authStatus));
      expect(user.result.current).toBeNull();
      act(() => session.signedIn(ADMIN));
      expect(user.result.current).toEqual(ADMIN);
      expect(status.result.current).toBe('succeeded');
      act(() => session.logout('', { silent: true }));
      expect(user.result.current).toBeNull();
      expect(status.result.current).toBe('idle');
    });
  });
});
