import type { TSchema } from '@sinclair/typebox';
import { apiRequest, type ApiRequestOptions } from '@backoffice/shared-api/runtime';
import type { ListTotalIs, Reply } from '../contract/common';
import type { BodyOf, DataOf, QueryOf } from '../contract/endpoint';
import type { EndpointName, Endpoints } from '../contract/endpoints';
import { ROUTES } from '../contract/routes';

/** The calls answered with the JSON envelope; a file download (`produces`) has its own reader. */
export type JsonEndpointName = {
  [N in EndpointName]: Endpoints[N] extends { produces: string } ? never : N;
}[EndpointName];

/** The calls answered with a page of rows and how many there are in all. */
export type ListEndpointName = {
  [N in JsonEndpointName]: Endpoints[N] extends { reply: { properties: { total: TSchema } } } ? N : never;
}[JsonEndpointName];

/** The calls that only read (GET), which the query hooks may cache. */
export type ReadEndpointName = {
  [N in JsonEndpointName]: Endpoints[N] extends { method: 'GET' } ? N : never;
}[JsonEndpointName];

/** The calls that change something. */
export type WriteEndpointName = Exclude<JsonEndpointName, ReadEndpointName>;

// Resolved per endpoint when indexed by a literal name: a conditional type of a generic endpoint
// would make the checker expand every endpoint's schemas at once.
type QueryByName = { [N in EndpointName]: QueryOf<Endpoints[N]> };
type BodyByName = { [N in EndpointName]: BodyOf<Endpoints[N]> };
type DataByName = { [N in EndpointName]: DataOf<Endpoints[N]> };

/** The query endpoint N reads (an empty object for one that reads none). */
export type EndpointQuery<N extends EndpointName> = QueryByName[N];
/** The body endpoint N reads (undefined for one that reads none). */
export type EndpointBody<N extends EndpointName> = BodyByName[N];
/** The `data` of endpoint N's 200 reply. */
export type EndpointData<N extends EndpointName> = DataByName[N];
/** One row of list endpoint N's page. */
export type EndpointRow<N extends EndpointName> = DataByName[N] extends ReadonlyArray<infer R> ? R : never;

type HasQuery<N extends EndpointName> = Endpoints[N] extends { querystring: TSchema } ? true : false;
type HasBody<N extends EndpointName> = Endpoints[N] extends { body: TSchema } ? true : false;

/** What a call of endpoint N sends: its query and body exactly when the contract declares them. */
export type EndpointInput<N extends EndpointName> = (HasQuery<N> extends true
  ? { query: EndpointQuery<N> }
  : { query?: never }) &
  (HasBody<N> extends true ? { body: EndpointBody<N> } : { body?: never }) & {
    signal?: AbortSignal;
    skipAuthLogout?: boolean;
  };

/**
 * Calls one endpoint of the contract by name: its method and path come from the contract (ROUTES),
 * its query, body and reply types from the endpoint's schemas, so a call cannot disagree with what
 * the server registers. Always resolves, with the server's envelope (statusCode 0: no reply).
 */
export function callEndpoint<N extends JsonEndpointName>(
  name: N,
  input: EndpointInput<N>,
): Promise<Reply<EndpointData<N>>> {
  const { method, path } = ROUTES[name];
  // Checked at the call site against the endpoint; inside, only the generic request shape remains.
  return apiRequest(method, path, input as ApiRequestOptions) as Promise<Reply<EndpointData<N>>>;
}

/** One page of a list and how many rows the list has in all. */
export interface ListResult<Row> {
  data: Row[];
  total: number;
  /** Set when the total is an estimate ('about') or a lower bound ('atLeast'); absent when exact. */
  totalIs?: ListTotalIs;
}
