import { createElement, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { API_PATHS } from '../constants/paths';
import { CsvRecordCounter, newIdempotencyKey, useTransactionTotals } from './payments';
import { createQueryClient, queryKeys } from './query';
import { resetClient, signIn, stubHttp } from './test-utils';

/** Feeds `text` to a counter in pieces of `size` characters, as a stream's chunks arrive. */
function countInChunks(text: string, size: number): CsvRecordCounter {
  const counter = new CsvRecordCounter();
  for (let i = 0; i < text.length; i += size) counter.push(text.slice(i, i + size));
  return counter;
}

const FILE =
  '"Name","Note"\r\n' +
  '"Ann","plain"\r\n' +
  '"Bob","two\r\nlines"\r\n' +
  '"Cy","a ""quoted"" word, and a comma"\r\n' +
  '"Di","""\n"""\r\n';

describe('CsvRecordCounter (export progress)', () => {
  it('counts records, not the line breaks inside quoted cells, however the stream is cut', () => {
    for (const size of [1, 2, 3, 5, 7, FILE.length]) {
      const counter = countInChunks(FILE, size);
      expect(counter.records).toBe(5);
      expect(counter.endsCleanly).toBe(true);
    }
  });

  it('knows a file cut inside a cell or before its last line break is not whole', () => {
    expect(countInChunks(FILE.slice(0, FILE.indexOf('lines')), 4).endsCleanly).toBe(false);
    expect(countInChunks(FILE.slice(0, -1), 4).endsCleanly).toBe(false);
    expect(countInChunks('', 4).endsCleanly).toBe(false);
  });
});

describe('newIdempotencyKey', () => {
  it('makes a fresh version 4 UUID each time, which the server accepts as an id', () => {
    const keys = Array.from({ length: 200 }, newIdempotencyKey);
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('useTransactionTotals', () => {
  let ctx: ReturnType<typeof resetClient>;
  beforeEach(() => {
    ctx = resetClient();
    signIn();
  });
  afterEach(() => ctx.restore());

  const TOTALS = { count: 3, totalTransactionAmount: 60, totalPayableAmount: 52.5, totalPlatformFee: 7.5 };
  const QUERY = { search: 'ann', status: 'completed', from: '2026-11-01T00:00:00.000Z' } as const;

  function render() {
    const client = createQueryClient();
    // Retries would only slow the error case down here.
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    return { client, ...renderHook(() => useTransactionTotals(QUERY), { wrapper }) };
  }

  it('asks GET /transaction/getTotals for the search and filters and returns the sums', async () => {
    const requests = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'Totals', data: TOTALS } }));
    const { result } = render();
    await waitFor(() => expect(result.current.data).toEqual(TOTALS));
    expect(requests.map((r) => [r.method, r.url, r.params])).toEqual([['get', API_PATHS.getTransactionTotals, QUERY]]);
  });

  it('is refreshed with the transactions list', async () => {
    let count = 3;
    const requests = stubHttp(() => ({
      status: 200,
      data: { statusCode: 200, message: 'Totals', data: { ...TOTALS, count } },
    }));
    const { client, result } = render();
    await waitFor(() => expect(result.current.data?.count).toBe(3));
    count = 4;
    await client.invalidateQueries({ queryKey: queryKeys.transactions.all });
    await waitFor(() => expect(result.current.data?.count).toBe(4));
    expect(requests).toHaveLength(2);
  });

  it("fails with the server's message", async () => {
    stubHttp(() => ({
      status: 400,
      data: { statusCode: 400, message: 'The start date must not be after the end date' },
    }));
    const { result } = render();
    await waitFor(() => expect(result.current.error?.message).toBe('The start date must not be after the end date'));
  });
});
