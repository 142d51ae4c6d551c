import http from 'node:http';
import { endpoints } from '@backoffice/shared-api/contract';
import { signMarketplaceRequest, type MarketplaceKey } from '../src/modules/auth/marketplace-signature';
import { spawnApi, type ApiProcess } from '../test/helpers/process';

/**
 * A rolling restart as an operator runs one: two API instances on one PostgreSQL (and Redis) behind
 * a load balancer, clients working the whole time, each instance in turn sent SIGTERM and replaced
 * by a new process. Counts every request the clients saw fail.
 *
 * The load balancer is the smallest faithful one: it sends a request to an instance its health check
 * last found ready (GET /api/health/ready every CHECK_MS, out at the first 503, refused connection
 * or check unanswered within CHECK_TIMEOUT_MS, as a balancer with an unhealthy threshold of 1 does),
 * round robin; a GET that could not be delivered
 * (connection refused or reset before any reply) goes to the next instance, as nginx's and most
 * balancers' defaults do for idempotent requests. Nothing else is retried: a request that reached an
 * instance is answered by it or counts as failed.
 */
const CHECK_MS = 200;
/**
 * How long a check may wait for its answer. One check's period was too short on a busy machine:
 * with the test suites of the whole product running beside it, the instance that was not restarted
 * answered a check late, left the balancer while the other one was starting, and clients saw 502s
 * no real balancer would have given (their timeouts are seconds).
 */
const CHECK_TIMEOUT_MS = 1_000;
/** The instance keeps serving this long after SIGTERM with readiness at 503: longer than a check. */
const READY_DELAY_MS = 1000;
const READY_LINE = 'Back office API ready';

interface Backend {
  name: string;
  process: ApiProcess;
  healthy: boolean;
}

export interface RestartResult {
  requests: number;
  failed: number;
  /** The first failures, as the client saw them. */
  failures: string[];
  /** How long each instance took from SIGTERM to exit, ms. */
  drainMs: number[];
}

function forward(backend: Backend, req: http.IncomingMessage, body: Buffer): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const out = http.request(
      { host: '127.0.0.1', port: backend.process.port, method: req.method, path: req.url, headers: req.headers },
      resolve,
    );
    out.once('error', reject);
    out.end(body);
  });
}

/** The load balancer: health checks and round robin over what is in `backends`. */
function loadBalancer(backends: Backend[]) {
  let next = 0;
  const check = setInterval(() => {
    for (const b of backends) {
      const probe = http.get(
        { host: '127.0.0.1', port: b.process.port, path: '/api/health/ready', timeout: CHECK_TIMEOUT_MS },
        (res) => {
          b.healthy = res.statusCode === 200;
          res.resume();
        },
      );
      probe.once('timeout', () => probe.destroy(new Error('timeout')));
      probe.once('error', () => (b.healthy = false));
    }
  }, CHECK_MS);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const healthy = backends.filter((b) => b.healthy);
      const order = healthy.map((_, i) => healthy[(next + i) % healthy.length]!);
      next += 1;
      const tries = req.method === 'GET' ? order : order.slice(0, 1);
      for (const backend of tries) {
        try {
          const answer = await forward(backend, req, body);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        } catch {
          // not delivered: the next instance, for a GET
        }
      }
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 502, message: 'No instance could take the request' }));
    });
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
      ),
    close: () => {
      clearInterval(check);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function startInstance(name: string, env: Record<string, string>): Promise<Backend> {
  const process = await spawnApi({ SHUTDOWN_READY_DELAY_MS: String(READY_DELAY_MS), ...env });
  await process.waitFor(READY_LINE);
  return { name, process, healthy: false };
}

/** Waits until the balancer's own check has found `backend` ready, as it would before sending it traffic. */
async function untilHealthy(backend: Backend): Promise<void> {
  const until = Date.now() + 30_000;
  while (!backend.healthy) {
    if (Date.now() > until) throw new Error(`${backend.name} never became ready`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts two instances with `env` (the first migrates and seeds), runs `clients` clients through the
 * balancer, restarts each instance in turn (`rounds` times over both), and stops everything.
 */
export async function rollingRestart(opts: {
  env: Record<string, string>;
  clients: number;
  rounds: number;
  /** Restart only the first this many instances each round (default: both). */
  restart?: number;
  credentials: { email: string; password: string };
  /** The marketplace's key on these instances: a share of the requests are its signed writes. */
  marketplaceKey?: MarketplaceKey;
  log?: (line: string) => void;
}): Promise<RestartResult> {
  const log = opts.log ?? (() => undefined);
  const backends: Backend[] = [];
  const balancer = loadBalancer(backends);
  const result: RestartResult = { requests: 0, failed: 0, failures: [], drainMs: [] };
  let running = true;
  const clients: Array<Promise<void>> = [];
  try {
    backends.push(await startInstance('a', opts.env));
    await untilHealthy(backends[0]!);
    backends.push(await startInstance('b', { ...opts.env, SEED: 'false' }));
    await untilHealthy(backends[1]!);
    const port = await balancer.listen();
    log(`two instances ready behind the balancer on ${port}`);

    const signIn = await fetch(`http://127.0.0.1:${port}/api/v1/admin/signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(opts.credentials),
    });
    const token = ((await signIn.json()) as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error(`sign-in through the balancer failed: ${signIn.status}`);
    const paths = ['/admin/getAllFans?limit=10', '/admin/getUserProfile', '/transaction/getAll?limit=10'];
    // One request in four a write the balancer never retries (the marketplace posting a notification):
    // an instance that dropped it on its way out would show here.
    const notification = opts.marketplaceKey ? `/api/v1${endpoints.createNotification.path}` : undefined;
    const request = (i: number): [string, RequestInit] => {
      if (notification && i % 4 === 3) {
        const body = JSON.stringify({ description: `Rolling restart ${i}` });
        const signed = signMarketplaceRequest(opts.marketplaceKey!, { method: 'POST', path: notification, body });
        return [notification, { method: 'POST', body, headers: { 'content-type': 'application/json', ...signed } }];
      }
      return [`/api/v1${paths[i % paths.length]!}`, { headers: { authorization: `Bearer ${token}` } }];
    };

    const client = async (n: number) => {
      for (let i = n; running; i++) {
        const [path, init] = request(i);
        result.requests += 1;
        try {
          const res = await fetch(`http://127.0.0.1:${port}${path}`, init);
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${res.status}`);
        } catch (e) {
          result.failed += 1;
          if (result.failures.length < 10)
            result.failures.push(`${init.method ?? 'GET'} ${path}: ${(e as Error).message}`);
        }
      }
    };
    for (let n = 0; n < opts.clients; n++) clients.push(client(n));
    await new Promise((r) => setTimeout(r, 1000));

    for (let round = 0; round < opts.rounds; round++) {
      for (let i = 0; i < Math.min(opts.restart ?? backends.length, backends.length); i++) {
        const old = backends[i]!;
        const sent = Date.now();
        old.process.child.kill('SIGTERM');
        const code = await old.process.exited;
        result.drainMs.push(Date.now() - sent);
        log(`${old.name} stopped (exit ${code}) ${Date.now() - sent} ms after SIGTERM; ${result.failed} failed so far`);
        if (code !== 0) throw new Error(`${old.name} exited with ${code}:\n${old.process.output()}`);
        const fresh = await startInstance(`${old.name}'`, { ...opts.env, SEED: 'false' });
        backends[i] = fresh;
        await untilHealthy(fresh);
        log(`${fresh.name} ready; ${result.requests} requests so far`);
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
  } finally {
    running = false;
    await Promise.all(clients);
    await balancer.close();
    for (const b of backends) {
      b.process.child.kill('SIGTERM');
      await b.process.exited;
    }
  }
  return result;
}
