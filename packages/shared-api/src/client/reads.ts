import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '@backoffice/shared-api/runtime';
import type { ListTotalIs, Reply } from '../contract/common';

/** One page of a list and how many rows the list has in all. */
export interface ListResult<Row> {
  data: Row[];
  total: number;
  /** Set when the total is an estimate ('about') or a lower bound ('atLeast'); absent when exact. */
  totalIs?: ListTotalIs;
}

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

/**
 * A paged list. A non-200 reply rejects with an ApiError carrying the server's message, which is
 * what the screen's error state shows; the previous page stays on screen while the next one loads.
 */
export function usePagedList<Row>(queryKey: QueryKey, fetchPage: (signal: AbortSignal) => Promise<Reply<Row[]>>) {
  return useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<ListResult<Row>> => {
      const reply = await fetchPage(signal);
      if (reply.statusCode !== 200) throw new ApiError(reply);
      return listResultOf(reply);
    },
    placeholderData: keepPreviousData,
  });
}
