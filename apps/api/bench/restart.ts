import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SHARED_SECRETS } from './instance-secrets';
import { rollingRestart } from './rolling-restart';
import { parseMarketplaceKey } from '../src/modules/auth/marketplace-signature';

const SECRETS = SHARED_SECRETS;

/**
 * `npm run bench:restart`: the issue's figure, a rolling restart of two instances under 10 clients,
 * 0 failed requests. PostgreSQL from DATABASE_URL (default: this machine's), a database of its own
 * dropped after; Redis from REDIS_URL when set (limits and sockets shared, as in production).
 * BENCH_CLIENTS (10) and BENCH_ROUNDS (1: each instance restarted once) change the load.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 1);

async function main() {
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bo_bench_restart_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-restart-'));
  const credentials = { email: 'bench@backoffice.local', password: `Bench-${crypto.randomBytes(6).toString('hex')}` };
  console.log(`${os.cpus().length} cores; ${CLIENTS} clients; each of two instances restarted ${ROUNDS} time(s)`);
  try {
    const result = await rollingRestart({
      env: {
        DATABASE_URL: url.toString(),
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: name } : {}),
        ...SECRETS,
        DATA_DIR: dataDir,
        SEED_SCALE: '0.05',
        SEED_ADMIN_EMAIL: credentials.email,
        SEED_ADMIN_PASSWORD: credentials.password,
        SECOND_FACTOR: 'offered',
        SHELL_DIST: path.join(dataDir, 'no-shell'),
        RELEASE_LOCAL_BUILDS: 'false',
        // 0 shows what the delay is for: the balancer still sends requests for up to a check's interval
        ...(process.env.BENCH_READY_DELAY_MS ? { SHUTDOWN_READY_DELAY_MS: process.env.BENCH_READY_DELAY_MS } : {}),
      },
      clients: CLIENTS,
      rounds: ROUNDS,
      credentials,
      marketplaceKey: parseMarketplaceKey(SECRETS.MARKETPLACE_API_KEY),
      log: (line) => console.log(`  ${line}`),
    });
    console.log(`requests during the rolling restart: ${result.requests}`);
    console.log(`failed requests: ${result.failed} (budget 0)`);
    console.log(`SIGTERM to exit, per instance: ${result.drainMs.map((ms) => `${ms} ms`).join(', ')}`);
    for (const f of result.failures) console.log(`  ${f}`);
    if (result.failed > 0) process.exitCode = 1;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
