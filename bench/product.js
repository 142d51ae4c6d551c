/**
 * The real product for the front-end benches (bench:bundle, bench:lighthouse): the production
 * builds, served by the API server on a small seeded database in a temporary folder, with an admin
 * whose password is not the documented default (that sign-in would stop at the forced change).
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startServer } = require('../test-support/server');

const ROOT = path.resolve(__dirname, '..');
const ADMIN = { email: 'admin@backoffice.local', password: 'Bench-Admin-Password-1' };

/** Builds what changed since the last build (as `npm start` does), without serving. */
function buildProduct() {
  execFileSync(process.execPath, ['scripts/start.js', '--no-serve'], { cwd: ROOT, stdio: 'inherit' });
}

/** The product built in `root` (this checkout, or another commit's worktree: baseline.js). */
async function startProduct(root = ROOT) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-front-'));
  const { baseURL, child } = await startServer({
    apiDir: path.join(root, 'apps/api'),
    env: {
      DATA_DIR: work,
      RELEASES_DIR: path.join(work, 'no-releases'),
      SEED_SCALE: '0.05',
      SEED_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  });
  return {
    url: baseURL,
    stop: () => (child.kill('SIGTERM'), fs.rmSync(work, { recursive: true, force: true })),
  };
}

/** Signs the admin in on the sign-in page and waits for the dashboard's figures. */
async function signIn(page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('[data-figure][aria-busy="false"]').first().waitFor();
}

module.exports = { ROOT, ADMIN, buildProduct, startProduct, signIn };
