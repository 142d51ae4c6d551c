import axios, {
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
  type RawAxiosHeaders,
} from 'axios';
import type { Reply } from '../contract/common';
import type { ApiMethod } from '../contract/endpoint';
import { AUTH_MESSAGES } from '../constants/messages';
import { SIGN_IN_PATH } from '../constants/transport';
import { getClientConfig } from './config';
import { session } from './session';
import { readToken } from './storage';
import { takeEarlyRead, type EarlyReply } from './earlyReads';
import { noteReadAt } from './readTimes';
import { READ_AT_HEADER } from '../constants/realtime';

export type HttpMethod = ApiMethod;

declare module 'axios' {
  interface AxiosRequestConfig {
    /** A 401 on this call is an answer to the call, not the end of the session. */
    skipAuthLogout?: boolean;
  }
}

export interface ApiRequestOptions {
  /** undefined, null and '' values are left out (spec section 7: "empty values omitted"). */
  query?: Record<string, unknown>;
  /** JSON, or FormData for multipart uploads. */
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 on this call is an answer to the call, not the end of the session. */
  skipAuthLogout?: boolean;
}

export const NETWORK_ERROR_MESSAGE = 'Network error';
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';
export const CANCELLED_MESSAGE = 'Request cancelled';

/** A hung request would keep a screen's spinner for ever; this turns it into a network error. */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * The page's one HTTP client (the design card's axios), shared by the shell and every remote
 * through this singleton entry. Its interceptors carry the whole protocol, so a team that calls it
 * directly gets the same behaviour as the contract's calls: the bearer token and the configured base
 * URL (read per request: both can change after this module loads), the 401 rule, the forced
 * password change, and every reply (an error, no reply at all) resolved as the server's envelope.
 */
export const http = axios.create({
  headers: { Accept: 'application/json' },
  // Spec section 7: an error reply is the server's body, not a thrown error.
  validateStatus: () => true,
});

const defaultAdapter = http.defaults.adapter;

/** For unit tests (`@backoffice/shared-api/testing`): the one place a test stands in for the server. */
export function __setHttpAdapter(adapter: AxiosAdapter | undefined): void {
  http.defaults.adapter = adapter ?? defaultAdapter;
}

http.interceptors.request.use((config) => {
  config.baseURL = getClientConfig().apiBaseUrl;
  const token = readToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

const sentWithCurrentToken = (config: InternalAxiosRequestConfig, current: string) =>
  AxiosHeaders.from(config.headers).get('Authorization') === `Bearer ${current}`;

function endSessionOn401(res: AxiosResponse): void {
  if (res.status !== 401 || res.config.skipAuthLogout || res.config.url === SIGN_IN_PATH) return;
  const current = readToken();
  if (current) {
    // A reply to a request made without, or with an older, token says nothing of the current one.
    if (!sentWithCurrentToken(res.config, current)) return;
  } else if (!session.getState().auth.user) {
    // Parallel calls all get 401: only the first one logs out (and toasts).
    return;
  }
  session.logout();
}

/**
 * A session that signed in with the default password may only change it: the server answers any
 * other call 403 with this message. Marking the session sends the shell to the change-password screen
 * (from whichever call found out first: a stored session from before the flag, a remote's screen).
 */
function notePasswordChangeRequired(res: AxiosResponse): void {
  if (res.status !== 403 || !isEnvelope(res.data) || res.data.message !== AUTH_MESSAGES.passwordChangeRequired) return;
  const current = readToken();
  if (current && sentWithCurrentToken(res.config, current)) session.requirePasswordChange();
}

/**
 * The same for a session whose role needs a second factor it has not set up: marking it sends the
 * shell to the enrolment screen.
 */
function noteSecondFactorEnrollmentRequired(res: AxiosResponse): void {
  if (res.status !== 403 || !isEnvelope(res.data)) return;
  if (res.data.message !== AUTH_MESSAGES.secondFactorEnrollmentRequired) return;
  const current = readToken();
  if (current && sentWithCurrentToken(res.config, current)) session.requireSecondFactorEnrollment();
}

/** The server's JSON envelope: a numeric statusCode; its message may be missing (read as below). */
function isEnvelope(body: unknown): body is Reply<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as Reply<unknown>).statusCode === 'number';
}

function envelopeOf(status: number, body: unknown): Reply<unknown> {
  if (isEnvelope(body)) {
    if (typeof body.message === 'string') return body;
    // Spec section 8: a reply without a message reads as "Unknown error" when it failed; a 200
    // without one is still a 200 (its data is read by the list rule, not turned into an error).
    return { ...body, message: body.statusCode === 200 ? '' : UNKNOWN_ERROR_MESSAGE };
  }
  // A success status without an envelope (an HTML page from a wrong base URL, say) is no success:
  // 502 is "an invalid response from upstream", and keeps isOk() false.
  if (status < 400) return { statusCode: 502, message: UNKNOWN_ERROR_MESSAGE };
  return { statusCode: status, message: UNKNOWN_ERROR_MESSAGE };
}

/** Why a request got no reply; set by apiRequest on the signal it passes, read back here. */
const CANCELLED = 'cancelled';

/** A body asked for as a stream that turned out to be an answer, not the file: its JSON, if any. */
async function textOf(stream: ReadableStream<Uint8Array>): Promise<unknown> {
  const text = await new Response(stream).text().catch(() => '');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

http.interceptors.response.use(
  async (res) => {
    if (res.config.method === 'get') noteReadAt(AxiosHeaders.from(res.headers as RawAxiosHeaders).get(READ_AT_HEADER));
    const streamed = res.config.responseType === 'stream';
    // A streamed file is read by its caller; any other reply, a refused download too, is the envelope.
    if (streamed && res.status === 200) return res;
    if (streamed && res.data instanceof ReadableStream) res.data = await textOf(res.data);
    endSessionOn401(res);
    notePasswordChangeRequired(res);
    noteSecondFactorEnrollmentRequired(res);
    res.data = envelopeOf(res.status, res.data);
    return res;
  },
  (error: unknown) => {
    // No reply at all (network down, the timeout, the caller's cancel): statusCode 0, resolved.
    const config = axios.isAxiosError(error) ? error.config : undefined;
    const cancelled = config?.signal?.aborted && (config.signal as AbortSignal).reason === CANCELLED;
    const data: Reply<unknown> = { statusCode: 0, message: cancelled ? CANCELLED_MESSAGE : NETWORK_ERROR_MESSAGE };
    return { data, status: 0, statusText: '', headers: {}, config: config ?? {} } as AxiosResponse;
  },
);

function compactQuery(query: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!query) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}

/**
 * The signal a request is sent with: aborted by the caller's cancel (reason 'cancelled') or by the
 * 60 s timeout, whichever comes first. One mechanism for both, which every adapter honours.
 */
export function requestSignal(caller: AbortSignal | undefined) {
  const aborter = new AbortController();
  const cancel = () => aborter.abort(CANCELLED);
  if (caller?.aborted) cancel();
  caller?.addEventListener('abort', cancel);
  const timer = setTimeout(() => aborter.abort(new DOMException('Timed out', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  return {
    signal: aborter.signal,
    release() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', cancel);
    },
  };
}

/** The URL a GET of `path` with `query` is sent to, as apiRequest sends it. */
export function readUrl(path: string, query?: Record<string, unknown>): string {
  return http.getUri({ baseURL: getClientConfig().apiBaseUrl, url: path, params: compactQuery(query) });
}

/**
 * An adapter that answers with a read already under way (earlyReads.ts) instead of sending the
 * request, so the reply still passes the interceptors; should that read have failed, it sends it.
 */
function earlyAdapter(early: Promise<EarlyReply>): AxiosAdapter {
  return async (config) => {
    try {
      const reply = await early;
      const headers = reply.readAt ? { [READ_AT_HEADER]: reply.readAt } : {};
      return { data: reply.body, status: reply.status, statusText: '', headers, config, request: {} };
    } catch {
      return axios.getAdapter(http.defaults.adapter)(config);
    }
  };
}

/**
 * Spec section 7: error replies come back as the server's body, not as thrown errors. Always
 * resolves: statusCode 0 means no reply at all (network down, timeout, or cancelled through `signal`).
 */
export async function apiRequest<T>(method: HttpMethod, path: string, opts: ApiRequestOptions = {}): Promise<Reply<T>> {
  const params = compactQuery(opts.query);
  const early = method === 'GET' ? takeEarlyRead(readUrl(path, params), readToken()) : undefined;
  const pending = requestSignal(opts.signal);
  try {
    const res = await http.request<Reply<T>>({
      method,
      url: path,
      params,
      data: opts.body,
      signal: pending.signal,
      skipAuthLogout: opts.skipAuthLogout,
      ...(early ? { adapter: earlyAdapter(early) } : {}),
    });
    return res.data;
  } finally {
    pending.release();
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
