import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeChromium } from '../../test-support/chromium';
import { freePort, startServer } from '../../test-support/server';
import pg from 'pg';
import { E2E_ADMIN_PASSWORD, E2E_MARKETPLACE_KEY } from './browser';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * With a PostgreSQL named (TEST_DATABASE_URL, as CI has), the suite's server runs on a database of
 * its own there, as production does: native PostgreSQL answers the browser's requests several times
 * faster than the embedded one, which the whole browser suite waits on. The servers tests start for
 * themselves (first sign-in, overrides, the team) stay on the embedded default.
 */
async function ownPostgresDatabase(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const name = `bo_e2e_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

/**
 * Rebuilds what changed exactly as `npm start` does, then starts the product on a throw-away data
 * directory and a copy of the releases (the tests publish and roll back remotes).
 */
export default async function globalSetup(): Promise<void> {
  // Said first: unpacking the packaged browser happens here, once, not inside a test's timeout.
  console.log(`\nBrowser tests run in ${describeChromium()}`);
  execFileSync(process.execPath, ['scripts/start.js', '--no-serve'], { cwd: ROOT, stdio: 'inherit' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-e2e-'));
  const releases = path.join(work, 'releases');
  fs.cpSync(path.join(ROOT, '.releases'), releases, { recursive: true });
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  const databaseUrl = await ownPostgresDatabase();
  const { child } = await startServer({
    port,
    env: {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      RELEASES_DIR: releases,
      SEED_SCALE: '0.05',
      SEED_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // Developer overrides of remotes on, as `npm run dev` has them (overrides.e2e tests a server without).
      REMOTE_OVERRIDE_ORIGINS: 'localhost',
      MARKETPLACE_API_KEY: E2E_MARKETPLACE_KEY,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
    },
  });
  const state = { baseURL: `http://localhost:${port}`, pid: child.pid, work, dataDir, releases, databaseUrl };
  fs.writeFileSync(path.join(os.tmpdir(), 'bo-e2e-state.json'), JSON.stringify(state));
  process.env.E2E_STATE = JSON.stringify(state);
}
