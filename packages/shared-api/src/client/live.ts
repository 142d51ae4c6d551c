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
 * Whether the page's first authentication finds nothing to read again: no read under way (one sent
 * before the socket's rooms were joined may predate an event), and the last event went out before
 * the oldest read this page has had was current.
 */
function missedNothing(queryClient: QueryClient, lastEventAt: number | undefined): boolean {
  if (queryClient.isFetching({ predicate: isEndpointQuery }) > 0) return false;
  return readsAfter(lastEventAt, true);
}

/**
 * Whether every read this page has had was current after the last event went out (with the clocks'
 * margin); `none` is the answer when nothing has been read yet.
 */
function readsAfter(lastEventAt: number | undefined, none: boolean): boolean {
  if (typeof lastEventAt !== 'number') return false;
  const oldest = oldestReadAt();
  if (oldest === undefined) return none;
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
    if (query.state.status === 'success' && !readsAfter(lastEventAt, false)) {
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
        const landing = queryClient
          .getQueryCache()
          .findAll({ predicate: isEndpointQuery, fetchStatus: 'fetching' })
          .filter((query) => query.state.data === undefined);
        const skip = first && missedNothing(queryClient, lastEventAt);
        first = false;
        if (skip) return;
        void queryClient.invalidateQueries({ predicate: isEndpointQuery });
        for (const query of landing) readAgainOnceLanded(queryClient, query, lastEventAt);
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
