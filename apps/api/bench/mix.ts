import type { TSchema } from '@sinclair/typebox';
import { MAX_PAGE, endpoints, type Endpoint } from '@backoffice/shared-api/contract';

/**
 * The requests bench:api measures, read from the contract so that a new list, sort or filter is in
 * the mix without touching this file: every list's page 1, a search for each of SEARCH_TERMS, a
 * middle page and the last page (as far as the pager goes), each sort and each value of each
 * filter; the busiest fan's detail, one request per tab; the dashboard; the transaction totals; and
 * getUserProfile as the baseline. The API tests check the query plan of every request of the same
 * mix (list-plans.test.ts).
 */
export const SEARCH_TERM = 'smith';
/**
 * The terms every list is searched for: a name (few matches) and a common fragment of names
 * ("ann": Anna, Joanne, Hannah…, thousands of matches at scale), whose page must cost no more.
 */
export const SEARCH_TERMS = [SEARCH_TERM, 'ann'] as const;

export interface Request {
  label: string;
  path: string;
  query: Record<string, string | number | boolean>;
}

/** Sends one request of the mix and returns its reply's body, or throws on a status other than 200. */
export type Get = (r: Request) => Promise<{ total?: number; data?: unknown }>;

export const urlOf = (base: string, r: Request) =>
  `${base}${r.path}?${new URLSearchParams(Object.entries(r.query).map(([k, v]): [string, string] => [k, String(v)]))}`;

type Schema = TSchema & { properties?: Record<string, Schema>; anyOf?: Schema[]; const?: unknown; type?: string };

/** The values a filter can take, when it has a closed set of them. */
function valuesOf(schema: Schema): Array<string | boolean> {
  if (schema.anyOf) return schema.anyOf.flatMap(valuesOf);
  if (schema.const !== undefined) return [schema.const as string];
  if (schema.type === 'boolean') return [true, false];
  return [];
}

const LIST_PARAMS = new Set(['page', 'limit', 'search', 'sortBy', 'sortOrder', 'from', 'to']);

/** Every list of the contract that takes no required parameter, and what to ask of it. */
export async function listRequests(get: Get): Promise<Request[]> {
  const out: Request[] = [];
  for (const [name, e] of Object.entries(endpoints) as Array<[string, Endpoint]>) {
    const query = e.querystring as Schema | undefined;
    const reply = e.reply as Schema;
    if (e.method !== 'GET' || !query?.properties?.page || !reply.properties?.total) continue;
    if ((query.required ?? []).length > 0) continue;
    const props = query.properties;
    const first: Request = { label: `${name} page 1`, path: e.path, query: { page: 1, limit: 10 } };
    out.push(first);
    for (const term of props.search ? SEARCH_TERMS : []) {
      out.push({ ...first, label: `${name} search "${term}"`, query: { ...first.query, search: term } });
    }
    const { total = 0 } = await get(first);
    const last = Math.min(MAX_PAGE, Math.max(1, Math.ceil(total / 10)));
    if (last > 2) out.push({ ...first, label: `${name} middle page`, query: { page: Math.ceil(last / 2), limit: 10 } });
    if (last > 1) out.push({ ...first, label: `${name} last page`, query: { page: last, limit: 10 } });
    for (const sortBy of props.sortBy ? valuesOf(props.sortBy) : []) {
      for (const sortOrder of ['asc', 'desc']) {
        out.push({
          ...first,
          label: `${name} sort ${sortBy} ${sortOrder}`,
          query: { page: 1, limit: 10, sortBy: String(sortBy), sortOrder },
        });
      }
    }
    for (const [filter, schema] of Object.entries(props)) {
      if (LIST_PARAMS.has(filter)) continue;
      for (const value of valuesOf(schema)) {
        out.push({ ...first, label: `${name} ${filter}=${value}`, query: { page: 1, limit: 10, [filter]: value } });
      }
    }
  }
  return out;
}

/** The requests that are not lists: the busiest fan's detail, the dashboard, totals, the baseline. */
export async function otherRequests(get: Get): Promise<Request[]> {
  const fans = await get({
    label: 'busiest fan',
    path: endpoints.getAllFans.path,
    query: { search: 'busy.fan', limit: 1 },
  });
  const busyFan = (fans.data as Array<{ _id: string }>)[0]?._id;
  const tabs = valuesOf((endpoints.getFanDetails.querystring as Schema).properties!.tab!);
  const detail: Request[] = busyFan
    ? tabs.map((tab) => ({
        label: `getFanDetails (busiest fan) ${tab}`,
        path: endpoints.getFanDetails.path,
        query: { id: busyFan, tab, page: 1, limit: 10 },
      }))
    : [];
  return [
    ...detail,
    { label: 'getDashboard', path: endpoints.getDashboard.path, query: { timeZone: 'America/New_York' } },
    { label: 'getTransactionTotals', path: endpoints.getTransactionTotals.path, query: {} },
    {
      label: `getTransactionTotals search "${SEARCH_TERM}"`,
      path: endpoints.getTransactionTotals.path,
      query: { search: SEARCH_TERM },
    },
    { label: 'getUserProfile (baseline)', path: endpoints.getUserProfile.path, query: {} },
  ];
}
