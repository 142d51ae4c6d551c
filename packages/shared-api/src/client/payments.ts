import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  getClientConfig,
  NETWORK_ERROR_MESSAGE,
  readToken,
  session,
  UNKNOWN_ERROR_MESSAGE,
  LIVE_CONNECTED,
  useServerEvent,
} from '@backoffice/shared-api/runtime';
import { callEndpoint } from './call-endpoint';
import type { Reply } from '../contract/common';
import type {
  CreatePaymentMethodBody,
  DecidePayoutRequestBody,
  PaymentMethod,
  PaymentMethodListQuery,
  PayoutListQuery,
  PayoutRequestListQuery,
  PayoutRequestRow,
  TransactionExportQuery,
  TransactionListQuery,
  TransactionTotalsQuery,
  UpdatePaymentMethodBody,
} from '../contract/payments';
import { EXPORT_TOTAL_HEADER } from '../constants/payments';
import { API_ROUTES } from '../constants/paths';
import { SOCKET_EVENTS } from '../constants/realtime';
import { queryKeys } from './query';
import { dataOf, usePagedList } from './reads';

export interface UpdatePaymentMethodVars {
  id: string;
  changes: UpdatePaymentMethodBody;
}

export interface ChangePaymentMethodStatusVars {
  id: string;
  isActive: boolean;
}

export interface PayoutDecisionResult {
  row: PayoutRequestRow;
  message: string;
}

export const paymentsApi = {
  getAllTransactions(query: TransactionListQuery, signal?: AbortSignal) {
    return callEndpoint('getAllTransactions', { query, signal });
  },

  getTransactionTotals(query: TransactionTotalsQuery, signal?: AbortSignal) {
    return callEndpoint('getTransactionTotals', { query, signal });
  },

  getAllPayoutRequests(query: PayoutRequestListQuery, signal?: AbortSignal) {
    return callEndpoint('getAllPayoutRequests', { query, signal });
  },

  decidePayoutRequest(body: DecidePayoutRequestBody) {
    return callEndpoint('decidePayoutRequest', { body });
  },

  getAllPayouts(query: PayoutListQuery, signal?: AbortSignal) {
    return callEndpoint('getAllPayouts', { query, signal });
  },

  getAllPaymentMethods(query: PaymentMethodListQuery, signal?: AbortSignal) {
    return callEndpoint('getAllPaymentMethods', { query, signal });
  },

  getPaymentMethodDetail(id: string, signal?: AbortSignal) {
    return callEndpoint('getPaymentMethodDetail', { query: { id }, signal });
  },

  createPaymentMethod(body: CreatePaymentMethodBody) {
    return callEndpoint('createPaymentMethod', { body });
  },

  updatePaymentMethod(id: string, changes: UpdatePaymentMethodBody) {
    return callEndpoint('updatePaymentMethod', { query: { id }, body: changes });
  },

  changePaymentMethodStatus(id: string, isActive: boolean) {
    return callEndpoint('changePaymentMethodStatus', { query: { id, isActive } });
  },
};

export function useTransactionsList(query: TransactionListQuery) {
  return usePagedList(queryKeys.transactions.list(query), (signal) => paymentsApi.getAllTransactions(query, signal));
}

/**
 * What the rows the Transactions list selects add up to, whatever the page. Its key sits under
 * queryKeys.transactions.all, so whatever refreshes the list refreshes the totals. The previous
 * figures are not kept while new ones load: totals shown beside other filters would be wrong.
 */
export function useTransactionTotals(query: TransactionTotalsQuery) {
  return useQuery({
    queryKey: queryKeys.transactions.totals(query),
    queryFn: ({ signal }) => dataOf(paymentsApi.getTransactionTotals(query, signal)),
  });
}

/** A new or decided payout request refreshes the lists, so an open screen needs no reload. */
function useRefreshOnPayoutEvents() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.payoutRequests.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.payouts.all });
  };
  useServerEvent(SOCKET_EVENTS.payoutRequestCreated, refresh);
  useServerEvent(SOCKET_EVENTS.payoutRequestDecided, refresh);
  useServerEvent(LIVE_CONNECTED, refresh);
}

export function usePayoutRequestsList(query: PayoutRequestListQuery) {
  useRefreshOnPayoutEvents();
  return usePagedList(queryKeys.payoutRequests.list(query), (signal) =>
    paymentsApi.getAllPayoutRequests(query, signal),
  );
}

export function usePayoutsList(query: PayoutListQuery) {
  useRefreshOnPayoutEvents();
  return usePagedList(queryKeys.payouts.list(query), (signal) => paymentsApi.getAllPayouts(query, signal));
}

export function usePaymentMethodsList(query: PaymentMethodListQuery) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.paymentMethods.all });
  useServerEvent(SOCKET_EVENTS.paymentMethodUpdated, refresh);
  useServerEvent(LIVE_CONNECTED, refresh);
  return usePagedList(queryKeys.paymentMethods.list(query), (signal) =>
    paymentsApi.getAllPaymentMethods(query, signal),
  );
}

export function usePaymentMethodDetail(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.paymentMethods.detail(id ?? ''),
    queryFn: ({ signal }) => dataOf(paymentsApi.getPaymentMethodDetail(id!, signal)),
    enabled: !!id,
  });
}

/**
 * A UUID v4 for an idempotency key. crypto.randomUUID exists only in secure contexts (https or
 * localhost); getRandomValues exists everywhere, so an admin on a plain-http intranet host works too.
 */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Rejects with an ApiError: 409 when another admin decided first (the message says who and when).
 * The caller keeps one idempotencyKey per decision and sends it on every retry, so a retry after a
 * timeout gets the decision back instead of a second payment.
 */
export function useDecidePayoutRequest() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.payoutRequests.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.payouts.all }),
    ]);
  return useMutation({
    // The server's message says what happened (paid, already paid, the influencer emailed or not).
    mutationFn: async (body: DecidePayoutRequestBody): Promise<PayoutDecisionResult> => {
      const reply = await paymentsApi.decidePayoutRequest(body);
      return { row: await dataOf(Promise.resolve(reply)), message: reply.message };
    },
    onSuccess: refresh,
    // A 409 means the request changed under us: show what it is now.
    onError: refresh,
  });
}

function usePaymentMethodMutation<V>(write: (vars: V) => Promise<Reply<PaymentMethod>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => dataOf(write(vars)),
    onSuccess: async (method) => {
      queryClient.setQueryData(queryKeys.paymentMethods.detail(method._id), method);
      await queryClient.invalidateQueries({ queryKey: queryKeys.paymentMethods.all });
    },
  });
}

/** Each rejects with an ApiError whose `errors` name the refused fields (400, 409 on the name). */
export const useCreatePaymentMethod = () =>
  usePaymentMethodMutation((body: CreatePaymentMethodBody) => paymentsApi.createPaymentMethod(body));

export const useUpdatePaymentMethod = () =>
  usePaymentMethodMutation(({ id, changes }: UpdatePaymentMethodVars) => paymentsApi.updatePaymentMethod(id, changes));

export const useChangePaymentMethodStatus = () =>
  usePaymentMethodMutation(({ id, isActive }: ChangePaymentMethodStatusVars) =>
    paymentsApi.changePaymentMethodStatus(id, isActive),
  );

// ---------------------------------------------------------------------------------------------
// The transactions export: streamed, counted as it arrives, and refused unless it arrived whole.

/**
 * Counts the CSV records in a stream of text, chunk by chunk. A quote toggles "inside a cell";
 * an escaped quote ("") toggles twice and so changes nothing; a line feed outside a cell ends a
 * record. Line feeds inside quoted cells are part of the cell, not a new record.
 */
export class CsvRecordCounter {
  records = 0;
  private inQuotes = false;
  private last = '';

  push(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) this.inQuotes = !this.inQuotes;
      else if (c === 10 && !this.inQuotes) this.records++;
    }
    if (text) this.last = text[text.length - 1]!;
  }

  /** A whole file ends with a record terminator, outside any cell. */
  get endsCleanly(): boolean {
    return !this.inQuotes && this.last === '\n';
  }
}

export interface ExportProgress {
  /** Data rows received so far (the header row is not counted). */
  rows: number;
  /** How many rows the server said it would send; null when it did not say. */
  total: number | null;
}

export interface ExportedFile {
  blob: Blob;
  rows: number;
  fileName: string;
}

export const EXPORT_INCOMPLETE_MESSAGE = 'The export stopped part way, so no file was saved. Try again.';

// Chunks are folded into a Blob every few MB: the browser keeps Blob data outside the JS heap (and
// pages large ones to disk), so a 100,000-row export never sits in the page's memory as one string.
const FOLD_BYTES = 4 * 1024 * 1024;

function fileNameOf(disposition: string | null): string {
  const m = disposition && /filename="([^"]+)"/.exec(disposition);
  return m?.[1] ?? 'transactions.csv';
}

function exportUrl(query: TransactionExportQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${getClientConfig().apiBaseUrl}${API_ROUTES.exportTransactions.path}${qs ? `?${qs}` : ''}`;
}

/**
 * Streams the transactions export (every row the list's filters select) and returns it as a file.
 * Rejects with an ApiError for a refused request (its message is the server's), and with
 * EXPORT_INCOMPLETE_MESSAGE when the stream broke off: a cut-off file is never returned as whole.
 */
export async function downloadTransactionsExport(
  query: TransactionExportQuery,
  opts: { onProgress?: (p: ExportProgress) => void; signal?: AbortSignal } = {},
): Promise<ExportedFile> {
  const token = readToken();
  let res: Response;
  try {
    res = await fetch(exportUrl(query), {
      method: API_ROUTES.exportTransactions.method,
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: opts.signal,
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new ApiError({ statusCode: 0, message: NETWORK_ERROR_MESSAGE });
  }
  if (!res.ok || !res.body) {
    let reply: Reply<unknown> = { statusCode: res.status, message: UNKNOWN_ERROR_MESSAGE };
    try {
      const body = (await res.json()) as Reply<unknown>;
      if (typeof body?.message === 'string') reply = { ...body, statusCode: res.status };
    } catch {
      // not an envelope: keep the generic message
    }
    // As every other call: a 401 with the current token ends the session.
    if (res.status === 401 && token && token === readToken()) session.logout();
    throw new ApiError(reply);
  }

  const totalHeader = res.headers.get(EXPORT_TOTAL_HEADER);
  const total = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null;
  const counter = new CsvRecordCounter();
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  let folded: Blob[] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const rowsSoFar = () => Math.max(0, counter.records - 1);
  opts.onProgress?.({ rows: 0, total });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      counter.push(decoder.decode(value, { stream: true }));
      pending.push(value);
      pendingBytes += value.byteLength;
      if (pendingBytes >= FOLD_BYTES) {
        folded.push(new Blob(pending as BlobPart[]));
        pending = [];
        pendingBytes = 0;
      }
      opts.onProgress?.({ rows: rowsSoFar(), total });
    }
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new Error(EXPORT_INCOMPLETE_MESSAGE);
  }
  if (!counter.endsCleanly) throw new Error(EXPORT_INCOMPLETE_MESSAGE);
  folded.push(new Blob(pending as BlobPart[]));
  const blob = new Blob(folded, { type: 'text/csv;charset=utf-8' });
  folded = [];
  return { blob, rows: rowsSoFar(), fileName: fileNameOf(res.headers.get('content-disposition')) };
}
