/**
 * Fakes for unit tests of the client and of the screens that use it (`@backoffice/shared-api/testing`):
 * the server is faked at the HTTP adapter, the one place a unit test may stand in for it.
 */
import { AxiosError, CanceledError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import {
  __resetReadTimes,
  __setHttpAdapter,
  __setSocketFactory,
  connectSocket,
  disconnectSocket,
  session,
  setToastHandler,
  type SocketLike,
  type ToastKind,
} from '@backoffice/shared-api/runtime';
import type { LoggedInAdmin } from './contract/auth';
import { PERMISSIONS, SEEDED_ROLES, type SeededRoleKey } from './constants/permissions';

export const ADMIN: LoggedInAdmin = {
  _id: '8b6f7a52-1d0e-4f43-9c55-2d8c1f0f3a11',
  token: 'token-1',
  expiresAt: '2030-01-01T00:00:00.000Z',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@example.com',
  availabilityStatus: '0',
  passwordChangeRequired: false,
  secondFactorEnrollmentRequired: false,
  role: { _id: '8b6f7a52-1d0e-4f43-9c55-2d8c1f0f3a00', name: 'Owner' },
  // An Owner's: every screen and button of the unit tests is open to it.
  permissions: [...PERMISSIONS],
};

/** The fake admin with one of the seeded roles instead (what a Support or a Finance admin sees). */
export function adminWithRole(key: SeededRoleKey): LoggedInAdmin {
  const role = SEEDED_ROLES.find((r) => r.key === key)!;
  return { ...ADMIN, role: { ...ADMIN.role, name: role.name }, permissions: [...role.permissions] };
}

export type StubReply = { status: number; data?: unknown; headers?: Record<string, string> } | 'network-error';

/**
 * A request as the fake server sees it (axios's request config): method in lower case, base URL,
 * path, query, body as sent (JSON text), headers, signal. The query is untyped here, as tests read
 * back fields they set themselves.
 */
export interface StubRequest extends Omit<InternalAxiosRequestConfig, 'params' | 'method' | 'url'> {
  method: string;
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  params?: any;
}

/**
 * Replaces the HTTP client's adapter (where axios sends a request) with `reply`, so that every
 * interceptor still runs; returns the requests it saw, in order. Like the browser's adapters, it
 * gives up on a request whose signal aborts.
 */
export function stubHttp(reply: (request: StubRequest) => StubReply | Promise<StubReply>) {
  const requests: StubRequest[] = [];
  __setHttpAdapter(async (config) => {
    const request = config as StubRequest;
    requests.push(request);
    const signal = config.signal as AbortSignal | undefined;
    const aborted = new Promise<never>((_resolve, reject) => {
      const cancel = () => reject(new CanceledError(undefined, undefined, config));
      if (signal?.aborted) cancel();
      signal?.addEventListener('abort', cancel, { once: true });
    });
    const r = await Promise.race([reply(request), aborted]);
    if (r === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    return { status: r.status, statusText: '', data: r.data, headers: r.headers ?? {}, config } satisfies AxiosResponse;
  });
  return requests;
}

/** A clean slate: nothing stored, signed out, toasts captured. Returns the captured toasts. */
export function resetClient(): { toasts: Array<[ToastKind, string]>; restore: () => void } {
  localStorage.clear();
  __resetReadTimes();
  const toasts: Array<[ToastKind, string]> = [];
  const unregister = setToastHandler((kind, message) => toasts.push([kind, message]));
  session.logout('', { silent: true });
  toasts.length = 0;
  return { toasts, restore: unregister };
}

export function signIn(admin: LoggedInAdmin = ADMIN): void {
  session.signedIn(admin);
}

// Replies as the server sends them, for screens' tests.

export const ok = (data: unknown, message = 'OK'): StubReply => ({
  status: 200,
  data: { statusCode: 200, message, data },
});

export const listReply = (rows: unknown[], total = rows.length): StubReply => ({
  status: 200,
  data: { statusCode: 200, message: 'List', data: rows, total },
});

export const failure = (status: number, message: string, errors?: Record<string, string>): StubReply => ({
  status,
  data: { statusCode: status, message, ...(errors ? { errors } : {}) },
});

export type Handler = (config: StubRequest) => StubReply | undefined | Promise<StubReply | undefined>;

/** Replies per path; an unexpected call gets a 500 naming it, which fails the test loudly. */
export function stubApi(handler: Handler) {
  return stubHttp(async (config) => {
    const reply = await handler(config);
    if (reply) return reply;
    return failure(500, `Unexpected call ${config.method} ${config.url}`);
  });
}

/** The JSON body a request sent. */
export function bodyOf(config: StubRequest): Record<string, unknown> {
  return typeof config.data === 'string' ? JSON.parse(config.data) : ((config.data ?? {}) as Record<string, unknown>);
}

type Listener = (...args: unknown[]) => void;

/**
 * Stands in for socket.io through the socket module's test seam, connected as a signed-in admin's
 * socket is: call after signing in, `stop` in afterEach. `serverSends` delivers an event as the
 * server would.
 */
export function fakeSocket() {
  const listeners = new Map<string, Listener[]>();
  const socket: SocketLike = {
    on: (event, l) => listeners.set(event, [...(listeners.get(event) ?? []), l]),
    off: (event, l) =>
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((x) => x !== l),
      ),
    emit: () => undefined,
    disconnect: () => undefined,
  };
  __setSocketFactory(() => socket);
  connectSocket();
  return {
    serverSends: (event: string, payload: unknown) => {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    stop: () => {
      disconnectSocket();
      __setSocketFactory(null);
    },
  };
}
