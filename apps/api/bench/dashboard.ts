import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API_BASE_PATH, endpoints, type DashboardSummary } from '@backoffice/shared-api/contract';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { ageSeedTo } from '../src/seed/age';
import { seedDemo } from '../src/seed/seed';
import { buildServer } from '../src/server';

/**
 * `npm run bench:dashboard`: GET /dashboard/getSummary over real HTTP against the demo seed
 * (SEED_SCALE, default 1: 2,000 fans, 20,000 calls, 50,000 transactions) on the embedded database on
 * disk, as `npm start` runs it, with the seed's dates moved to today; then on PostgreSQL too when DATABASE_URL names a server (a scratch
 * database is created there and dropped). Prints median, p95 and max of BENCH_RUNS calls (default 50)
 * after a few warm-up calls, and exits non-zero if any call failed or left a figure out.
 *
 * BENCH_API_URL=http://127.0.0.1:8080 measures a server already running instead (seeded at any
 * scale, e.g. `SEED_SCALE=40 DATABASE_URL=… npm start`), signing in as BENCH_ADMIN_EMAIL /
 * BENCH_ADMIN_PASSWORD (default the bench admin), with BENCH_CLIENTS concurrent clients (default
 * 10): the dashboard and the transaction totals, unfiltered, by status, over this month and for a
 * payer search.
 */
const RUNS = Number(process.env.BENCH_RUNS || 50);
const WARM_UP = 3;
const BUDGET_MS = 100;
const ADMIN = { adminEmail: 'bench@test.local', adminPassword: 'Bench-Password-1' };
/** A zone whose days differ from UTC's, so that the day bounds are really computed. */
const TIME_ZONE = process.env.BENCH_TIME_ZONE || 'America/New_York';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

interface Timing {
  median: number;
  p95: number;
  max: number;
  count: number;
}

/** `runs` GETs of `url` by `clients` concurrent clients, after a few warm-up calls. */
async function drive(
  url: string,
  token: string,
  clients: number,
  check: (status: number, body: { data?: unknown; message: string }) => string | undefined,
): Promise<Timing & { failures: string[] }> {
  const times: number[] = [];
  const failures: string[] = [];
  const once = async () => {
    const start = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data?: unknown; message: string };
    const ms = performance.now() - start;
    const failure = check(res.status, body);
    if (failure) failures.push(failure);
    return ms;
  };
  for (let i = 0; i < WARM_UP; i++) await once();
  let left = RUNS;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left-- > 0) times.push(await once());
    }),
  );
  times.sort((a, b) => a - b);
  return {
    median: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    max: times[times.length - 1]!,
    count: times.length,
    failures,
  };
}

const timing = (t: Timing) =>
  `median ${t.median.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, max ${t.max.toFixed(1)} ms ` +
  `(budget ${BUDGET_MS} ms${t.p95 > BUDGET_MS ? ': OVER' : ''})`;

async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}${endpoints.signIn.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The dashboard's calls, checked for a figure left out; true when every call succeeded. */
async function measureDashboard(label: string, base: string, token: string, clients: number): Promise<boolean> {
  const url = `${base}${endpoints.getDashboard.path}?timeZone=${encodeURIComponent(TIME_ZONE)}`;
  let last: DashboardSummary | undefined;
  const t = await drive(url, token, clients, (status, body) => {
    if (status !== 200 || !body.data) return `answered ${status}: ${body.message}`;
    last = body.data as DashboardSummary;
    const missing = Object.entries({ ...last.figures, ...last })
      .filter(([, v]) => v === null)
      .map(([k]) => k);
    return missing.length ? `left out: ${missing.join(', ')}` : undefined;
  });
  for (const f of new Set(t.failures)) console.error(`${label}: ${f}`);
  console.log(
    `${label}: GET ${endpoints.getDashboard.path} x${t.count} (zone ${TIME_ZONE}, ${clients} clients): ${timing(t)}`,
  );
  if (last) {
    const f = last.figures;
    console.log(
      `${label}: figures: ${f.pendingRequests?.count} pending requests, ${f.pendingPayoutRequests?.count} pending payout ` +
        `requests ($${f.pendingPayoutRequests?.amount}), ${f.callsThisMonth?.count} calls this month, ` +
        `${f.revenueThisMonth?.count} payments this month ($${f.revenueThisMonth?.amount})`,
    );
  }
  return t.failures.length === 0 && last !== undefined;
}

async function measure(label: string, database: Database, dataDir: string): Promise<boolean> {
  const scale = Number(process.env.SEED_SCALE || 1);
  const t0 = performance.now();
  const seeded = await seedDemo(database.db, { scale, ...ADMIN });
  // The seed's dates are fixed; moved to today, "today" and "this month" hold what they would live.
  await ageSeedTo(database.db);
  console.log(
    `${label}: seed scale ${scale}, aged to today, in ${((performance.now() - t0) / 1000).toFixed(1)} s —`,
    seeded.counts,
  );

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0' });
  const server = await buildServer({ config, database });
  try {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}${API_BASE_PATH}`;
    const token = await signIn(base, ADMIN.adminEmail, ADMIN.adminPassword);
    return await measureDashboard(label, base, token, 1);
  } finally {
    await server.close();
  }
}

/** A server already running (BENCH_API_URL): the dashboard and the totals, with concurrent clients. */
async function measureRunning(apiUrl: string): Promise<boolean> {
  const base = `${apiUrl.replace(/\/$/, '')}${API_BASE_PATH}`;
  const clients = Number(process.env.BENCH_CLIENTS || 10);
  const token = await signIn(
    base,
    process.env.BENCH_ADMIN_EMAIL || ADMIN.adminEmail,
    process.env.BENCH_ADMIN_PASSWORD || ADMIN.adminPassword,
  );
  let ok = await measureDashboard(apiUrl, base, token, clients);
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const totals: Array<[string, Record<string, string>]> = [
    ['unfiltered', {}],
    ['completed', { status: 'completed' }],
    ['completed this month (UTC)', { status: 'completed', from: monthStart, to: now.toISOString() }],
    ['search "smith"', { search: 'smith' }],
  ];
  // The cheapest authenticated request, measured alike: what the machine gives any request now.
  const baseline = await drive(`${base}${endpoints.getUserProfile.path}`, token, clients, (status) =>
    status === 200 ? undefined : `answered ${status}`,
  );
  console.log(
    `${apiUrl}: GET ${endpoints.getUserProfile.path} (baseline) x${baseline.count} (${clients} clients): ${timing(baseline)}`,
  );
  for (const [what, query] of totals) {
    const url = `${base}${endpoints.getTransactionTotals.path}?${new URLSearchParams(query)}`;
    const t = await drive(url, token, clients, (status, body) =>
      status === 200 ? undefined : `answered ${status}: ${body.message}`,
    );
    for (const f of new Set(t.failures)) console.error(`${apiUrl}: totals ${what}: ${f}`);
    console.log(
      `${apiUrl}: GET ${endpoints.getTransactionTotals.path} ${what} x${t.count} (${clients} clients): ${timing(t)}`,
    );
    ok = ok && t.failures.length === 0;
  }
  return ok;
}

async function main(): Promise<void> {
  const running = process.env.BENCH_API_URL;
  if (running) {
    if (!(await measureRunning(running))) process.exitCode = 1;
    return;
  }
  let ok = true;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-dashboard-'));
  try {
    const database = await openDatabase({ dataDir });
    try {
      ok = (await measure('pglite (on disk)', database, dataDir)) && ok;
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `bo_bench_dashboard_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-dashboard-pg-'));
    try {
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: pgDir });
      try {
        ok = (await measure('postgresql', database, pgDir)) && ok;
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      fs.rmSync(pgDir, { recursive: true, force: true });
    }
  }
  if (!ok) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
