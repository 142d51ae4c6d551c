import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { API_BASE_PATH, READ_AT_HEADER, endpoints } from '@backoffice/shared-api/contract';
import type { Database } from '../db/database';
import type { Realtime } from '../realtime/realtime';
import { beforeDeadline } from '../lib/deadline';
import { checkSchema } from '../db/migrations';
import { emailsWaiting } from '../modules/mail/outbox';

/** An X-Request-Id a client or proxy sent is kept only if it is a plain token: it goes into every log line. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id of a request: the caller's X-Request-Id when it is a plain token, else a new UUID. */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** Whether a request came over loopback: by the socket's own address, which no header can claim. */
export const fromLoopback = (req: FastifyRequest) => /^(127\.|::1$|::ffff:127\.)/.test(req.socket.remoteAddress ?? '');

/** How long readiness waits for the database or Redis before calling it down. */
const READY_TIMEOUT_MS = 1000;

/** Which requests a process counts and how it is doing, read by /metrics and /api/health/ready. */
export interface Operations {
  emails: Counter<'outcome'>;
  exports: Counter<'endpoint' | 'outcome'>;
  /** Set on SIGTERM: readiness answers 503 so that the load balancer sends new requests elsewhere. */
  draining: boolean;
}

interface Probe {
  name: string;
  check(): Promise<unknown>;
}

const SIGN_IN_PATH = `${API_BASE_PATH}${endpoints.signIn.path}`;

/**
 * Health, metrics and request ids for operators: `GET /api/health/live` (the process answers),
 * `GET /api/health/ready` (the database, and Redis when configured, answer within a second; 503
 * while draining), and `GET /metrics` in Prometheus's text format, for a bearer METRICS_TOKEN (or,
 * without one, from this machine only). Every reply carries its request's X-Request-Id.
 */
export function registerOperations(
  app: FastifyInstance,
  opts: {
    database: Database;
    realtime: Realtime;
    redis: ReadonlyArray<{ isReady: boolean; ping(): Promise<unknown> }>;
    metricsToken?: string;
  },
): Operations {
  // One registry per server: tests build many servers in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to reply, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  let inFlight = 0;
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests received and not yet answered',
    registers: [registry],
    collect() {
      this.set(inFlight);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (PostgreSQL; the embedded database has one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = opts.database.pool();
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'socket_connections',
    help: 'Sockets open on this instance',
    registers: [registry],
    collect() {
      this.set(opts.realtime.connections());
    },
  });
  new Gauge({
    name: 'redis_up',
    help: 'Whether every Redis connection of this instance is ready (1), or not (0); absent without REDIS_URL',
    registers: [registry],
    collect() {
      if (opts.redis.length) this.set(opts.redis.every((c) => c.isReady) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'emails_waiting',
    help: 'Emails in the outbox not yet sent nor given up, queued by any instance; absent when the database does not answer',
    registers: [registry],
    async collect() {
      // read at each scrape, a count over the outbox's partial index of what is due; a database
      // that does not answer in time leaves it out rather than holding the scrape
      const n = await beforeDeadline(emailsWaiting(opts.database.db), READY_TIMEOUT_MS, () => undefined).catch(
        () => undefined,
      );
      if (n === undefined) this.reset();
      else this.set(n);
    },
  });
  const signIns = new Counter({
    name: 'sign_in_failures_total',
    help: 'Sign-ins refused, by reason: a wrong email or password (wrong), or too many attempts (locked_out)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const operations: Operations = {
    draining: false,
    emails: new Counter({
      name: 'emails_total',
      help: 'Emails by outcome: queued (written to the outbox), sent, retried (a send failed and is scheduled again), or failed (given up)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    exports: new Counter({
      name: 'exports_total',
      help: 'CSV exports by endpoint and outcome: complete, or cut (the client went away or the server stopped)',
      labelNames: ['endpoint', 'outcome'] as const,
      registers: [registry],
    }),
  };

  const open = new WeakSet<FastifyRequest>();
  const done = (req: FastifyRequest) => {
    if (open.delete(req)) inFlight -= 1;
  };
  app.addHook('onRequest', async (req, reply) => {
    open.add(req);
    inFlight += 1;
    reply.header('X-Request-Id', req.id);
    // Taken before the handler reads anything: what the reply shows is current as of this at least.
    if (req.url.startsWith('/api/')) reply.header(READ_AT_HEADER, String(Date.now()));
  });
  app.addHook('onResponse', async (req, reply) => {
    done(req);
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (route === SIGN_IN_PATH && reply.statusCode === 400) signIns.inc({ reason: 'wrong' });
    if (route === SIGN_IN_PATH && reply.statusCode === 429) signIns.inc({ reason: 'locked_out' });
  });
  // A request the client abandoned may never be answered; it is no longer in flight.
  app.addHook('onRequestAbort', async (req) => done(req));

  const probes: Probe[] = [
    // Answering is not enough: a database recreated empty answers, and every request would fail.
    { name: 'database', check: () => checkSchema(opts.database.db as Kysely<unknown>) },
    ...opts.redis.map((client, i) => ({
      name: opts.redis.length > 1 ? `redis ${i + 1}` : 'redis',
      check: () => (client.isReady ? client.ping() : Promise.reject(new Error('not connected'))),
    })),
  ];
  const hidden = { schema: { hide: true } };
  app.get('/api/health/live', hidden, async () => ({ statusCode: 200, message: 'live' }));
  app.get('/api/health/ready', hidden, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (operations.draining) {
      return reply.code(503).send({ statusCode: 503, message: 'Draining: this instance is shutting down' });
    }
    const results = await Promise.all(
      probes.map((p) =>
        beforeDeadline(p.check(), READY_TIMEOUT_MS, () => {
          throw new Error(`no answer within ${READY_TIMEOUT_MS} ms`);
        }).then(
          () => [p.name, 'up'] as const,
          (e: Error) => [p.name, `down: ${e.message}`] as const,
        ),
      ),
    );
    const down = results.filter(([, state]) => state !== 'up');
    const checks = Object.fromEntries(results);
    if (down.length) {
      return reply
        .code(503)
        .send({ statusCode: 503, message: `Not ready: ${down.map(([name]) => name).join(', ')} down`, checks });
    }
    return { statusCode: 200, message: 'ready', checks };
  });

  const allowed = (req: FastifyRequest) => {
    if (opts.metricsToken) {
      const given = Buffer.from(req.headers.authorization ?? '');
      const expected = Buffer.from(`Bearer ${opts.metricsToken}`);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    }
    // Without a token, only from this machine.
    return fromLoopback(req);
  };
  app.get('/metrics', hidden, async (req, reply) => {
    if (!allowed(req)) {
      return reply.code(opts.metricsToken ? 401 : 403).send({
        statusCode: opts.metricsToken ? 401 : 403,
        message: opts.metricsToken
          ? 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>'
          : 'Metrics are served to this machine only; set METRICS_TOKEN to scrape them from elsewhere',
      });
    }
    reply.header('Cache-Control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
  return operations;
}
