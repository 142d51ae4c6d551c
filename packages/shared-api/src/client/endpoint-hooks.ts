import {
  keepPreviousData,
  QueryClient,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { ApiError, rememberedRead } from '@backoffice/shared-api/runtime';
import type { Reply } from '../contract/common';
import type { Resource } from '../contract/endpoint';
import type { EndpointName } from '../contract/endpoints';
import { EVENTS, LIST_ENDPOINTS, ROUTES } from '../contract/routes';
import {
  callEndpoint,
  type EndpointData,
  type EndpointInput,
  type EndpointQuery,
  type EndpointRow,
  type ListEndpointName,
  type ListResult,
  type ReadEndpointName,
  type WriteEndpointName,
} from './call-endpoint';

/** Another try will not change a 4xx answer; a network blip or a 5xx may pass the second time. */
function retryOnce(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) return false;
  return failureCount < 1;
}

/** One client for the shell and every remote, so that they share one cache. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryOnce, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

/** The cache key of a read: the endpoint's name, then what it was asked. */
export const endpointKey = <N extends ReadEndpointName>(name: N, query: EndpointQuery<N>): readonly unknown[] => [
  name,
  query,
];

/** The reply's data, or an ApiError carrying the server's message (and field errors) to throw. */
export async function dataOf<T>(pending: Promise<Reply<T>>): Promise<T> {
  const reply = await pending;
  if (reply.statusCode !== 200 || reply.data === undefined) throw new ApiError(reply);
  return reply.data;
}

/**
 * A list reply as the screens can trust it (spec section 4, redemption history), for every list:
 * data that is not an array becomes an empty list, and a count that is not a number becomes 0. The
 * shape spec section 7 gives GET /redemption/getAll (`data.data` records, `data.total`) reads the same.
 */
export function listResultOf<Row>(reply: Reply<Row[]>): ListResult<Row> {
  const nested: unknown = reply.data;
  const inner =
    !Array.isArray(nested) &&
    typeof nested === 'object' &&
    nested !== null &&
    Array.isArray((nested as Reply<Row[]>).data)
      ? (nested as { data: Row[]; total?: unknown })
      : undefined;
  const rows = Array.isArray(reply.data) ? reply.data : (inner?.data ?? []);
  const total = Number(inner && reply.total === undefined ? inner.total : reply.total);
  return {
    data: rows,
    total: Number.isFinite(total) && total >= 0 ? Math.floor(total) : 0,
    ...(reply.totalIs === 'about' || reply.totalIs === 'atLeast' ? { totalIs: reply.totalIs } : {}),
  };
}

const inputOf = <N extends EndpointName>(query: unknown, signal: AbortSignal) =>
  ({ query, signal }) as unknown as EndpointInput<N>;

/**
 * What react-query needs to read endpoint N (key, fetch, the resource it is filed under), to spread
 * into useQuery or hand to a route's loader (`queryClient.ensureQueryData`). A non-200 reply
 * rejects with an ApiError carrying the server's message.
 */
export function endpointQueryOptions<N extends ReadEndpointName>(name: N, query: EndpointQuery<N>) {
  return queryOptions({
    queryKey: endpointKey(name, query),
    queryFn: ({ signal }): Promise<EndpointData<N>> => dataOf(callEndpoint(name, inputOf<N>(query, signal))),
  });
}

/** The same for a list: its page, with the list rule applied (listResultOf). */
export function endpointListOptions<N extends ListEndpointName>(name: N, query: EndpointQuery<N>) {
  return queryOptions({
    queryKey: endpointKey(name, query),
    queryFn: async ({ signal }): Promise<ListResult<EndpointRow<N>>> => {
      const reply = await callEndpoint(name, inputOf<N>(query, signal));
      if (reply.statusCode !== 200) throw new ApiError(reply);
      return listResultOf(reply as Reply<EndpointRow<N>[]>);
    },
  });
}

/**
 * Render-as-you-fetch for a page's first screen: the list this browser read first at `address` the
 * last time (earlyReads.ts) is put in the query cache now, through the same options as the list's
 * own hook, so that the list's first render finds its page there (rows in the screen's first commit)
 * instead of starting the read once mounted. Its request is the read the page's inline script has
 * under way, when there is one (apiRequest takes it).
 */
export function prefetchFirstList(queryClient: QueryClient, address: string): void {
  const list = rememberedRead(address)?.list;
  if (!list || !(LIST_ENDPOINTS as readonly string[]).includes(list.endpoint)) return;
  const name = list.endpoint as ListEndpointName;
  void queryClient.prefetchQuery(endpointListOptions(name, list.query as EndpointQuery<typeof name>));
}

type ExtraQueryOptions<T> = Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'>;

/**
 * Reads endpoint N, cached under `[N, query]`: `useEndpointQuery('getFanDetail', { id })`. Pass
 * `skipToken` as the query while it is not known yet (an id still to come).
 */
export function useEndpointQuery<N extends ReadEndpointName>(
  name: N,
  query: EndpointQuery<N> | typeof skipToken,
  options: ExtraQueryOptions<EndpointData<N>> = {},
) {
  const base = endpointQueryOptions(name, (query === skipToken ? {} : query) as EndpointQuery<N>);
  return useQuery({ ...options, queryKey: base.queryKey, queryFn: query === skipToken ? skipToken : base.queryFn });
}

/**
 * Reads one page of list endpoint N: `useEndpointList('getAllFans', { page, limit, search })`. The
 * previous page stays on screen while the next one loads.
 *
 * The page is asked for as the list renders (what react-query's usePrefetchQuery does: only when
 * nothing of it is cached yet), not once the screen's commit has subscribed to it: a cold screen renders in
 * slices for a hundred milliseconds and more before that commit, and its first list waited them
 * out before its request left. Not for a list with its own enabled or staleTime: one read afresh
 * on every visit would read a page prefetched before its mount a second time.
 */
export function useEndpointList<N extends ListEndpointName>(
  name: N,
  query: EndpointQuery<N>,
  options: ExtraQueryOptions<ListResult<EndpointRow<N>>> = {},
) {
  const list = endpointListOptions(name, query);
  const client = useQueryClient();
  const prefetched = options.enabled === undefined && options.staleTime === undefined;
  if (prefetched && !client.getQueryState(list.queryKey)) void client.prefetchQuery(list);
  return useQuery({ placeholderData: keepPreviousData, ...options, ...list });
}

/** Whether a cached query reads one of `resources` (its key starts with an endpoint's name). */
const readsAny = (resources: readonly Resource[]) => (query: { queryKey: readonly unknown[] }) => {
  const route = ROUTES[query.queryKey[0] as EndpointName];
  return route !== undefined && resources.includes(route.resource);
};

/** Refreshes every cached read of these resources (refetched now where on screen). */
export function invalidateResources(queryClient: QueryClient, resources: readonly Resource[]): Promise<void> {
  if (resources.length === 0) return Promise.resolve();
  return queryClient.invalidateQueries({ predicate: readsAny(resources) });
}

/** What a successful call of endpoint N changes: the resources its events refresh. */
export function resourcesChangedBy(name: EndpointName): Resource[] {
  return [...new Set(ROUTES[name].emits.flatMap((event) => EVENTS[event].invalidates))];
}

/** A change's result: the saved data and the server's word on it (what a toast shows). */
export interface Saved<T> {
  data: T;
  message: string;
}

type ExtraMutationOptions<N extends WriteEndpointName, C> = Omit<
  UseMutationOptions<Saved<EndpointData<N>>, ApiError, EndpointInput<N>, C>,
  'mutationFn'
>;

/**
 * Calls endpoint N to change something: `useEndpointMutation('changeStatus').mutateAsync({ query })`.
 * Rejects with an ApiError whose `errors` name the refused fields (400, 409). On success, before it
 * resolves, what the endpoint's events say changed is refreshed, here as in every other admin's page.
 * A 409 refreshes the same: the record changed under the admin (another admin decided first), and
 * the screen shows what it is now.
 */
export function useEndpointMutation<N extends WriteEndpointName, C = unknown>(
  name: N,
  options: ExtraMutationOptions<N, C> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<Saved<EndpointData<N>>, ApiError, EndpointInput<N>, C>({
    ...options,
    mutationFn: async (input) => {
      const reply = await callEndpoint(name, input);
      if (reply.statusCode !== 200) throw new ApiError(reply);
      return { data: reply.data as EndpointData<N>, message: reply.message };
    },
    onSuccess: async (...args) => {
      await invalidateResources(queryClient, resourcesChangedBy(name));
      await options.onSuccess?.(...args);
    },
    onError: async (...args) => {
      if (args[0].statusCode === 409) await invalidateResources(queryClient, resourcesChangedBy(name));
      await options.onError?.(...args);
    },
  });
}
