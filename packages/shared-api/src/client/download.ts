import { ApiError, http } from '@backoffice/shared-api/runtime';
import type { Reply } from '../contract/common';
import type { EndpointName, Endpoints } from '../contract/endpoints';
import { EXPORT_TOTAL_HEADER } from '../constants/payments';
import { ROUTES } from '../contract/routes';
import type { EndpointQuery } from './call-endpoint';

/** The calls answered with a CSV file rather than the JSON envelope. */
export type CsvEndpointName = {
  [N in EndpointName]: Endpoints[N] extends { produces: `text/csv${string}` } ? N : never;
}[EndpointName];

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

function fileNameOf(disposition: string | null): string | undefined {
  const m = disposition && /filename="([^"]+)"/.exec(disposition);
  return m?.[1];
}

// Read at call time, so that a page (or a test) that replaces fetch is the one used.
const callFetch: typeof fetch = (input, init) => fetch(input, init);

/**
 * Streams a CSV endpoint (the transactions export: every row the list query selects) and returns
 * it as a file, through the page's HTTP client (its token, its 401 rule). Rejects with an ApiError
 * for a refused request (its message is the server's), and with EXPORT_INCOMPLETE_MESSAGE when the
 * stream broke off: a cut-off file is never returned as whole.
 */
export async function downloadCsv<N extends CsvEndpointName>(
  name: N,
  query: EndpointQuery<N>,
  opts: {
    onProgress?: (p: ExportProgress) => void;
    signal?: AbortSignal;
    /** The file's name when the reply names none (a proxy that hides Content-Disposition). */
    fileName?: string;
  } = {},
): Promise<ExportedFile> {
  const { method, path } = ROUTES[name];
  // No timeout: a large file takes as long as it takes, and the admin can cancel it.
  const res = await http.request<ReadableStream<Uint8Array> | Reply<unknown>>({
    method,
    url: path,
    params: query,
    headers: { Accept: 'text/csv' },
    // A body read as it arrives: only fetch streams it.
    responseType: 'stream',
    adapter: 'fetch',
    env: { fetch: callFetch },
    signal: opts.signal,
  });
  if (opts.signal?.aborted) throw new DOMException('The export was cancelled', 'AbortError');
  // Anything but the file is the server's envelope (the client's interceptors read it so).
  if (!(res.data instanceof ReadableStream)) throw new ApiError(res.data);

  const totalHeader = res.headers[EXPORT_TOTAL_HEADER.toLowerCase()] as string | undefined;
  const total = totalHeader !== undefined && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null;
  const counter = new CsvRecordCounter();
  const decoder = new TextDecoder();
  const reader = res.data.getReader();
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
  const named = fileNameOf((res.headers['content-disposition'] as string | undefined) ?? null);
  return { blob, rows: rowsSoFar(), fileName: named ?? opts.fileName ?? 'export.csv' };
}
