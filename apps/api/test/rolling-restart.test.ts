import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { rollingRestart } from '../bench/rolling-restart';
import { parseMarketplaceKey } from '../src/modules/auth/marketplace-signature';
import { POSTGRES_URL } from './helpers/constants';

const REDIS_URL = process.env.TEST_REDIS_URL || '';
const SECRETS = {
  AUTH_SECRET: crypto.randomBytes(24).toString('hex'),
  MARKETPLACE_API_KEY: `t:${crypto.randomBytes(24).toString('hex')}`,
};

/**
 * Two instances on one PostgreSQL and Redis behind a load balancer, one of them restarted (SIGTERM,
 * a new process) while clients work: no client sees a request fail. `npm run bench:restart` runs the
 * same with 10 clients and both instances restarted.
 */
(POSTGRES_URL && REDIS_URL ? describe : describe.skip)('a restart behind a load balancer', () => {
  const name = `bo_test_restart_${process.pid}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-restart-'));
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('drops no request: the stopping instance leaves the balancer, finishes what it has, exits 0', async () => {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const credentials = { email: 'restart@test.local', password: 'Restart-Test-Password-1' };
    const result = await rollingRestart({
      env: {
        DATABASE_URL: url.toString(),
        REDIS_URL,
        REDIS_PREFIX: name,
        ...SECRETS,
        DATA_DIR: dataDir,
        SEED_SCALE: '0.01',
        SEED_ADMIN_EMAIL: credentials.email,
        SEED_ADMIN_PASSWORD: credentials.password,
        SECOND_FACTOR: 'offered',
        SHELL_DIST: path.join(dataDir, 'no-shell'),
        RELEASE_LOCAL_BUILDS: 'false',
      },
      clients: 4,
      rounds: 1,
      restart: 1,
      credentials,
      marketplaceKey: parseMarketplaceKey(SECRETS.MARKETPLACE_API_KEY),
    });
    expect(result.failures).toEqual([]);
    expect(result.failed).toBe(0);
    // it was under load the whole time, not idle while it stopped
    expect(result.requests).toBeGreaterThan(100);
  }, 180_000);
});
