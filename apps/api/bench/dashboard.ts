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
 */
const RUNS = Number(process.env.BENCH_RUNS || 50);
const WARM_UP = 3;
const BUDGET_MS = 100;
const ADMIN = { adminEmail: 'bench@test.local', adminPassword: 'Bench-Password-1' };
/** A zone whose days differ from UTC's, so that the day bounds are really computed. */
const TIME_ZONE = process.env.BENCH_TIME_ZONE || 'America/New_York';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

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
    const signIn = await fetch(`${base}${endpoints.signIn.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.adminEmail, password: ADMIN.adminPassword }),
    });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const url = `${base}${endpoints.getDashboard.path}?timeZone=${encodeURIComponent(TIME_ZONE)}`;

    const times: number[] = [];
    let ok = true;
    let last: DashboardSummary | undefined;
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      const start = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { data?: DashboardSummary; message: string };
      const ms = performance.now() - start;
      if (res.status !== 200 || !body.data) {
        console.error(`${label}: call ${i + 1} answered ${res.status}: ${body.message}`);
        ok = false;
        continue;
      }
      last = body.data;
      if (i >= WARM_UP) times.push(ms);
    }
    const missing = last
      ? Object.entries({ ...last.figures, ...last })
          .filter(([, v]) => v === null)
          .map(([k]) => k)
      : ['everything'];
    if (missing.length) {
      console.error(`${label}: left out: ${missing.join(', ')}`);
      ok = false;
    }
    times.sort((a, b) => a - b);
    const median = quantile(times, 0.5);
    const p95 = quantile(times, 0.95);
    const max = times[times.length - 1]!;
    console.log(
      `${label}: GET ${endpoints.getDashboard.path} x${times.length} (zone ${TIME_ZONE}): ` +
        `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms ` +
        `(budget ${BUDGET_MS} ms${p95 > BUDGET_MS ? ': OVER' : ''})`,
    );
    if (last) {
      const f = last.figures;
      console.log(
        `${label}: figures: ${f.pendingRequests?.count} pending requests, ${f.pendingPayoutRequests?.count} pending payout ` +
          `requests ($${f.pendingPayoutRequests?.amount}), ${f.callsThisMonth?.count} calls this month, ` +
          `${f.revenueThisMonth?.count} payments this month ($${f.revenueThisMonth?.amount})`,
      );
    }
    return ok;
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
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
