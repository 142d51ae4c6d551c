/**
 * When what this page read from the API was current: the server's X-Read-At (READ_AT_HEADER) of
 * each reply to a read since the page loaded. A page whose first socket authentication says the
 * last event went out before the oldest of them missed nothing, and need not read it all again
 * (client/live.ts).
 */
let oldest: number | undefined;
let unknown = false;

/** Notes one read's header value; a reply without one makes every read's time unknown. */
export function noteReadAt(value: unknown): void {
  const at = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(at)) unknown = true;
  else if (oldest === undefined || at < oldest) oldest = at;
}

/**
 * The server's time of the oldest read this page has had: undefined before any, null when a reply
 * came without its time (one from elsewhere, or from a server that does not send it).
 */
export function oldestReadAt(): number | null | undefined {
  return unknown ? null : oldest;
}

/** For unit tests: a page that has read nothing yet. */
export function __resetReadTimes(): void {
  oldest = undefined;
  unknown = false;
}
