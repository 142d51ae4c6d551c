import axios, { type AxiosRequestConfig } from 'axios';
import type { Reply } from '../contract/common';
import { AUTH_MESSAGES } from '../constants/messages';
import type { ApiMethod } from '../constants/paths';
import { SIGN_IN_PATH } from '../constants/transport';
import { getClientConfig } from './config';
import { session } from './session';
import { readToken } from './storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** A 401 on this call is an answer to the call, not the end of the session. */
    skipAuthLogout?: boolean;
  }
}

export type HttpMethod = ApiMethod;

export interface ApiRequestOptions {
  /** undefined, null and '' values are left out (spec section 7: "empty values omitted"). */
  query?: Record<string, unknown>;
  /** JSON, or FormData for multipart uploads. */
  body?: unknown;
  signal?: AbortSignal;
  skipAuthLogout?: boolean;
}

export const NETWORK_ERROR_MESSAGE = 'Network error';
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';
export const CANCELLED_MESSAGE = 'Request cancelled';

/**
 * The one axios instance of every app. No Content-Type default: axios picks JSON for objects and
 * leaves FormData to the browser (a JSON default would make axios flatten FormData into JSON).
 */
export const http = axios.create({
  headers: { Accept: 'application/json' },
  // A hung request would keep a screen's spinner for ever; this turns it into a network error.
  timeout: 60_000,
});

http.interceptors.request.use((config) => {
  // Read per request: the base URL and the token can change after this module is loaded.
  if (!config.baseURL) config.baseURL = getClientConfig().apiBaseUrl;
  const token = readToken();
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

http.interceptors.response.use(
  (res) => {
    endSessionOn401(res.status, res.config);
    notePasswordChangeRequired(res.status, res.data, res.config);
    return res;
  },
  (err: unknown) => {
    if (axios.isAxiosError(err) && err.response) {
      endSessionOn401(err.response.status, err.config);
      notePasswordChangeRequired(err.response.status, err.response.data, err.config);
    }
    return Promise.reject(err);
  },
);

const sentWithCurrentToken = (config: AxiosRequestConfig | undefined, current: string) =>
  String(config?.headers?.Authorization ?? '') === `Bearer ${current}`;

/**
 * A session that signed in with the default password may only change it: the server answers any
 * other call 403 with this message. Marking the session sends the shell to the change-password screen
 * (from whichever call found out first: a stored session from before the flag, a remote's screen).
 */
function notePasswordChangeRequired(status: number, body: unknown, config: AxiosRequestConfig | undefined): void {
  if (status !== 403 || !isEnvelope(body) || body.message !== AUTH_MESSAGES.passwordChangeRequired) return;
  const current = readToken();
  if (current && sentWithCurrentToken(config, current)) session.requirePasswordChange();
}

function endSessionOn401(status: number, config: AxiosRequestConfig | undefined): void {
  if (status !== 401 || !config || config.skipAuthLogout || config.url === SIGN_IN_PATH) return;
  const current = readToken();
  if (current) {
    // A reply to a request made without, or with an older, token says nothing of the current one.
    if (!sentWithCurrentToken(config, current)) return;
  } else if (!session.getState().auth.user) {
    // Parallel calls all get 401: only the first one logs out (and toasts).
    return;
  }
  session.logout();
}

function compactQuery(query: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!query) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}

/** The server's JSON envelope: a numeric statusCode; its message may be missing (read as below). */
function isEnvelope(body: unknown): body is Reply<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as Reply<unknown>).statusCode === 'number';
}

function toReply<T>(status: number, body: unknown): Reply<T> {
  if (isEnvelope(body)) {
    if (typeof body.message === 'string') return body as Reply<T>;
    // Spec section 8: a reply without a message reads as "Unknown error" when it failed; a 200
    // without one is still a 200 (its data is read by the list rule, not turned into an error).
    return { ...body, message: body.statusCode === 200 ? '' : UNKNOWN_ERROR_MESSAGE } as Reply<T>;
  }
  // A success status without an envelope (an HTML page from a wrong base URL, say) is no success:
  // 502 is "an invalid response from upstream", and keeps isOk() false.
  if (status < 400) return { statusCode: 502, message: UNKNOWN_ERROR_MESSAGE };
  return { statusCode: status, message: UNKNOWN_ERROR_MESSAGE };
}

/**
 * Spec section 7: error replies come back as the server's body, not as thrown errors. Always
 * resolves: statusCode 0 means no reply at all (network down, timeout, or cancelled through `signal`).
 */
export async function apiRequest<T>(method: HttpMethod, path: string, opts: ApiRequestOptions = {}): Promise<Reply<T>> {
  try {
    const res = await http.request({
      method,
      url: path,
      params: compactQuery(opts.query),
      data: opts.body,
      signal: opts.signal,
      skipAuthLogout: opts.skipAuthLogout,
      validateStatus: () => true,
    });
    return toReply<T>(res.status, res.data);
  } catch (err) {
    if (axios.isCancel(err)) return { statusCode: 0, message: CANCELLED_MESSAGE };
    if (axios.isAxiosError(err) && err.response) return toReply<T>(err.response.status, err.response.data);
    return { statusCode: 0, message: NETWORK_ERROR_MESSAGE };
  }
}

/** Spec section 7: "Callbacks receive null when statusCode is not 200". */
export async function apiData<T>(method: HttpMethod, path: string, opts?: ApiRequestOptions): Promise<T | null> {
  const reply = await apiRequest<T>(method, path, opts);
  return reply.statusCode === 200 ? (reply.data ?? null) : null;
}

export function isOk<T>(reply: Reply<T> | null | undefined): reply is Reply<T> & { statusCode: 200 } {
  return reply?.statusCode === 200;
}

/** Thrown by the query hooks, which need a rejection for react-query's error state. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly errors: Record<string, string> | undefined;
  constructor(reply: Reply<unknown>) {
    super(reply.message || UNKNOWN_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.statusCode = reply.statusCode;
    this.errors = reply.errors;
  }
}
