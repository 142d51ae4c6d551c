/**
 * The contract as the browser needs it: each endpoint's method, path, credential, resource and the
 * events it sends, and each server event's wire name and what it refreshes. No schema: in the apps'
 * builds this module is replaced by its value, computed once at build time
 * (webpack/contract-routes-loader.js), so that pages ship no schema builder. Elsewhere (the server,
 * the tests) it is computed here from the same objects.
 */
import { endpoints, type EndpointName } from './endpoints';
import { serverEvents, type EventName } from './events';
import type { ApiMethod, EndpointAuth, EndpointPermission, Resource } from './endpoint';

export interface RouteEntry {
  method: ApiMethod;
  path: string;
  auth: EndpointAuth;
  /** What the admin's role must grant; absent for a public or marketplace call. */
  permission?: EndpointPermission;
  resource: Resource;
  emits: readonly EventName[];
  /** Present for an endpoint that answers with a file, not the JSON envelope. */
  produces?: string;
}

export interface EventEntry {
  name: string;
  invalidates: readonly Resource[];
  to: 'admins' | 'self';
}

export const ROUTES = Object.fromEntries(
  Object.entries(endpoints).map(([name, e]) => {
    const entry: RouteEntry = {
      method: e.method,
      path: e.path,
      auth: e.auth,
      resource: e.resource,
      emits: 'emits' in e ? e.emits : [],
    };
    if ('produces' in e) entry.produces = e.produces;
    if ('permission' in e) entry.permission = e.permission;
    return [name, entry];
  }),
) as Record<EndpointName, RouteEntry>;

export const EVENTS = Object.fromEntries(
  Object.entries(serverEvents).map(([key, e]) => {
    const entry: EventEntry = { name: e.name, invalidates: e.invalidates, to: 'to' in e ? e.to : 'admins' };
    return [key, entry];
  }),
) as Record<EventName, EventEntry>;

/**
 * The lists: the endpoints whose reply has a total (the client's ListEndpointName), for a client
 * that has an endpoint's name from somewhere else than its own code (the browser's storage).
 */
export const LIST_ENDPOINTS = Object.entries(endpoints)
  .filter(([, e]) => 'total' in ((e.reply as { properties?: object }).properties ?? {}))
  .map(([name]) => name as EndpointName);
