import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { TextEncoder } from 'node:util';
import { ROUTES, EXPORT_INCOMPLETE_MESSAGE, EXPORT_TOTAL_HEADER } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN } from '@backoffice/shared-api/testing';
import { listReply, renderPayments, stubApi, transaction } from '../testFixtures';
import { EXPORT_CANCELLED_MESSAGE, progressText } from './useTransactionsExport';

// jsdom has no fetch and no streams. The export goes through axios's fetch adapter, which reads the
// body of the fetch's Response as a stream: the page gets Node's ReadableStream, the class of the
// bodies of Node's Response (which the test environment provides).
if (!(globalThis as { ReadableStream?: unknown }).ReadableStream)
  Object.assign(globalThis, { ReadableStream: NodeReadableStream });
const encoder = new TextEncoder();

const HEADER =
  '"Video Call ID","Name","Email","Date","Hold Amount","Released Amount","Earning","Transaction Type","Transaction ID","Transaction Status"\n';
const record = (i: number) =>
  `"${i}","Fan ${i}","fan${i}@example.com","2026-01-02 03:04","20.00","17.50","17.50","Video call","txn_${i}","Completed"\n`;

/** A streamed reply whose chunks the test sends one by one, as a slow network would. */
function streamedReply(opts: { total?: number; fileName?: string } = {}) {
  let controller!: { enqueue: (chunk: Uint8Array) => void; close: () => void; error: (e: unknown) => void };
  const body = new NodeReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const headers: Record<string, string> = {
    'content-type': 'text/csv; charset=utf-8',
    ...(opts.fileName ? { 'content-disposition': `attachment; filename="${opts.fileName}"` } : {}),
    ...(opts.total !== undefined ? { [EXPORT_TOTAL_HEADER.toLowerCase()]: String(opts.total) } : {}),
  };
  const response = new Response(body as ReadableStream<Uint8Array>, { status: 200, headers });
  return {
    response,
    send: (text: string) => act(async () => controller.enqueue(encoder.encode(text))),
    end: () => act(async () => controller.close()),
    breakOff: () => act(async () => controller.error(new TypeError('network connection was lost'))),
    /** What the browser does to a fetch's body when its signal aborts. */
    abort: () => controller.error(new DOMException('The operation was aborted.', 'AbortError')),
  };
}

const refusedReply = (status: number, message: string) =>
  new Response(JSON.stringify({ statusCode: status, message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

let fetchMock: jest.Mock;
let saved: Array<{ download: string; href: string }>;
let blobs: Blob[];
const originalFetch = globalThis.fetch;

beforeEach(() => {
  localStorage.clear();
  // Node's Request (jsdom has none) takes only absolute URLs; the page is at http://localhost.
  window.__BACKOFFICE_CONFIG__ = { apiBaseUrl: 'http://localhost/api/v1' };
  session.signedIn(ADMIN);
  stubApi((config) => (config.url === ROUTES.getAllTransactions.path ? listReply([transaction(1)], 3) : undefined));
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock;
  saved = [];
  blobs = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:export-${blobs.length}`;
  });
  URL.revokeObjectURL = jest.fn();
  // Stands in for the browser's download: records what would be saved instead of navigating.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, href: this.getAttribute('href') ?? '' });
  });
});

afterEach(() => {
  delete window.__BACKOFFICE_CONFIG__;
  globalThis.fetch = originalFetch;
  jest.restoreAllMocks();
});

/** Inside act: antd's toast timers tick while the FileReader works, and update the screen. */
const readText = (blob: Blob) =>
  act(
    () =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsText(blob);
      }),
  );

// Found by text: role queries over a full antd screen are slow in jsdom.
const button = (name: string) => screen.getByText(name, { selector: 'button span' }).closest('button')!;
const exportButton = () => button('Export CSV');

async function openList(path = '/app/transactions') {
  renderPayments(path);
  await screen.findByText('fan1@example.com');
}

describe('Transactions export', () => {
  it('exports every row the filters select, shows progress, then saves the file and reports the count', async () => {
    const reply = streamedReply({ total: 3, fileName: 'transactions-2026-03-01.csv' });
    fetchMock.mockResolvedValue(reply.response);
    await openList(
      '/app/transactions?page=2&search=ann&sortBy=amount&sortOrder=asc&status=completed&type=tip&from=2026-03-01&to=2026-03-02',
    );
    const user = userEvent.setup();
    await user.dblClick(exportButton());

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [request] = fetchMock.mock.calls[0] as [Request];
    const sent = new URL(request.url);
    expect(sent.pathname).toBe(`/api/v1${ROUTES.exportTransactions.path}`);
    // No paging: the export is every row, not the page on screen.
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      search: 'ann',
      sortBy: 'amount',
      sortOrder: 'asc',
      status: 'completed',
      type: 'tip',
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 2, 2, 23, 59, 59, 999).toISOString(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(request.headers.get('Authorization')).toBe(`Bearer ${ADMIN.token}`);

    expect(await screen.findByText('Exporting 0 of 3 rows')).toBeInTheDocument();
    expect(exportButton()).toBeDisabled();
    await reply.send(HEADER + record(1));
    await reply.send(record(2));
    expect(await screen.findByText('Exporting 2 of 3 rows')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Export progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    expect(saved).toEqual([]);

    await reply.send(record(3));
    await reply.end();
    expect(await screen.findByText('Exported 3 rows to transactions-2026-03-01.csv')).toBeInTheDocument();
    expect(saved).toEqual([{ download: 'transactions-2026-03-01.csv', href: 'blob:export-1' }]);
    expect(await readText(blobs[0]!)).toBe(HEADER + record(1) + record(2) + record(3));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(exportButton()).toBeEnabled();
    // The temporary link is gone and, once the download has started, so is the object URL.
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:export-1'));
  });

  it('counts without a total when the server does not announce one', async () => {
    const reply = streamedReply();
    fetchMock.mockResolvedValue(reply.response);
    await openList();
    await userEvent.click(exportButton());
    await reply.send(HEADER + record(1));
    expect(await screen.findByText('Exporting 1 row')).toBeInTheDocument();
    await reply.end();
    expect(await screen.findByText('Exported 1 row to transactions.csv')).toBeInTheDocument();
    expect(saved).toEqual([{ download: 'transactions.csv', href: 'blob:export-1' }]);
  });

  it('a stream that breaks off shows the failure and saves no file', async () => {
    const reply = streamedReply({ total: 3 });
    fetchMock.mockResolvedValue(reply.response);
    await openList();
    await userEvent.click(exportButton());
    await reply.send(HEADER + record(1) + '"2","Fan 2","fan2@exa');
    expect(await screen.findByText('Exporting 1 of 3 rows')).toBeInTheDocument();
    await reply.breakOff();

    const alert = within((await screen.findByText('The export failed')).closest<HTMLElement>('[role="alert"]')!);
    expect(alert.getByText(EXPORT_INCOMPLETE_MESSAGE)).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(screen.queryByText(/^Exported/)).not.toBeInTheDocument();
    expect(exportButton()).toBeEnabled();
  });

  it('a stream that ends part way through a row is no file either', async () => {
    const reply = streamedReply();
    fetchMock.mockResolvedValue(reply.response);
    await openList();
    await userEvent.click(exportButton());
    await reply.send(HEADER + record(1) + '"2","Fan 2');
    await reply.end();
    expect(await screen.findByText(EXPORT_INCOMPLETE_MESSAGE)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it("a refused export shows the server's message, and a new export clears it", async () => {
    fetchMock.mockResolvedValueOnce(refusedReply(400, 'Unknown time zone'));
    await openList();
    await userEvent.click(exportButton());
    const alert = within((await screen.findByText('The export failed')).closest<HTMLElement>('[role="alert"]')!);
    expect(alert.getByText('Unknown time zone')).toBeInTheDocument();
    expect(saved).toEqual([]);

    const reply = streamedReply();
    fetchMock.mockResolvedValueOnce(reply.response);
    await userEvent.click(exportButton());
    await waitFor(() => expect(screen.queryByText('Unknown time zone')).not.toBeInTheDocument());
    await reply.send(HEADER);
    await reply.end();
    expect(await screen.findByText('Exported 0 rows to transactions.csv')).toBeInTheDocument();
  });

  it('Cancel stops the export and saves nothing', async () => {
    const reply = streamedReply({ total: 100 });
    fetchMock.mockImplementation(async (request: Request) => {
      request.signal.addEventListener('abort', reply.abort);
      return reply.response;
    });
    await openList();
    await userEvent.click(exportButton());
    await reply.send(HEADER + record(1));
    expect(await screen.findByText('Exporting 1 of 100 rows')).toBeInTheDocument();

    await userEvent.click(button('Cancel'));
    expect(await screen.findByText(EXPORT_CANCELLED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('The export failed')).not.toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(exportButton()).toBeEnabled();
  });

  it('writes large counts with thousands separators', () => {
    expect(progressText({ rows: 12_300, total: 50_000 })).toBe('Exporting 12,300 of 50,000 rows');
    expect(progressText({ rows: 1_234_567, total: null })).toBe('Exporting 1,234,567 rows');
  });
});
