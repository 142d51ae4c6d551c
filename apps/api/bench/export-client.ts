import { fork } from 'node:child_process';
import http from 'node:http';
import { EXPORT_TOTAL_HEADER } from '@backoffice/shared-api/contract';

/**
 * The transactions export read as an admin's browser reads it: by a process of its own, over HTTP,
 * to the last byte. The benches measure the export through this one client so that what they print
 * is what a separate client receives, not what the server writes: a bench's own work (its memory
 * sampler, its timers, its other clients) does not share the reader's event loop, and the reader
 * costs as little as a client can (node:http's socket chunks; records counted with Buffer.indexOf,
 * in native code, instead of a JavaScript loop over every byte).
 */
export interface ExportRead {
  status: number;
  /** X-Total-Count: the rows the server says the file holds. */
  announced: number;
  /** Records in the file after its header row, quotes respected. */
  rows: number;
  bytes: number;
  /** From sending the request to the last byte. */
  seconds: number;
  /** The reader's own CPU time, to tell a slow client from a slow server. */
  clientCpuSeconds: number;
  /** How many chunks the socket delivered, and their average size: HTTP framing and write sizes. */
  chunks: number;
}

const QUOTE = 0x22;
const LF = 0x0a;

/**
 * Counts CSV records in a stream of chunks, quotes respected (a line break inside a quoted cell is
 * not a record's end). Outside quotes the next quote or line feed is found with indexOf; a cell's
 * quotes come in pairs, so inside quotes only the closing quote is looked for.
 */
export class RecordCounter {
  records = 0;
  private inQuotes = false;

  push(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.inQuotes) {
        const close = chunk.indexOf(QUOTE, i);
        if (close < 0) return;
        this.inQuotes = false;
        i = close + 1;
        continue;
      }
      const quote = chunk.indexOf(QUOTE, i);
      const lf = chunk.indexOf(LF, i);
      if (lf >= 0 && (quote < 0 || lf < quote)) {
        this.records++;
        i = lf + 1;
      } else if (quote >= 0) {
        this.inQuotes = true;
        i = quote + 1;
      } else return;
    }
  }
}

/** Reads one export in this process (the child's side). */
export function readExportHere(url: string, token: string): Promise<ExportRead> {
  return new Promise((resolve, reject) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const req = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      const counter = new RecordCounter();
      let bytes = 0;
      let chunks = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        chunks++;
        counter.push(chunk);
      });
      res.once('error', reject);
      res.once('end', () => {
        const used = process.cpuUsage(cpu);
        resolve({
          status: res.statusCode ?? 0,
          announced: Number(res.headers[EXPORT_TOTAL_HEADER.toLowerCase()] ?? NaN),
          rows: Math.max(0, counter.records - 1),
          bytes,
          seconds: (performance.now() - started) / 1000,
          clientCpuSeconds: (used.user + used.system) / 1e6,
          chunks,
        });
      });
    });
    req.once('error', reject);
  });
}

/** Reads one export from a child process of its own; resolves with what that client measured. */
export function readExport(url: string, token: string): Promise<ExportRead> {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, ['read', url], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, BENCH_EXPORT_TOKEN: token },
    });
    let result: ExportRead | undefined;
    child.once('message', (m: ExportRead | { error: string }) => {
      if ('error' in m) reject(new Error(`export client: ${m.error}`));
      else result = m;
    });
    child.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`export client exited (${code}) without a result`));
    });
  });
}

export function describeExportRead(r: ExportRead): string[] {
  return [
    `rows: ${r.rows} (X-Total-Count ${r.announced})`,
    `bytes: ${r.bytes} (${(r.bytes / 1024 / 1024).toFixed(1)} MB) in ${r.chunks} chunks of ${Math.round(r.bytes / Math.max(1, r.chunks) / 1024)} KB on average`,
    `time: ${r.seconds.toFixed(2)} s; rows/s through HTTP, read by a separate process: ${Math.round(r.rows / r.seconds)}`,
    `client CPU: ${r.clientCpuSeconds.toFixed(2)} s (${((r.clientCpuSeconds / r.seconds) * 100).toFixed(0)}% of a core)`,
  ];
}

if (process.argv[2] === 'read' && process.send) {
  readExportHere(process.argv[3]!, process.env.BENCH_EXPORT_TOKEN ?? '')
    .then((r) => process.send!(r, () => process.exit(0)))
    .catch((e: unknown) => process.send!({ error: e instanceof Error ? e.message : String(e) }, () => process.exit(1)));
}
