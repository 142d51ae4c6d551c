import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeChromium } from '../../test-support/chromium';
import { freePort, startServer } from '../../test-support/server';
import { E2E_ADMIN_PASSWORD, E2E_MARKETPLACE_KEY } from './browser';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Rebuilds what changed exactly as `npm start` does, then starts the product on a throw-away data
 * directory; it releases the remotes' builds into its database as it starts (the tests upload,
 * promote and roll back more through the release API).
 */
export default async function globalSetup(): Promise<void> {
  // Said first: unpacking the packaged browser happens here, once, not inside a test's timeout.
  console.log(`\nBrowser tests run in ${describeChromium()}`);
  execFileSync(process.execPath, ['scripts/start.js', '--no-serve'], { cwd: ROOT, stdio: 'inherit' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-e2e-'));
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  const { child, output } = await startServer({
    port,
    env: {
      DATA_DIR: dataDir,
      // No earlier releases folder to import: a developer's .releases is not the suite's.
      RELEASES_DIR: path.join(work, 'no-releases'),
      SEED_SCALE: '0.05',
      SEED_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // Developer overrides of remotes on, as `npm run dev` has them (overrides.e2e tests a server without).
      REMOTE_OVERRIDE_ORIGINS: 'localhost',
      MARKETPLACE_API_KEY: E2E_MARKETPLACE_KEY,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
    },
  });
  // Every browser test needs this server: if it dies, the reason goes to the log before the
  // tests that follow fail with ECONNREFUSED. (Teardown kills it with SIGTERM, after the tests.)
  child.once('exit', (code, signal) => {
    if (process.env.E2E_STOPPING) return;
    console.error(`\nThe browser tests' server exited (${code ?? signal}); its last output:\n${output().slice(-6000)}`);
  });
  const state = { baseURL: `http://localhost:${port}`, pid: child.pid, work, dataDir };
  process.env.E2E_STATE = JSON.stringify(state);
}
