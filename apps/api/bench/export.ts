import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { API_BASE_PATH, EXPORT_TOTAL_HEADER, endpoints } from '@backoffice/shared-api/contract';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { seedDemo } from '../src/seed/seed';
import { buildServer } from '../src/server';

/**
 * `npm run bench:export`: the transactions CSV export of at least 100,000 rows over real HTTP, from
 * the embedded database on disk as `npm start` uses it. The server runs in a child process so that
 * its memory is measured without the client's; it samples its own RSS every 50 ms while the export
 * runs. Exits non-zero unless every row arrived.
 */
const TARGET_ROWS = Number(process.env.BENCH_ROWS || 100_000);
const ADMIN = { adminEmail: 'bench@test.local', adminPassword: 'Bench-Password-1' };
const SAMPLE_MS = 50;
const MB = 1024 * 1024;

type ToServer = { cmd: 'sample' } | { cmd: 'stop' } | { cmd: 'exit' };
type FromServer = { port: number } | Memory;
interface Memory {
  baseline: number;
  peak: number;
  samples: number;
  heapRetained: number;
}

/** Child: serves the prepared data directory and reports its own memory on request. */
async function serve(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0' });
  const server = await buildServer({ config, database });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');

  let timer: NodeJS.Timeout | undefined;
  let baseline = 0;
  let peak = 0;
  let samples = 0;
  let heapBefore = 0;
  const send = (m: FromServer) => process.send!(m);
  process.on('message', (m: ToServer) => {
    if (m.cmd === 'sample') {
      global.gc?.();
      heapBefore = process.memoryUsage().heapUsed;
      baseline = peak = process.memoryUsage().rss;
      samples = 0;
      timer = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
        samples++;
      }, SAMPLE_MS);
    } else if (m.cmd === 'stop') {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      // What the export left behind once garbage is collected: nothing, if it streamed.
      global.gc?.();
      send({ baseline, peak, samples, heapRetained: process.memoryUsage().heapUsed - heapBefore });
    } else {
      void server
        .close()
        .then(() => database.close())
        .finally(() => process.exit(0));
    }
  });
  send({ port: address.port });
}

/** Records in CSV text, quotes respected: a line break inside a quoted cell is not a new record. */
class RecordCounter {
  records = 0;
  private inQuotes = false;
  push(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) this.inQuotes = !this.inQuotes;
      else if (c === 10 && !this.inQuotes) this.records++;
    }
  }
}

async function prepare(dataDir: string): Promise<number> {
  const scale = Number(process.env.SEED_SCALE || 1);
  const t0 = performance.now();
  const database = await openDatabase({ dataDir });
  try {
    await seedDemo(database.db, { scale, ...ADMIN });
    const db = database.db;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('transactions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const seeded = await count();
    const missing = TARGET_ROWS - seeded;
    if (missing > 0) {
      // Copies of seeded payments, a second earlier per copy, in one statement: the seed's payers and
      // money, without generating (and hashing passwords for) more users.
      await sql`
        WITH src AS (SELECT t.*, row_number() OVER (ORDER BY id) - 1 AS rn FROM transactions t)
        INSERT INTO transactions (transaction_id, order_id, user_id, influencer_id, video_call_id, type, status,
          preference, query, amount_cents, payable_amount_cents, hold_amount_cents, released_amount_cents,
          earning_cents, created_at)
        SELECT 'txn_bench_' || g, NULL, s.user_id, s.influencer_id, s.video_call_id, s.type, s.status,
          s.preference, s.query, s.amount_cents, s.payable_amount_cents, s.hold_amount_cents,
          s.released_amount_cents, s.earning_cents, s.created_at - make_interval(secs => g + 1)
        FROM generate_series(0, ${missing - 1}::int) g
        JOIN src s ON s.rn = g % (SELECT count(*) FROM transactions)`.execute(db);
    }
    // PGlite never vacuums by itself; without statistics the planner scans instead of using indexes.
    await sql`VACUUM ANALYZE`.execute(db);
    const total = await count();
    console.log(
      `database: pglite on disk, seed scale ${scale} (${seeded} transactions)` +
        `${missing > 0 ? ` + ${missing} copies` : ''} = ${total}; prepared in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return total;
  } finally {
    await database.close();
  }
}

function startServer(dataDir: string) {
  const child = fork(process.argv[1]!, ['server', dataDir], {
    execArgv: [...process.execArgv, '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<FromServer>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`server exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (m: FromServer) => {
        child.off('exit', onExit);
        resolve(m);
      });
    });
  return { child, next, send: (m: ToServer) => child.send(m) };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-export-'));
  let server: ReturnType<typeof startServer> | undefined;
  try {
    const expected = await prepare(dataDir);
    server = startServer(dataDir);
    const { port } = (await server.next()) as { port: number };
    const base = `http://127.0.0.1:${port}${API_BASE_PATH}`;

    const signIn = await fetch(`${base}${endpoints.signIn.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.adminEmail, password: ADMIN.adminPassword }),
    });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;

    server.send({ cmd: 'sample' });
    const t0 = performance.now();
    const res = await fetch(`${base}${endpoints.exportTransactions.path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    const announced = Number(res.headers.get(EXPORT_TOTAL_HEADER));
    const counter = new RecordCounter();
    const decoder = new TextDecoder();
    let bytes = 0;
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      counter.push(decoder.decode(chunk, { stream: true }));
    }
    const seconds = (performance.now() - t0) / 1000;
    server.send({ cmd: 'stop' });
    const mem = (await server.next()) as Memory;

    const rows = counter.records - 1;
    console.log(`rows: ${rows} (X-Total-Count ${announced}, database ${expected})`);
    console.log(`bytes: ${bytes} (${(bytes / MB).toFixed(1)} MB)`);
    console.log(`time: ${seconds.toFixed(2)} s`);
    console.log(`rows/s: ${Math.round(rows / seconds)}`);
    console.log(
      `server RSS: baseline ${(mem.baseline / MB).toFixed(0)} MB, peak during export ${(mem.peak / MB).toFixed(0)} MB, ` +
        `peak increase ${((mem.peak - mem.baseline) / MB).toFixed(1)} MB (${mem.samples} samples every ${SAMPLE_MS} ms)`,
    );
    console.log(`server JS heap retained after the export, once collected: ${(mem.heapRetained / MB).toFixed(1)} MB`);
    if (rows < TARGET_ROWS || rows !== expected || rows !== announced) {
      console.error(`FAILED: expected ${expected} rows (at least ${TARGET_ROWS}), got ${rows}`);
      process.exitCode = 1;
    }
  } finally {
    if (server) {
      const exited = new Promise((r) => server!.child.once('exit', r));
      server.send({ cmd: 'exit' });
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'server') {
  void serve(process.argv[3]!);
} else {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
