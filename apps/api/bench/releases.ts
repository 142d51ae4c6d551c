/**
 * `npm run bench:releases`: the figures of issue 29, against a real server started as `npm start`
 * starts it (embedded database by default; `--database-url postgres://…` for PostgreSQL), with the
 * remotes' local builds released into its database as it starts (run `npm run build` first).
 *
 * - the registry read on every page load (the public /registry.json; the shell asks
 *   GET /api/v1/admin/getRemoteRegistry only while a stage is under way) with 10 clients at once:
 *   p50, p95, p99, beside two floors;
 * - one remote's build (apps/people/dist) packed, uploaded (checked, gated, hashed and stored by the
 *   server) and promoted through the API, three times with three builds: each step's time.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../../test-support/server';
import { SHARED_SECRETS } from './instance-secrets';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { archiveOf } = require('../../../scripts/remotes.js') as { archiveOf: (dir: string) => Promise<Buffer> };

const ROOT = path.resolve(__dirname, '..', '..', '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const CLIENTS = Number(arg('clients', '10'));
const REQUESTS = Number(arg('requests', '2000'));
const ADMIN = { email: 'bench-releases@test.local', password: 'Bench-Releases-Password-1' };

const say = (what: string, value: string) => console.log(`${what.padEnd(70)} ${value}`);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** One GET on a kept-alive connection: node:http, lighter than fetch, so the client's own work (on the same cores) weighs less. */
function get(agent: http.Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve(performance.now() - t) : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

async function timed(url: string, headers: Record<string, string>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next++ < REQUESTS) times.push(await get(agent, url, headers));
    }),
  );
  agent.destroy();
  return times.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const dist = path.join(ROOT, 'apps', 'people', 'dist');
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json')))
    throw new Error('No build of people: run npm run build first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-releases-'));
  const databaseUrl = arg('database-url', '');
  const server = await startServer({
    env: {
      DATA_DIR: dataDir,
      RELEASES_DIR: path.join(dataDir, 'no-releases'),
      SEED_SCALE: '0.01',
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, ...SHARED_SECRETS } : {}),
    },
  });
  try {
    const api = `${server.baseURL}/api/v1`;
    const json = async (p: string, init: RequestInit = {}) => {
      const res = await fetch(`${api}${p}`, init);
      const body = (await res.json()) as { message: string; data?: Record<string, string & number> };
      if (!res.ok) throw new Error(`${p}: ${res.status} ${body.message}`);
      return body.data ?? {};
    };
    const signedIn = await json('/admin/signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const bearer = { authorization: `Bearer ${signedIn.token}` };
    console.log(
      `Database: ${databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)'}; ${CLIENTS} clients, ${REQUESTS} requests each figure`,
    );

    await timed(`${api}/admin/getRemoteRegistry`, bearer); // warm-up: caches, JIT
    for (const [label, url, headers, budget] of [
      ['floor: GET /api/health (one query, a small reply)', `${server.baseURL}/api/health`, {}, ''],
      ["floor: GET getUserProfile (a signed-in admin's smallest read)", `${api}/admin/getUserProfile`, bearer, ''],
      [
        'registry read on every page load (/registry.json)',
        `${server.baseURL}/registry.json`,
        {},
        ' (budget p95 10 ms)',
      ],
      [
        "an admin's own registry, read only while a stage is under way (getRemoteRegistry)",
        `${api}/admin/getRemoteRegistry`,
        bearer,
        '',
      ],
    ] as const) {
      const t = await timed(url, headers);
      say(`${label}: p50 / p95 / p99`, `${ms(pct(t, 50))} / ${ms(pct(t, 95))} / ${ms(pct(t, 99))}${budget}`);
    }

    const { token } = await json('/release/createDeployToken', {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ remote: 'people', name: 'bench' }),
    });
    const deploy = { authorization: `Bearer ${token}` };
    const totals: number[] = [];
    for (let i = 1; i <= 3; i++) {
      // A new build each time (one file differs), as a team's next release is.
      const build = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-build-'));
      fs.cpSync(dist, build, { recursive: true });
      fs.appendFileSync(path.join(build, 'remoteEntry.js'), `\n/* bench ${Date.now()} ${i} */`);
      const t0 = performance.now();
      const archive = await archiveOf(build);
      const t1 = performance.now();
      const uploaded = await json('/release/upload?remote=people', {
        method: 'POST',
        headers: { ...deploy, 'content-type': 'application/gzip' },
        body: archive,
      });
      const t2 = performance.now();
      await json('/release/promote', {
        method: 'POST',
        headers: { ...deploy, 'content-type': 'application/json' },
        body: JSON.stringify({ remote: 'people', version: uploaded.version }),
      });
      const t3 = performance.now();
      totals.push(t3 - t0);
      say(
        `release ${i}: ${uploaded.files} files, ${(archive.length / 1024).toFixed(0)} KiB sent`,
        `pack ${ms(t1 - t0)}, upload+check+gate+store ${ms(t2 - t1)}, promote ${ms(t3 - t2)}, total ${ms(t3 - t0)}`,
      );
      fs.rmSync(build, { recursive: true, force: true });
    }
    totals.sort((a, b) => a - b);
    say('upload, gate and publish of one build: median total', `${ms(totals[1]!)} (budget 5000 ms, build excluded)`);
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
