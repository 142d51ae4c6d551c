import type { Static, TSchema } from '@sinclair/typebox';
import type { EventName } from './events';
import type { Permission, SELF } from '../constants/permissions';

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Who may call an endpoint; the server's route registration reads this and nothing else. */
export type EndpointAuth = 'public' | 'admin' | 'marketplace';

/**
 * What an endpoint reads or changes, in the words the caches use: a query is filed under its
 * endpoint's resource, and an event (or a mutation, through the events it declares) refreshes every
 * query of the resources it names. It is also the endpoint's OpenAPI tag.
 */
export const RESOURCES = [
  'auth',
  'admin',
  'admins',
  'people',
  'requests',
  'lookups',
  'redemptions',
  'transactions',
  'payouts',
  'paymentMethods',
  'discountCodes',
  'emailTemplates',
  'calls',
  'notifications',
  'dashboard',
  'audit',
  'platform',
  'releases',
] as const;
export type Resource = (typeof RESOURCES)[number];

/** What an admin's role must grant to call an endpoint; 'self' is every signed-in admin's own account. */
export type EndpointPermission = Permission | typeof SELF;

interface EndpointBase {
  method: ApiMethod;
  /** Path under API_BASE_PATH, as spec section 7 spells it (new ones in the same style). */
  path: string;
  /**
   * 'public' (the four sign-in and reset calls), 'admin' (a signed-in admin's bearer token), or
   * 'marketplace' (the marketplace's own credential; an admin session is refused). An endpoint cannot
   * be left open by forgetting an option: there is no default.
   */
  auth: EndpointAuth;
  /**
   * For an 'admin' endpoint, what the admin's role must grant (deny by default: the type requires
   * one, and the server refuses to start with an admin endpoint that has none); checked before the
   * body is read or validated. Public and marketplace calls have none.
   */
  permission?: EndpointPermission;
  resource: Resource;
  summary: string;
  querystring?: TSchema;
  body?: TSchema;
  /** The 200 reply; every error reply is ErrorReply. */
  reply: TSchema;
  /** Set when the 200 reply is not the JSON envelope but a file of this media type (streamed). */
  produces?: string;
  /** Set when the request body is not JSON but a file of this media type (read raw, checked by the handler). */
  consumes?: string;
  /**
   * A remote team's deploy token may call it too, in place of an admin's session, for its own remote
   * only (the handler checks the remote named): releasing from a team's CI.
   */
  deployToken?: true;
  /**
   * The server events a successful call sends (after its change is committed). A client that made
   * the call refreshes what those events refresh without waiting for them.
   */
  emits?: readonly EventName[];
}

export type Endpoint =
  | (EndpointBase & { auth: 'admin'; permission: EndpointPermission })
  | (EndpointBase & { auth: 'public' | 'marketplace'; permission?: never });

/** Declares one endpoint, keeping its literal types (the client and the server read them). */
export const endpoint = <const E extends Endpoint>(e: E) => e;

/**
 * An event the server sends over the socket after a change is committed: its name on the wire, its
 * payload, and the resources whose queries it refreshes in every signed-in admin's page.
 */
export interface ServerEventSpec {
  /** The socket.io event name. */
  name: string;
  summary: string;
  payload: TSchema;
  invalidates: readonly Resource[];
  /** 'admins': every signed-in admin (the default); 'self': only the admin the payload's `_id` names. */
  to?: 'admins' | 'self';
}

export const serverEvent = <const E extends ServerEventSpec>(e: E) => e;

// What an endpoint's schemas let through, for the server's handlers and the apps' client alike.

/** The query an endpoint reads; none declared: no query at all. */
export type QueryOf<E> = E extends { querystring: infer Q extends TSchema } ? Static<Q> : Record<string, never>;
/** The body an endpoint reads; none declared: no body. */
export type BodyOf<E> = E extends { body: infer B extends TSchema } ? Static<B> : undefined;
/** The 200 reply of an endpoint. */
export type ReplyOf<E> = E extends { reply: infer R extends TSchema } ? Static<R> : never;
/** The `data` of an endpoint's 200 envelope; unknown for a reply that carries none. */
export type DataOf<E> = ReplyOf<E> extends { data: infer D } ? D : unknown;
