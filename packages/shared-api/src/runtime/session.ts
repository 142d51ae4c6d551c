import { useSyncExternalStore } from 'react';
import type { AdminProfile, LoggedInAdmin } from '../contract/auth';
import type { AvailabilityStatus } from '../constants/enums';
import { AUTH_MESSAGES } from '../constants/messages';
import { SELF, type Permission } from '../constants/permissions';
import { isPlainObject } from './internal';
import { clearToken, readRoot, writeRoot, writeToken } from './storage';
import { toast } from './toast';

export type AuthStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface AuthState {
  /** As the sign-in call returned it, token included. */
  user: LoggedInAdmin | null;
  authStatus: AuthStatus;
}

export interface GeneralState {
  isLoading: boolean;
  searchKeyword: string;
  profileId: string;
  categories: unknown[];
  languages: unknown[];
  socketId: string;
  notification_permission: string;
  replyBoxStatus: boolean;
  isSocketConnected: boolean;
}

export interface NotificationState {
  notification: unknown[];
  totalRecords: number;
  currentPage: number;
  unReadCount: number;
}

/** The client-side state groups of spec section 3 that every app shares. */
export interface SessionState {
  auth: AuthState;
  general: GeneralState;
  notification: NotificationState;
}

export type SessionListener = () => void;

/** Spec sections 4 and 9. */
export const PERSIST_RESTORE_TIMEOUT_MS = 5000;

const AUTH_STATUSES: readonly AuthStatus[] = ['idle', 'loading', 'succeeded', 'failed'];

// Functions, not constants: a reset must not hand out arrays that an earlier state also holds.
const initialAuth = (): AuthState => ({ user: null, authStatus: 'idle' });
const initialGeneral = (): GeneralState => ({
  isLoading: false,
  searchKeyword: '',
  profileId: '',
  categories: [],
  languages: [],
  socketId: '',
  notification_permission: 'default',
  replyBoxStatus: false,
  isSocketConnected: false,
});
const initialNotification = (): NotificationState => ({
  notification: [],
  totalRecords: 0,
  currentPage: 1,
  unReadCount: 0,
});
const initialState = (): SessionState => ({
  auth: initialAuth(),
  general: initialGeneral(),
  notification: initialNotification(),
});

let state: SessionState = initialState();
const listeners = new Set<SessionListener>();

function setState(next: SessionState, persistIt: boolean): void {
  state = next;
  if (persistIt) persist();
  for (const l of [...listeners]) l();
}

function persist(): void {
  // Other groups of spec section 3 may live in `root` too; only ours are replaced.
  writeRoot({ ...readRoot(), auth: state.auth, general: state.general });
}

function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as Array<keyof T>;
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

function patchAuth(patch: Partial<AuthState>): void {
  const auth = { ...state.auth, ...patch };
  // Unchanged updates (a socket reconnecting, say) must not re-render every subscriber.
  if (shallowEqual(auth, state.auth)) return;
  setState({ ...state, auth }, true);
}

export const session = {
  getState: (): SessionState => state,

  subscribe(listener: SessionListener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  signedIn(admin: LoggedInAdmin): void {
    writeToken(admin.token);
    setState({ ...state, auth: { user: admin, authStatus: 'succeeded' } }, true);
  },

  setAuthStatus(authStatus: AuthStatus): void {
    patchAuth({ authStatus });
  },

  updateUser(partial: Partial<LoggedInAdmin>): void {
    const user = state.auth.user;
    if (!user) return;
    const next = { ...user, ...partial };
    if (shallowEqual(next, user)) return;
    // HTTP reads the token from _itoken; the two copies must not drift apart.
    if (partial.token && partial.token !== user.token) writeToken(partial.token);
    patchAuth({ user: next });
  },

  setGeneral(partial: Partial<GeneralState>): void {
    const general = { ...state.general, ...partial };
    if (shallowEqual(general, state.general)) return;
    setState({ ...state, general }, true);
  },

  /**
   * The server said this session may do nothing but change the password (a 403 naming it): the
   * shell sends every screen to the change-password one until a change clears the flag.
   */
  requirePasswordChange(): void {
    session.updateUser({ passwordChangeRequired: true });
  },

  /**
   * The server said this session may do nothing but set up a second factor (a 403 naming it): the
   * shell sends every screen to the enrolment one until it is done.
   */
  requireSecondFactorEnrollment(): void {
    session.updateUser({ secondFactorEnrollmentRequired: true });
  },

  setAvailability(availabilityStatus: AvailabilityStatus): void {
    session.updateUser({ availabilityStatus });
  },

  /**
   * The server's word on the admin's own profile, in the part the session keeps: the header's, and
   * the role with what it grants (an Owner's change reaches the admin's open tabs this way).
   */
  adoptProfile(
    profile: Pick<AdminProfile, 'firstName' | 'lastName' | 'email' | 'availabilityStatus'> &
      Partial<Pick<AdminProfile, 'role' | 'permissions'>>,
  ): void {
    const { firstName, lastName, email, availabilityStatus, role, permissions } = profile;
    const user = state.auth.user;
    const grants =
      permissions && (!user?.permissions || permissions.join() !== user.permissions.join()) ? { permissions } : {};
    const sameRole = role && user?.role && role._id === user.role._id && role.name === user.role.name;
    session.updateUser({
      firstName,
      lastName,
      email,
      availabilityStatus,
      ...grants,
      ...(role && !sameRole ? { role } : {}),
    });
  },

  setNotification(partial: Partial<NotificationState>): void {
    const notification = { ...state.notification, ...partial };
    if (shallowEqual(notification, state.notification)) return;
    setState({ ...state, notification }, false);
  },

  logout(message: string = AUTH_MESSAGES.loggedOut, opts?: { silent?: boolean }): void {
    clearToken();
    setState(initialState(), true);
    if (!opts?.silent) toast.info(message);
  },
};

/**
 * Loads the persisted `auth` and `general` groups into the store. Spec: the restore gives up after
 * `timeoutMs`; the app then starts signed out rather than waiting on storage for ever, and a late
 * read is dropped so that it cannot overwrite what happened since.
 */
export function restoreSession(
  timeoutMs: number = PERSIST_RESTORE_TIMEOUT_MS,
  readPersisted: () => unknown = readRoot,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      reject(new Error(`Persisted state restore timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    // Through a promise so that a reader that throws, or one that is asynchronous, is handled alike.
    Promise.resolve()
      .then(readPersisted)
      .then(
        (root) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          applyPersisted(root);
          resolve();
        },
        (err: unknown) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
  });
}

function applyPersisted(root: unknown): void {
  const saved = isPlainObject(root) ? root : {};
  const auth = isPlainObject(saved.auth) ? saved.auth : {};
  const savedUser = isPlainObject(auth.user) && typeof auth.user.token === 'string' ? auth.user : null;
  // A reload keeps a pending forced password change or enrolment; anything but true (an older save) is false.
  const user = savedUser
    ? ({
        ...savedUser,
        passwordChangeRequired: savedUser.passwordChangeRequired === true,
        secondFactorEnrollmentRequired: savedUser.secondFactorEnrollmentRequired === true,
      } as LoggedInAdmin)
    : null;
  const savedStatus = AUTH_STATUSES.find((s) => s === auth.authStatus);
  // A sign-in cut short by a reload is not still running.
  const authStatus: AuthStatus = !savedStatus || savedStatus === 'loading' ? 'idle' : savedStatus;

  const general = initialGeneral();
  const savedGeneral = isPlainObject(saved.general) ? saved.general : {};
  for (const key of Object.keys(general) as Array<keyof GeneralState>) {
    const v = savedGeneral[key];
    const want = general[key];
    if (Array.isArray(want) ? Array.isArray(v) : typeof v === typeof want) {
      (general as unknown as Record<string, unknown>)[key] = v;
    }
  }
  // These describe the previous page's life (its socket, a spinner), not this one.
  general.isLoading = false;
  general.isSocketConnected = false;
  general.socketId = '';

  setState({ auth: { user, authStatus }, general, notification: state.notification }, false);
}

/**
 * Subscribes a component to part of the session. The selector must return a value that is stable
 * while the state is unchanged (a group or a field, not a new object), as useSyncExternalStore needs.
 */
export function useSession<T>(selector: (s: SessionState) => T): T {
  const get = () => selector(state);
  return useSyncExternalStore(session.subscribe, get, get);
}

export function useAuthUser(): LoggedInAdmin | null {
  return useSession((s) => s.auth.user);
}

/**
 * Whether the signed-in admin's role grants `permission` ('self': anyone signed in). What the
 * server would refuse is not shown: the menu, a screen's buttons and its route read this.
 */
export function can(permission: Permission | typeof SELF, user = state.auth.user): boolean {
  if (!user) return false;
  return permission === SELF || (Array.isArray(user.permissions) && user.permissions.includes(permission));
}

/** `can`, for a component: it re-renders when the admin's role changes. */
export function useCan(permission: Permission | typeof SELF): boolean {
  return useSession((s) => can(permission, s.auth.user));
}

/** Whether the signed-in admin must choose a new password before anything else. */
export function usePasswordChangeRequired(): boolean {
  return useSession((s) => s.auth.user?.passwordChangeRequired === true);
}

/** Whether the signed-in admin must set up a second factor before anything else (their role needs one). */
export function useSecondFactorEnrollmentRequired(): boolean {
  return useSession((s) => s.auth.user?.secondFactorEnrollmentRequired === true);
}
