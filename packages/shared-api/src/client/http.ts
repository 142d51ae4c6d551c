import type { Reply } from '../contract/common';
import { AUTH_MESSAGES } from '../constants/messages';
import type { ApiMethod } from '../constants/paths';
import { SIGN_IN_PATH } from '../constants/transport';
import { getClientConfig } from './config';
import { session } from './session';
import { readToken } from './storage';

export type HttpMethod = ApiMethod;

export interface ApiRequestOptions {
  /** undefined, null and '' values are left out (spec section 7: "empty values omitted"). */
  query?: Record<string, unknown>;
  /** JSON, or FormData for multipart uploads. */
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 on this call is an answer to the call, not the end of the session. */
  skipAuthLogout?: boolean;
}

/** A request as it leaves the client: what the transport sends, and what a unit test's fake one sees. */
export interface HttpRequest {
  method: Lowercase<HttpMethod>;
  /** Read per request: the configured base URL can change after this module is loaded. */
  baseURL: string;
  url: string;
  params?: Record<string, unknown>;
  /** The body as sent: JSON text, or the caller's FormData (the browser writes its boundary). */
  data?: string | FormData;
  headers: Headers;
  /** Aborted by the caller's signal or by the timeout. */
  signal: AbortSignal;
}

export interface HttpResponse {
  status: number;
  /** The body, parsed when it is JSON, else its text. */
  data: unknown;
}

/** Sends a request; rejects only when no reply came at all (network, timeout, abort). */
export type HttpTransport = (request: HttpRequest) => Promise<HttpResponse>;

export const NETWORK_ERROR_MESSAGE = 'Network error';
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';
export const CANCELLED_MESSAGE = 'Request cancelled';

/** A hung request would keep a screen's spinner for ever; this turns it into a network error. */
export const REQUEST_TIMEOUT_MS = 60_000;

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The browser's own fetch: an HTTP library (axios was one) costs 20 KiB gzip on every page, the
 * sign-in page included, to carry a JSON envelope that the client reads itself anyway.
 */
const fetchTransport: HttpTransport = async (request) => {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(request.params ?? {})) query.append(k, String(v));
  const search = query.toString();
  const res = await fetch(`${request.baseURL}${request.url}${search ? `?${search}` : ''}`, {
    method: request.method.toUpperCase(),
    headers: request.headers,
    body: request.data,
    signal: request.signal,
  });
  return { status: res.status, data: parseBody(await res.text()) };
};

let transport: HttpTransport = fetchTransport;

/** For unit tests (`@backoffice/shared-api/testing`): the one place a test stands in for the server. */
export function __setHttpTransport(next: HttpTransport | undefined): void {
  transport = next ?? fetchTransport;
}

const sentWithCurrentToken = (request: HttpRequest, current: string) =>
  request.headers.get('Authorization') === `Bearer ${current}`;

/**
 * A session that signed in with the default password may only change it: the server answers any
 * other call 403 with this message. Marking the session sends the shell to the change-password screen
 * (from whichever call found out first: a stored session from before the flag, a remote's screen).
 */
function notePasswordChangeRequired(status: number, body: unknown, request: HttpRequest): void {
  if (status !== 403 || !isEnvelope(body) || body.message !== AUTH_MESSAGES.passwordChangeRequired) return;
  const current = readToken();
  if (current && sentWithCurrentToken(request, current)) session.requirePasswordChange();
}

function endSessionOn401(status: number, request: HttpRequest, skipAuthLogout: boolean | undefined): void {
  if (status !== 401 || skipAuthLogout || request.url === SIGN_IN_PATH) return;
  const current = readToken();
  if (current) {
    // A reply to a request made without, or with an older, token says nothing of the current one.
    if (!sentWithCurrentToken(request, current)) return;
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
 * When to stop waiting for a reply: the caller's cancel or the timeout, whichever comes first. The
 * promise rejects then, whatever the transport does with the signal, so neither can be missed.
 */
function stopWaiting(caller: AbortSignal | undefined) {
  const aborter = new AbortController();
  const abort = () => aborter.abort();
  if (caller?.aborted) abort();
  caller?.addEventListener('abort', abort);
  const timer = setTimeout(abort, REQUEST_TIMEOUT_MS);
  const abandoned = new Promise<never>((_resolve, reject) => {
    if (aborter.signal.aborted) reject(aborter.signal.reason);
    aborter.signal.addEventListener('abort', () => reject(aborter.signal.reason), { once: true });
  });
  // Only the race reads it; once the reply is in, nothing aborts it any more.
  abandoned.catch(() => undefined);
  return {
    signal: aborter.signal,
    abandoned,
    release() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', abort);
    },
  };
}

/**
 * Spec section 7: error replies come back as the server's body, not as thrown errors. Always
 * resolves: statusCode 0 means no reply at all (network down, timeout, or cancelled through `signal`).
 */
export async function apiRequest<T>(method: HttpMethod, path: string, opts: ApiRequestOptions = {}): Promise<Reply<T>> {
  const headers = new Headers({ Accept: 'application/json' });
  // Read per request: the token can change after this module is loaded.
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let data: string | FormData | undefined;
  if (opts.body instanceof FormData) data = opts.body;
  else if (opts.body !== undefined) {
    data = JSON.stringify(opts.body);
    headers.set('Content-Type', 'application/json');
  }
  const pending = stopWaiting(opts.signal);
  const request: HttpRequest = {
    method: method.toLowerCase() as Lowercase<HttpMethod>,
    baseURL: getClientConfig().apiBaseUrl,
    url: path,
    params: compactQuery(opts.query),
    data,
    headers,
    signal: pending.signal,
  };
  try {
    const res = await Promise.race([transport(request), pending.abandoned]);
    endSessionOn401(res.status, request, opts.skipAuthLogout);
    notePasswordChangeRequired(res.status, res.data, request);
    return toReply<T>(res.status, res.data);
  } catch {
    if (opts.signal?.aborted) return { statusCode: 0, message: CANCELLED_MESSAGE };
    return { statusCode: 0, message: NETWORK_ERROR_MESSAGE };
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
