import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { API_BASE_PATH, endpoints } from '@backoffice/shared-api/contract';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import type { DB } from '../src/db/schema';
import { seedDemo } from '../src/seed/seed';
import { buildServer } from '../src/server';
import { describeExportRead, readExport } from './export-client';
import { SHARED_SECRETS } from './instance-secrets';

/**
 * `npm run bench:export [-- --keep] [-- --runs N]`: a full transactions CSV export over real HTTP.
 *
 * - Embedded (default): the database on disk as `npm start` uses it, seed scale SEED_SCALE (default 1)
 *   topped up with copies to BENCH_ROWS (default 100,000) transactions; removed at the end.
 * - PostgreSQL when DATABASE_URL names a server: a database `backoffice_bench_export` on it (BENCH_DB
 *   to name another), seeded at SEED_SCALE (default 20: 1,000,000 transactions) and topped up to
 *   BENCH_ROWS (default 1,000,000); dropped at the end unless `--keep`. A database kept by an earlier
 *   run is reused as it is, so that a before/after comparison reads the same rows.
 *
 * The server runs in a child process so that its memory is measured without the client's; it samples
 * its own RSS every 50 ms while an export runs. Each of `--runs` exports (default 2: the first also
 * warms the database's cache) prints rows/s, the server's memory and the CPU time it spent (which,
 * unlike rows/s, a machine busy with other work does not inflate). Exits non-zero unless every row of
 * every run arrived.
 */
const ADMIN = { adminEmail: 'bench@test.local', adminPassword: 'Bench-Password-1' };
const SAMPLE_MS = 50;
const MB = 1024 * 1024;

interface Options {
  keep: boolean;
  runs: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { keep: false, runs: 2 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--keep') options.keep = true;
    else if (flag === '--runs') {
      options.runs = Number(argv[++i]);
      if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs takes a positive integer');
    } else throw new Error(`Unknown option ${flag}; see the comment at the top of bench/export.ts`);
  }
  return options;
}

/** Where the server reads from: a data directory (embedded) or a database URL (PostgreSQL). */
interface Target {
  label: string;
  dataDir: string;
  databaseUrl?: string;
  scale: number;
  targetRows: number;
  cleanUp(): Promise<void>;
}

async function targetFor(options: Options): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-export-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return {
      label: 'pglite on disk',
      dataDir,
      scale: Number(process.env.SEED_SCALE || 1),
      targetRows: Number(process.env.BENCH_ROWS || 100_000),
      cleanUp: async () => removeDir(),
    };
  }
  const name = process.env.BENCH_DB || 'backoffice_bench_export';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DB must be a plain lower-case name, got "${name}"`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    label: `PostgreSQL (${name})`,
    dataDir,
    databaseUrl: url.toString(),
    scale: Number(process.env.SEED_SCALE || 20),
    targetRows: Number(process.env.BENCH_ROWS || 1_000_000),
    async cleanUp() {
      removeDir();
      if (options.keep) {
        console.log(`kept ${name}; drop it with: psql "${serverUrl}" -c 'DROP DATABASE ${name}'`);
        return;
      }
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

const countTransactions = async (db: Kysely<DB>) =>
  Number(
    (
      await db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Seeds (or finds seeded) the target and tops it up to the target row count. */
async function prepare(target: Target): Promise<number> {
  const t0 = performance.now();
  const database = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  try {
    const db = database.db;
    const seed = await seedDemo(db, {
      scale: target.scale,
      ...ADMIN,
      log: (m) => console.log(`  ${m}`),
    });
    const seeded = await countTransactions(db);
    const missing = target.targetRows - seeded;
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
    // PGlite never vacuums by itself, and a freshly loaded PostgreSQL table has no statistics yet:
    // without them the planner scans instead of using the indexes.
    if (seed.seeded || missing > 0) await sql`VACUUM ANALYZE`.execute(db);
    const total = await countTransactions(db);
    console.log(
      `database: ${target.label}, seed scale ${target.scale}${seed.seeded ? '' : ' (seeded before)'}` +
        ` (${seeded} transactions)${missing > 0 ? ` + ${missing} copies` : ''} = ${total};` +
        ` ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return total;
  } finally {
    await database.close();
  }
}

type ToServer = { cmd: 'sample' } | { cmd: 'stop' } | { cmd: 'exit' };
type FromServer = { port: number } | Memory;
interface Memory {
  baseline: number;
  peak: number;
  samples: number;
  heapRetained: number;
  /** CPU seconds the server spent during the export: unlike rows/s, not inflated by a busy machine. */
  cpuSeconds: number;
}

/** Child: serves the prepared database and reports its own memory on request. */
async function serve(dataDir: string, databaseUrl: string | undefined): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, ...SHARED_SECRETS } : {}),
  });
  const server = await buildServer({ config, database });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');

  let timer: NodeJS.Timeout | undefined;
  let baseline = 0;
  let peak = 0;
  let samples = 0;
  let heapBefore = 0;
  let cpuBefore = process.cpuUsage();
  const send = (m: FromServer) => process.send!(m);
  process.on('message', (m: ToServer) => {
    if (m.cmd === 'sample') {
      global.gc?.();
      heapBefore = process.memoryUsage().heapUsed;
      baseline = peak = process.memoryUsage().rss;
      samples = 0;
      cpuBefore = process.cpuUsage();
      timer = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
        samples++;
      }, SAMPLE_MS);
    } else if (m.cmd === 'stop') {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      const cpu = process.cpuUsage(cpuBefore);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      // What the export left behind once garbage is collected: nothing, if it streamed.
      global.gc?.();
      send({ baseline, peak, samples, heapRetained: process.memoryUsage().heapUsed - heapBefore, cpuSeconds });
    } else {
      void server
        .close()
        .then(() => database.close())
        .finally(() => process.exit(0));
    }
  });
  send({ port: address.port });
}

function startServer(target: Target) {
  const child = fork(process.argv[1]!, ['server', target.dataDir, target.databaseUrl ?? ''], {
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
  const options = parseOptions(process.argv.slice(2));
  const target = await targetFor(options);
  let server: ReturnType<typeof startServer> | undefined;
  try {
    const expected = await prepare(target);
    server = startServer(target);
    const { port } = (await server.next()) as { port: number };
    const base = `http://127.0.0.1:${port}${API_BASE_PATH}`;

    const signIn = await fetch(`${base}${endpoints.signIn.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.adminEmail, password: ADMIN.adminPassword }),
    });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;

    for (let run = 1; run <= options.runs; run++) {
      server.send({ cmd: 'sample' });
      const read = await readExport(`${base}${endpoints.exportTransactions.path}`, token);
      if (read.status !== 200) throw new Error(`export answered ${read.status}`);
      server.send({ cmd: 'stop' });
      const mem = (await server.next()) as Memory;
      const { rows, seconds, announced } = read;
      console.log(`run ${run} of ${options.runs}:`);
      console.log(`  database: ${expected} rows`);
      for (const line of describeExportRead(read)) console.log(`  ${line}`);
      console.log(
        `  server CPU: ${mem.cpuSeconds.toFixed(2)} s (${((mem.cpuSeconds / seconds) * 100).toFixed(0)}% of a core)`,
      );
      console.log(
        `  server RSS: baseline ${(mem.baseline / MB).toFixed(0)} MB, peak during export ${(mem.peak / MB).toFixed(0)} MB, ` +
          `peak increase ${((mem.peak - mem.baseline) / MB).toFixed(1)} MB (${mem.samples} samples every ${SAMPLE_MS} ms)`,
      );
      console.log(
        `  server JS heap retained after the export, once collected: ${(mem.heapRetained / MB).toFixed(1)} MB`,
      );
      if (rows < target.targetRows || rows !== expected || rows !== announced) {
        console.error(`FAILED: expected ${expected} rows (at least ${target.targetRows}), got ${rows}`);
        process.exitCode = 1;
      }
    }
  } finally {
    if (server) {
      const exited = new Promise((r) => server!.child.once('exit', r));
      server.send({ cmd: 'exit' });
      await exited;
    }
    await target.cleanUp();
  }
}

if (process.argv[2] === 'server') {
  void serve(process.argv[3]!, process.argv[4] || undefined);
} else {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
