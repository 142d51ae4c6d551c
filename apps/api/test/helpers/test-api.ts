import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_BASE_PATH } from '@backoffice/shared-api/contract';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/database';
import { seedDemo } from '../../src/seed/seed';
import { buildServer, type BuildOptions, type Server } from '../../src/server';
import type { AuthLimitSettings } from '../../src/modules/auth/limits';
import {
  parseMarketplaceKey,
  signMarketplaceRequest,
  type MarketplaceKey,
} from '../../src/modules/auth/marketplace-signature';
import { POSTGRES_URL, TEST_ADMIN, TEST_SEED_SCALE } from './constants';

export { POSTGRES_URL };

export type Backend = 'pglite' | 'postgres';
/**
 * Both databases whenever PostgreSQL is named, for the suites about what the database itself
 * guarantees, where the embedded one could differ: locks and concurrent writers (payouts, second
 * factor), triggers (the append-only audit log), query plans and kept counts (lists at scale), and
 * the walk of every operation for every role.
 */
export const BOTH_BACKENDS: Backend[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];
/**
 * Where a suite's tests run: on PostgreSQL, production's database, when one is named (CI names
 * one), else on the embedded PGlite. The two run the same migrations and queries; running every
 * suite on both doubled the API suites' time (PGlite, PostgreSQL compiled to WebAssembly, is the
 * costlier two thirds) and took `npm test` past its 15 minutes. TEST_BACKENDS=both runs every suite
 * on both.
 */
export const BACKENDS: Backend[] =
  process.env.TEST_BACKENDS === 'both' ? BOTH_BACKENDS : POSTGRES_URL ? ['postgres'] : ['pglite'];

export interface TestApi {
  backend: Backend;
  server: Server;
  database: Database;
  config: Config;
  dataDir: string;
  /** Calls the real server (all hooks, validation and serialisation) without a socket. */
  call(
    method: InjectOptions['method'],
    apiPath: string,
    opts?: {
      token?: string;
      /** Signs the call with the marketplace's key (the calls the marketplace makes). */
      marketplace?: boolean;
      query?: Record<string, string>;
      body?: unknown;
      headers?: Record<string, string>;
    },
  ): Promise<Reply>;
  signIn(email?: string, password?: string): Promise<string>;
  /** The key the marketplace signs its calls with on this server. */
  marketplaceKey: MarketplaceKey;
  /**
   * Emails the server delivered to its outbox folder, oldest first, once its worker has sent every
   * email due (a change queues its email in the database; the worker writes the file).
   */
  outbox(): Promise<Array<{ to: string; subject: string; html: string; text: string }>>;
  close(): Promise<void>;
}

export interface Reply {
  status: number;
  body: {
    statusCode: number;
    message: string;
    data?: any;
    total?: number;
    totalIs?: string;
    errors?: Record<string, string>;
  };
  headers: LightMyRequestResponse['headers'];
}

async function createPostgresDatabase(): Promise<{ url: string; seeded: boolean; drop(): Promise<void> }> {
  const name = `bo_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  // A copy of the migrated, seeded template the global setup made: a file copy, ~4x faster than
  // migrating and seeding each test server's database.
  const template = process.env.API_TEST_PG_TEMPLATE;
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    seeded: Boolean(template),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startTestApi(
  backend: Backend,
  opts: {
    env?: Record<string, string>;
    authLimits?: Partial<AuthLimitSettings>;
    /** Servers given the same prefix share their limits through Redis; by default each has its own. */
    limitsKeyPrefix?: string;
    listen?: boolean;
    logStream?: NodeJS.WritableStream;
    /** The email worker's timings (polls, retries, SMTP timeouts). */
    mailOutbox?: BuildOptions['mailOutbox'];
  } = {},
): Promise<TestApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-api-test-'));
  const marketplaceKey = `test-marketplace-key-${crypto.randomBytes(16).toString('hex')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    MARKETPLACE_API_KEY: marketplaceKey,
    ...opts.env,
  });
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  if (backend === 'postgres') {
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.url, dataDir });
    if (!created.seeded) await seedDemo(database.db, { scale: TEST_SEED_SCALE, ...TEST_ADMIN });
  } else {
    const snapshot = process.env.API_TEST_SNAPSHOT;
    if (!snapshot) throw new Error('API_TEST_SNAPSHOT is not set: run the tests through jest (global setup)');
    database = await openDatabase({ dataDir, memory: true, loadDataDir: new Blob([fs.readFileSync(snapshot)]) });
  }
  // A server that refuses to start (the tests of its refusals) leaves nothing open behind it.
  const server = await buildServer({
    config,
    database,
    authLimits: opts.authLimits,
    // A server given its own REDIS_PREFIX keeps its limits under it; any other gets a fresh prefix.
    limitsKeyPrefix:
      opts.limitsKeyPrefix ?? (opts.env?.REDIS_PREFIX ? undefined : `test:${crypto.randomBytes(6).toString('hex')}`),
    logger: Boolean(opts.logStream),
    logStream: opts.logStream,
    mailOutbox: opts.mailOutbox,
  }).catch(async (e: unknown) => {
    await database.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  });
  if (opts.listen) await server.app.listen({ host: '127.0.0.1', port: 0 });
  else await server.app.ready();

  const api: TestApi = {
    backend,
    server,
    database,
    config,
    dataDir,
    marketplaceKey: parseMarketplaceKey(config.marketplaceKeys[0] ?? marketplaceKey),
    async call(method, apiPath, o = {}) {
      const url = apiPath.startsWith('/api/') ? apiPath : `${API_BASE_PATH}${apiPath}`;
      // A signature covers the path and body exactly as sent, so a signed call sends them as signed.
      const signed = o.marketplace
        ? {
            url: o.query ? `${url}?${new URLSearchParams(o.query)}` : url,
            payload: o.body === undefined ? undefined : JSON.stringify(o.body),
          }
        : undefined;
      const res = await server.app.inject({
        method,
        url: signed?.url ?? url,
        query: signed ? undefined : o.query,
        payload: signed ? signed.payload : (o.body as InjectOptions['payload']),
        headers: {
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...(signed?.payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(signed
            ? signMarketplaceRequest(api.marketplaceKey, {
                method: String(method),
                path: signed.url,
                body: signed.payload,
              })
            : {}),
          ...o.headers,
        },
      });
      let body: Reply['body'];
      try {
        body = res.json();
      } catch {
        body = { statusCode: -1, message: res.body };
      }
      return { status: res.statusCode, body, headers: res.headers };
    },
    async signIn(email = TEST_ADMIN.adminEmail, password = TEST_ADMIN.adminPassword) {
      const r = await api.call('POST', '/admin/signIn', { body: { email, password } });
      if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${r.body.message}`);
      return r.body.data.token as string;
    },
    async outbox() {
      await server.mailOutbox.deliverDue();
      const dir = path.join(dataDir, 'outbox');
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
    },
    async close() {
      await server.close();
      await database.close();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return api;
}

/** Waits for something the server does after replying (an email, a socket event). */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
