/**
 * `npm run bench:operations`: the figures of issue 30 that a benchmark prints.
 *
 * - what the request-id and metrics hooks add to a request: two Fastify servers in this process, one
 *   bare and one with the operations plugin (request ids, duration histogram, in-flight gauge), the
 *   same trivial route, 10 clients, rounds alternated so that both see the same machine: p50/p95;
 * - a /metrics scrape of a real server (`npm start`'s, embedded database) after a few thousand
 *   requests of several routes: p50/p95 of 200 scrapes, and its size.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { startServer } from '../../../test-support/server';
import { registerOperations, requestIdOf } from '../src/plugins/operations';
import type { Database } from '../src/db/database';
import type { Realtime } from '../src/realtime/realtime';

const CLIENTS = 10;
const REQUESTS = 4000;
const ROUNDS = 3;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;
const say = (what: string, value: string) => console.log(`${what.padEnd(64)} ${value}`);

function get(agent: http.Agent, url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - t));
      })
      .on('error', reject);
  });
}

async function timed(url: string, requests = REQUESTS): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next++ < requests) times.push(await get(agent, url));
    }),
  );
  agent.destroy();
  return times;
}

async function trivialServer(withOperations: boolean) {
  const app = withOperations
    ? Fastify({ logger: false, genReqId: (req: http.IncomingMessage) => requestIdOf(req) })
    : Fastify({ logger: false });
  if (withOperations) {
    // Only the hooks run per request; the probes and collectors are not asked here.
    registerOperations(app, {
      database: { pool: () => ({ total: 1, idle: 1, waiting: 0 }) } as unknown as Database,
      realtime: { connections: () => 0 } as unknown as Realtime,
      redis: [],
    });
  }
  app.get('/ping', async () => ({ statusCode: 200, message: 'pong' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}/ping` };
}

async function hooksCost() {
  const bare = await trivialServer(false);
  const withOps = await trivialServer(true);
  const times = { bare: [] as number[], withOps: [] as number[] };
  await timed(bare.url, 500);
  await timed(withOps.url, 500);
  for (let round = 0; round < ROUNDS; round++) {
    times.bare.push(...(await timed(bare.url)));
    times.withOps.push(...(await timed(withOps.url)));
  }
  await bare.app.close();
  await withOps.app.close();
  const [a, b] = [times.bare.sort((x, y) => x - y), times.withOps.sort((x, y) => x - y)];
  say('a trivial route, bare: p50 / p95', `${ms(pct(a, 50))} / ${ms(pct(a, 95))}`);
  say('the same with request ids and metrics hooks: p50 / p95', `${ms(pct(b, 50))} / ${ms(pct(b, 95))}`);
  say(
    'what the hooks add: p50 / p95',
    `${ms(pct(b, 50) - pct(a, 50))} / ${ms(pct(b, 95) - pct(a, 95))} (budget p95 1 ms)`,
  );
}

async function scrape() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-ops-'));
  const server = await startServer({
    env: { DATA_DIR: dataDir, SEED_SCALE: '0.01', LOG_LEVEL: 'warn', RELEASE_LOCAL_BUILDS: 'false' },
  });
  try {
    for (const route of ['/api/health/live', '/api/health/ready', '/api/v1/admin/getAllFans', '/login', '/nope']) {
      await timed(`${server.baseURL}${route}`, 500);
    }
    const agent = new http.Agent({ keepAlive: true });
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 200; i++) times.push(await get(agent, `${server.baseURL}/metrics`));
    bytes = (await (await fetch(`${server.baseURL}/metrics`)).text()).length;
    agent.destroy();
    times.sort((x, y) => x - y);
    say(
      `/metrics scrape (${(bytes / 1024).toFixed(1)} KiB): p50 / p95`,
      `${ms(pct(times, 50))} / ${ms(pct(times, 95))} (budget 20 ms)`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`${os.cpus().length} cores; ${CLIENTS} clients, ${ROUNDS} rounds of ${REQUESTS} requests each`);
  await hooksCost();
  await scrape();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
