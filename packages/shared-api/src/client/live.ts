import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { onServerEvent, SOCKET_AUTHENTICATED, useServerEvent } from '@backoffice/shared-api/runtime';
import type { EventName, PayloadOf } from '../contract/events';
import { EVENTS, ROUTES } from '../contract/routes';
import type { EndpointName } from '../contract/endpoints';
import { invalidateResources } from './endpoint-hooks';

const isEndpointQuery = (query: { queryKey: readonly unknown[] }) =>
  ROUTES[query.queryKey[0] as EndpointName] !== undefined;

const subscribed = new WeakMap<QueryClient, { count: number; stop: () => void }>();

/**
 * The page's one subscriber to the server's events: each event refreshes what its contract entry
 * says it changes (refetched at once where it is on screen, on the next visit elsewhere), whoever
 * made the change (another admin, another tab). Each time the socket is (re)authenticated every
 * open read is refreshed too: what happened while it was not connected was not pushed to this page.
 * Returns the unsubscribe function; subscribing one client twice subscribes it once.
 */
export function subscribeLiveUpdates(queryClient: QueryClient): () => void {
  const existing = subscribed.get(queryClient);
  if (existing) existing.count++;
  else {
    const stops = (Object.keys(EVENTS) as EventName[]).map((key) =>
      onServerEvent(EVENTS[key].name, () => void invalidateResources(queryClient, EVENTS[key].invalidates)),
    );
    stops.push(
      onServerEvent(SOCKET_AUTHENTICATED, () => void queryClient.invalidateQueries({ predicate: isEndpointQuery })),
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
