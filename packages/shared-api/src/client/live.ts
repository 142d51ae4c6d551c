import { useEffect } from 'react';
import type { Query, QueryClient } from '@tanstack/react-query';
import { oldestReadAt, onServerEvent, SOCKET_AUTHENTICATED, useServerEvent } from '@backoffice/shared-api/runtime';
import type { EventName, PayloadOf } from '../contract/events';
import { EVENTS, ROUTES } from '../contract/routes';
import type { EndpointName } from '../contract/endpoints';
import { invalidateResources } from './endpoint-hooks';

const isEndpointQuery = (query: { queryKey: readonly unknown[] }) =>
  ROUTES[query.queryKey[0] as EndpointName] !== undefined;

const subscribed = new WeakMap<QueryClient, { count: number; stop: () => void }>();

/**
 * How far apart two instances' clocks may be (the event's time is one's, a read's another's): an
 * event this close to the oldest read counts as after it.
 */
export const CLOCK_MARGIN_MS = 1000;

/**
 * Whether every read this page has had (none, on a page that has read nothing) was current after the
 * last event went out, with the clocks' margin.
 */
function readsAfter(lastEventAt: number | undefined): boolean {
  if (typeof lastEventAt !== 'number') return false;
  const oldest = oldestReadAt();
  if (oldest === undefined) return true;
  return oldest !== null && lastEventAt < oldest - CLOCK_MARGIN_MS;
}

const lastEventOf = (authenticated: unknown): number | undefined => {
  const at =
    authenticated && typeof authenticated === 'object'
      ? (authenticated as { lastEventAt?: unknown }).lastEventAt
      : undefined;
  return typeof at === 'number' ? at : undefined;
};

/**
 * A first read under way when the socket authenticates is not sent again by a refresh (react-query
 * joins a query's first fetch rather than restarting it), and the server may have begun it before an
 * event this page did not hear. Once it has landed, it is read again unless its time (and every
 * other read's) is after the last event.
 */
function readAgainOnceLanded(queryClient: QueryClient, query: Query, lastEventAt: number | undefined): void {
  const cache = queryClient.getQueryCache();
  const stop = cache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') return stop();
    if (query.state.fetchStatus !== 'idle') return;
    stop();
    if (query.state.status === 'success' && !readsAfter(lastEventAt)) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  });
}

/**
 * The page's one subscriber to the server's events: each event refreshes what its contract entry
 * says it changes (refetched at once where it is on screen, on the next visit elsewhere), whoever
 * made the change (another admin, another tab). Each time the socket is (re)authenticated every
 * open read is refreshed too: what happened while it was not connected was not pushed to this page.
 * The first time, unless the server says its last event went out before all this page has read
 * (the usual cold load: the first screen's reads are not sent twice). A first read still under way
 * then is read again once it lands, unless it too was current after the last event.
 * Returns the unsubscribe function; subscribing one client twice subscribes it once.
 */
export function subscribeLiveUpdates(queryClient: QueryClient): () => void {
  const existing = subscribed.get(queryClient);
  if (existing) existing.count++;
  else {
    const stops = (Object.keys(EVENTS) as EventName[]).map((key) =>
      onServerEvent(EVENTS[key].name, () => void invalidateResources(queryClient, EVENTS[key].invalidates)),
    );
    // After the first, an authentication follows a drop, during which events went unheard.
    let first = true;
    stops.push(
      onServerEvent(SOCKET_AUTHENTICATED, (payload) => {
        const lastEventAt = lastEventOf(payload);
        const fetching = queryClient.getQueryCache().findAll({ predicate: isEndpointQuery, fetchStatus: 'fetching' });
        // The first time, what has landed is not read again when all of it was current after the
        // last event; a read under way (one sent before the socket's rooms were joined may predate
        // an event) is judged alike once it lands, by its own time. The landed reads do not wait
        // on it: a screen's rows are not read twice because the bell's count was on its way.
        const quiet = first && readsAfter(lastEventAt);
        first = false;
        if (quiet) {
          for (const query of fetching) readAgainOnceLanded(queryClient, query, lastEventAt);
          return;
        }
        void queryClient.invalidateQueries({ predicate: isEndpointQuery });
        for (const query of fetching) {
          if (query.state.data === undefined) readAgainOnceLanded(queryClient, query, lastEventAt);
        }
      }),
    );
    subscribed.set(queryClient, { count: 1, stop: () => stops.forEach((stop) => stop()) });
  }
  return () => {
    const entry = subscribed.get(queryClient);
    if (!entry || --entry.count > 0) return;
    entry.stop();
    subscribed.delete(queryClient);
  };
}

/** Keeps `queryClient` subscribed while the component that calls it is mounted (AppProviders). */
export function useLiveUpdates(queryClient: QueryClient): void {
  useEffect(() => subscribeLiveUpdates(queryClient), [queryClient]);
}

/**
 * Calls `handler` with each event of that name the server sends while the component is mounted,
 * its payload typed by the contract: `useLiveEvent('notificationCreated', (n) => toast(n.description))`.
 */
export function useLiveEvent<N extends EventName>(name: N, handler: (payload: PayloadOf<N>) => void): void {
  useServerEvent(EVENTS[name].name, handler as (payload: unknown) => void);
}
