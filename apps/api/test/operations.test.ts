import http from 'node:http';
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { TEST_ADMIN } from './helpers/constants';
import pg from 'pg';
import { BOTH_BACKENDS, eventually, POSTGRES_URL, startTestApi, type TestApi } from './helpers/test-api';

const REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || '';

/** Every JSON line written to `stream` so far. */
function linesOf(stream: PassThrough, seen: string[]) {
  stream.on('data', (chunk: Buffer) => seen.push(...chunk.toString().split('\n').filter(Boolean)));
}

describe.each(BOTH_BACKENDS)("an operator's view of the server (%s)", (backend) => {
  let api: TestApi;
  const logs: string[] = [];
  const stream = new PassThrough();
  linesOf(stream, logs);

  beforeAll(async () => {
    api = await startTestApi(backend, { logStream: stream, env: { LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('gives every reply a request id, the caller’s own when it sends a plain one, on every log line with the admin', async () => {
    const token = await api.signIn();
    const fresh = await api.call('GET', '/admin/getUserProfile', { token });
    const fresh2 = await api.call('GET', '/admin/getUserProfile', { token });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh2.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const given = await api.call('GET', '/admin/getUserProfile', { token, headers: { 'x-request-id': 'lb-7f3a.91' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.91');
    const forged = await api.call('GET', '/admin/getUserProfile', {
      token,
      headers: { 'x-request-id': 'x"}\n{"level":60' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const parsed = logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    const ofGiven = parsed.filter((l) => l.reqId === 'lb-7f3a.91');
    expect(ofGiven.length).toBeGreaterThan(0);
    expect(ofGiven.find((l) => l.msg === 'request completed')).toMatchObject({ adminId: fresh.body.data._id });
  });

  it('says it is live, and ready when the database answers', async () => {
    const live = await api.call('GET', '/api/health/live');
    expect(live).toMatchObject({ status: 200, body: { message: 'live' } });
    const ready = await api.call('GET', '/api/health/ready');
    expect(ready).toMatchObject({ status: 200, body: { message: 'ready', checks: { database: 'up' } } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API and non-app paths with a 404 in JSON, never the shell’s page', async () => {
    for (const url of ['/api/v1/admin/noSuchThing', '/api/health/nope', '/healthz', '/readyz', '/wp-login.php']) {
      const res = await api.server.app.inject({ url });
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 404, 'application/json; charset=utf-8']);
      expect(res.json()).toEqual({ statusCode: 404, message: `No route for GET ${url}` });
    }
  });

  it('serves Prometheus metrics to this machine only, counting requests by route and refused sign-ins', async () => {
    await api.call('POST', '/admin/signIn', { body: { email: TEST_ADMIN.adminEmail, password: 'not-the-password' } });
    await api.call('GET', '/api/health/live');
    const exported = await api.call('GET', '/transaction/export', { token: await api.signIn() });
    expect(exported.status).toBe(200);
    const local = await api.server.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = local.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status="200"\} \d+/,
    );
    expect(text).toMatch(/sign_in_failures_total\{reason="wrong"\} [1-9]/);
    expect(text).toMatch(/exports_total\{endpoint="exportTransactions",outcome="complete"\} 1/);
    for (const name of [
      'http_requests_in_flight',
      'db_pool_connections',
      'socket_connections',
      'process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${name}`);
    }
    const remote = await api.server.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().message).toContain('METRICS_TOKEN');
  });

  it('reports the database down as not ready (503), naming it', async () => {
    const other = await startTestApi(backend);
    try {
      await other.database.close();
      const ready = await other.call('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.message).toBe('Not ready: database down');
    } finally {
      await other.server.close();
      if (backend === 'postgres') await other.close().catch(() => undefined);
    }
  });

  // PostgreSQL's own: an embedded database cannot be dropped under its server.
  if (backend === 'postgres')
    it('a database recreated empty under it: not ready and 503 (never 500); restored, it serves again without a restart', async () => {
      const other = await startTestApi(backend);
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      try {
        const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(other.database.db);
        const name = pg.escapeIdentifier(rows[0]!.name);
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${name}`);
        const ready = await other.call('GET', '/api/health/ready');
        expect([ready.status, (ready.body as { checks?: Record<string, string> }).checks?.database]).toEqual([
          503,
          'down: no schema (run the migrations, or restore a backup)',
        ]);
        const signIn = await other.call('POST', '/admin/signIn', {
          body: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword },
        });
        expect([signIn.status, signIn.headers['retry-after']]).toEqual([503, '5']);
        // the operator restores it (here: a copy of the seeded template, as pg_restore would leave it)
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${process.env.API_TEST_PG_TEMPLATE}`);
        await eventually(async () => (await other.call('GET', '/api/health/ready')).status === 200);
        expect(await other.signIn()).toEqual(expect.any(String));
      } finally {
        await admin.end();
        await other.close();
      }
    });
});

describe('metrics behind a token', () => {
  it('asks for the bearer METRICS_TOKEN from any address', async () => {
    const api = await startTestApi('pglite', { env: { METRICS_TOKEN: 'a-long-metrics-token-0123456789' } });
    try {
      const none = await api.server.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(none.statusCode).toBe(401);
      const wrong = await api.server.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer a-long-metrics-token-012345678X' },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await api.server.app.inject({
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer a-long-metrics-token-0123456789' },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('# TYPE http_request_duration_seconds histogram');
    } finally {
      await api.close();
    }
  });
});

(REDIS_URL ? describe : describe.skip)('readiness with Redis', () => {
  it('checks Redis too when it is configured', async () => {
    const api = await startTestApi('pglite', { env: { REDIS_URL } });
    try {
      const ready = await api.call('GET', '/api/health/ready');
      expect(ready.status).toBe(200);
      expect(Object.keys(ready.body as object)).toContain('checks');
      expect((ready.body as unknown as { checks: Record<string, string> }).checks).toMatchObject({
        database: 'up',
        'redis 1': 'up',
      });
    } finally {
      await api.close();
    }
  });
});

describe('a graceful stop', () => {
  it('turns readiness to 503 at once and lets a request in flight finish', async () => {
    const api = await startTestApi('pglite', { listen: true });
    const { port } = api.server.app.server.address() as { port: number };
    let release: (() => void) | undefined;
    try {
      const token = await api.signIn();
      // The embedded database has one connection: held here, it keeps the next request in flight.
      const held = new Promise<void>((resolve) => (release = resolve));
      const holding = api.database.db.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        await held;
      });
      const inFlight = new Promise<{ status: number; complete: boolean }>((resolve, reject) => {
        http
          .get(
            { port, path: '/api/v1/admin/getAllFans?limit=100', headers: { authorization: `Bearer ${token}` } },
            (res) => {
              res.resume();
              res.on('end', () => resolve({ status: res.statusCode ?? 0, complete: res.complete }));
              res.on('error', reject);
            },
          )
          .on('error', reject);
      });
      await new Promise((r) => setTimeout(r, 300));
      const draining = api.server.drain(10_000, 400);
      // Asked as the load balancer asks, through the port, while the instance still serves.
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      expect([ready.status, ((await ready.json()) as { message: string }).message]).toEqual([
        503,
        'Draining: this instance is shutting down',
      ]);
      release?.();
      await holding;
      expect(await inFlight).toEqual({ status: 200, complete: true });
      expect(await draining).toBe(true);
    } finally {
      release?.();
      await api.close().catch(() => undefined);
    }
  });
});
