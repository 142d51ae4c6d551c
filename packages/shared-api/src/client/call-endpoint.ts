import type { TSchema } from '@sinclair/typebox';
import { apiRequest, type ApiRequestOptions } from '@backoffice/shared-api/runtime';
import type { Reply } from '../contract/common';
import type { BodyOf, DataOf, EndpointName, QueryOf, endpoints } from '../contract/endpoints';
import { API_ROUTES } from '../constants/paths';

type Endpoints = typeof endpoints;

/** The calls answered with the JSON envelope; a file download (`produces`) has its own reader. */
export type JsonEndpointName = {
  [N in EndpointName]: Endpoints[N] extends { produces: string } ? never : N;
}[EndpointName];

/** What a call of endpoint E sends: its query and body exactly when the contract declares them. */
export type EndpointInput<E> = (E extends { querystring: TSchema } ? { query: QueryOf<E> } : { query?: never }) &
  (E extends { body: TSchema } ? { body: BodyOf<E> } : { body?: never }) & {
    signal?: AbortSignal;
    skipAuthLogout?: boolean;
  };

// Resolved per endpoint when indexed by a literal name: a conditional type of a generic endpoint
// would make the checker expand every endpoint's schemas at once.
type InputByName = { [N in EndpointName]: EndpointInput<Endpoints[N]> };
type ReplyByName = { [N in EndpointName]: Reply<DataOf<Endpoints[N]>> };

/**
 * Calls one endpoint of the contract: its method and path come from contract/endpoints.ts (through
 * API_ROUTES, which the endpoints are built on), its query, body and reply types from the endpoint's
 * schemas, so a call cannot disagree with what the server registers. Replies as apiRequest does.
 */
export function callEndpoint<N extends JsonEndpointName>(name: N, input: InputByName[N]): Promise<ReplyByName[N]> {
  const { method, path } = API_ROUTES[name];
  // Checked at the call site against the endpoint; inside, only the generic request shape remains.
  return apiRequest(method, path, input as ApiRequestOptions) as Promise<ReplyByName[N]>;
}
