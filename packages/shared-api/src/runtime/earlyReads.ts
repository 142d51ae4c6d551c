import { REMEMBERED_READS_KEY } from '../constants/transport';
import { READ_AT_HEADER } from '../constants/realtime';
import { readToken } from './storage';

/**
 * Reads started before the code that needs them has run, so that a cold page's data is on its way
 * with its code instead of after it (render-as-you-fetch):
 * - the page's own HTML starts the session check (the server writes its URL into the page, and a
 *   small inline script sends it with the stored token before main.js has arrived): `window.__earlyReads`;
 * - the same script starts the list's first page this browser asked for the last time it opened
 *   that address (rememberFirstRead), and the shell's router starts it on the page's first
 *   navigation when the script could not (prefetchRemembered).
 *
 * apiRequest takes such a read instead of sending its own when the URL and the token are the same,
 * so every reply still passes through the HTTP client's interceptors (the 401 rule and the rest).
 * A read nobody takes within EARLY_READ_TTL_MS is dropped: it would be stale.
 */
export interface EarlyReply {
  status: number;
  body: string;
  /** The reply's READ_AT_HEADER, when it had one. */
  readAt?: string | null;
}

interface EarlyRead {
  token: string;
  at: number;
  reply: Promise<EarlyReply>;
}

export const EARLY_READ_TTL_MS = 10_000;

/** How many addresses' first reads are remembered (the most recent ones). */
export const REMEMBERED_READS = 40;

export { REMEMBERED_READS_KEY };

declare global {
  interface Window {
    /** Written by the page's inline script (apps/api/src/plugins/web.ts): URL -> the read under way. */
    __earlyReads?: Record<string, { token: string; reply: Promise<EarlyReply> }>;
  }
}

const reads = new Map<string, EarlyRead>();

/** One spelling per URL: the parameters sorted, relative to this origin. */
export function canonicalUrl(url: string): string {
  const parsed = new URL(url, 'http://page.invalid');
  parsed.searchParams.sort();
  return `${parsed.pathname}${parsed.search}`;
}

function adoptPageReads(): void {
  if (typeof window === 'undefined' || !window.__earlyReads) return;
  const now = Date.now();
  for (const [url, read] of Object.entries(window.__earlyReads)) {
    reads.set(canonicalUrl(url), { token: read.token, at: now, reply: read.reply });
  }
  delete window.__earlyReads;
}

/**
 * The read of `url` already under way with `token`, taken (each is taken once); undefined when
 * there is none, it is too old, or it was sent with another token.
 */
export function takeEarlyRead(url: string, token: string | null): Promise<EarlyReply> | undefined {
  adoptPageReads();
  const key = canonicalUrl(url);
  const read = reads.get(key);
  if (!read) return undefined;
  reads.delete(key);
  if (!token || read.token !== token || Date.now() - read.at > EARLY_READ_TTL_MS) return undefined;
  return read.reply;
}

/** Starts reading `url` (an API GET, its full path and query) with the stored token, for apiRequest to take. */
export function startEarlyRead(url: string): void {
  const token = readToken();
  if (!token || typeof fetch === 'undefined') return;
  adoptPageReads();
  const reply = fetch(url, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    credentials: 'same-origin',
  }).then(async (res) => ({ status: res.status, body: await res.text(), readAt: res.headers.get(READ_AT_HEADER) }));
  // Nobody may take it (the screen changed its mind): its failure is then nobody's.
  reply.catch(() => undefined);
  reads.set(canonicalUrl(url), { token, at: Date.now(), reply });
}

/**
 * What an address read first: the URL (all the page's inline script needs), and for a list whose
 * pages may be shown from the cache, its endpoint and query, so that the page's first navigation
 * can put that read in the query cache (prefetchFirstList) and the list's first render shows rows.
 * Browsers that stored a bare URL (before the list was kept) still read as one.
 */
export interface RememberedRead {
  url: string;
  list?: { endpoint: string; query: Record<string, unknown> };
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function remembered(): Record<string, unknown> {
  try {
    const raw = JSON.parse(localStorage.getItem(REMEMBERED_READS_KEY) ?? '{}') as unknown;
    return isRecord(raw) ? raw : {};
  } catch {
    return {};
  }
}

/** The read remembered for `address`, whichever way it was stored; undefined when none or unreadable. */
export function rememberedRead(address: string): RememberedRead | undefined {
  const value = remembered()[address];
  if (typeof value === 'string') return { url: value };
  if (!isRecord(value) || typeof value.url !== 'string') return undefined;
  const list = value.list;
  const keep = isRecord(list) && typeof list.endpoint === 'string' && isRecord(list.query);
  return keep
    ? { url: value.url, list: { endpoint: list.endpoint as string, query: list.query as Record<string, unknown> } }
    : { url: value.url };
}

function remember(address: string, read: RememberedRead): void {
  try {
    const all = remembered();
    delete all[address];
    all[address] = read;
    const keys = Object.keys(all);
    for (const old of keys.slice(0, Math.max(0, keys.length - REMEMBERED_READS))) delete all[old];
    localStorage.setItem(REMEMBERED_READS_KEY, JSON.stringify(all));
  } catch {
    // storage full or unavailable: the next load reads after the code, as without this
  }
}

/**
 * Remembers that the screen at `address` (a path and query of the page) first read `url`, so that
 * the next cold load of that address starts it in the router, with the screen's code. Only the
 * addresses' newest REMEMBERED_READS are kept.
 */
export function rememberFirstRead(address: string, url: string): void {
  remember(address, { url: canonicalUrl(url) });
}

/**
 * The same for a list whose pages are shown from the cache, with the list endpoint and query it
 * read `url` through: the next cold load also puts that page in the query cache (prefetchFirstList).
 */
export function rememberFirstList(address: string, url: string, list: NonNullable<RememberedRead['list']>): void {
  remember(address, { url: canonicalUrl(url), list });
}

/** Starts the read the screen at `address` made the last time this browser opened it, if any. */
export function prefetchRemembered(address: string): void {
  // The page's script may have started it already.
  adoptPageReads();
  const url = rememberedRead(address)?.url;
  if (url && !reads.has(url)) startEarlyRead(url);
}
