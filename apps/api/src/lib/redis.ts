import { createClient } from 'redis';
import type { FastifyBaseLogger } from 'fastify';
import { beforeDeadline } from './deadline';

export type RedisClient = ReturnType<typeof createClient>;

/** How long a start waits for Redis before it gives up with a message. */
const CONNECT_DEADLINE_MS = 5000;

/**
 * A Redis connection that never makes a caller wait on a Redis that is away: commands fail at once
 * while it is disconnected (no offline queue), a connection attempt gives up after 2 s, and it keeps
 * reconnecting in the background. Redis unreachable at start is an error that names REDIS_URL (never
 * its value, which may hold a password), so the process exits rather than run half-connected.
 */
export async function connectRedis(url: string, what: string, log: FastifyBaseLogger): Promise<RedisClient> {
  // Until the first connection, attempts every 250 ms: the wait between two is a timer nothing can
  // cancel, so after a start gives up its last one keeps the process alive at most that long. Once
  // connected, a lost connection is retried with growing pauses.
  let connected = false;
  let gaveUp = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries) => {
        if (gaveUp) return false;
        return connected ? Math.min(100 * 2 ** retries, 5000) : 250;
      },
    },
  });
  client.on('error', (err: Error) => log.error({ err: err.message }, `redis error (${what})`));
  try {
    await beforeDeadline(client.connect(), CONNECT_DEADLINE_MS, () => {
      throw new Error(
        `Redis (REDIS_URL) did not answer within ${CONNECT_DEADLINE_MS / 1000} s; is it running and reachable?`,
      );
    });
  } catch (e) {
    gaveUp = true;
    client.destroy();
    throw e;
  }
  connected = true;
  return client;
}

/** Closes a connection, politely if Redis answers within a second, else at once: a stop never hangs on it. */
export async function closeRedis(client: RedisClient): Promise<void> {
  await beforeDeadline(
    client.quit().then(
      () => undefined,
      () => undefined,
    ),
    1000,
    () => undefined,
  );
  if (client.isOpen) client.destroy();
}
