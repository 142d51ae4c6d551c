import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnApi } from './helpers/process';
import { TEST_ADMIN } from './helpers/constants';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildServer } = require('../../../scripts/build-server.js') as { buildServer: () => Promise<void> };

describe('the production artefact (npm run build, npm run start:prod)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-artefact-'));
  // No TypeScript runner: node runs the compiled JavaScript (source maps for readable stacks).
  const startProd = () =>
    spawnApi(
      {
        DATA_DIR: dataDir,
        SEED_SCALE: '0.01',
        SEED_ADMIN_EMAIL: TEST_ADMIN.adminEmail,
        SEED_ADMIN_PASSWORD: TEST_ADMIN.adminPassword,
        RELEASE_LOCAL_BUILDS: 'false',
      },
      ['--enable-source-maps', 'dist/main.js'],
    );
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('runs the compiled server with node alone: ready, an admin signs in, and SIGTERM stops it with exit 0', async () => {
    await buildServer();
    const api = await startProd();
    try {
      await api.waitFor('Back office API ready');
      const base = `http://127.0.0.1:${api.port}`;
      const ready = await fetch(`${base}/api/health/ready`);
      expect([ready.status, ((await ready.json()) as { message: string }).message]).toEqual([200, 'ready']);
      const signIn = await fetch(`${base}/api/v1/admin/signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword }),
      });
      expect(signIn.status).toBe(200);
      api.child.kill('SIGTERM');
      expect(await api.exited).toBe(0);
      // Every line it wrote is one JSON object.
      const lines = api.output().split('\n').filter(Boolean);
      expect(lines.filter((l) => !l.startsWith('{'))).toEqual([]);
      expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toContain('closed: every request finished');
    } finally {
      if (api.child.exitCode === null) api.child.kill('SIGKILL');
    }
  }, 120_000);

  it('stops on SIGTERM when whatever read its log lines has gone (a broken pipe), with exit 0', async () => {
    const api = await startProd();
    try {
      await api.waitFor('Back office API ready');
      // The reader of its standard output goes, as a log collector or `| head` does: each line it
      // writes from now on fails (EPIPE), the lines of its stopping among them.
      api.child.stdout!.destroy();
      api.child.kill('SIGTERM');
      const stopped = await Promise.race([
        api.exited,
        new Promise((r) => setTimeout(() => r('still running'), 20_000).unref()),
      ]);
      expect(stopped).toBe(0);
    } finally {
      if (api.child.exitCode === null) api.child.kill('SIGKILL');
    }
  }, 120_000);
});
