import crypto from 'node:crypto';
import net from 'node:net';
import { createClient } from 'redis';
import { TEST_ADMIN } from './helpers/constants';
import { startTestApi } from './helpers/test-api';

const REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || '';

/** A TCP relay to Redis that can go silent: connected, but answering nothing (a stalled Redis). */
async function stallableRelay(target: URL) {
  let silent = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (d) => !silent && upstream.write(d));
    upstream.on('data', (d) => !silent && client.write(d));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    silence: () => (silent = true),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

(REDIS_URL ? describe : describe.skip)('Redis, as an operator runs it', () => {
  it('keeps each deployment to its own keys and socket channel (REDIS_PREFIX)', async () => {
    const prefix = `bo-test-${crypto.randomBytes(4).toString('hex')}`;
    const api = await startTestApi('pglite', { env: { REDIS_URL, REDIS_PREFIX: prefix } });
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    try {
      await api.call('POST', '/admin/signIn', { body: { email: TEST_ADMIN.adminEmail, password: 'a-wrong-password' } });
      const keys = await redis.keys(`${prefix}:*`);
      expect(keys.length).toBeGreaterThan(0);
      // The sign-in limits, and when the last socket event went out (realtime.ts).
      expect(keys.filter((k) => !k.startsWith(`${prefix}:limits:`))).toEqual([`${prefix}:last-event-at`]);
      const channels = await redis.pubSubChannels(`${prefix}:socket.io*`);
      expect(channels.length).toBeGreaterThan(0);
    } finally {
      await redis.quit();
      await api.close();
    }
  });

  it('signs in promptly while Redis is connected but answers nothing', async () => {
    const relay = await stallableRelay(new URL(REDIS_URL));
    const api = await startTestApi('pglite', { env: { REDIS_URL: relay.url } });
    try {
      relay.silence();
      const reply = await api.call('POST', '/admin/signIn', {
        body: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword },
      });
      // Without the fallback this call waits on Redis forever (the test's timeout); with it, it answers.
      expect(reply.status).toBe(200);
      const ready = await api.call('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.message).toMatch(/^Not ready: redis/);
    } finally {
      await relay.close();
      await api.close().catch(() => undefined);
    }
  }, 60_000);
});

describe('Redis unreachable at start', () => {
  it('fails the start with one message naming REDIS_URL, never its value', async () => {
    // Without the deadline the start waits for Redis forever (the test's timeout).
    await expect(startTestApi('pglite', { env: { REDIS_URL: 'redis://:secret-pass@127.0.0.1:1' } })).rejects.toThrow(
      'Redis (REDIS_URL) did not answer within 5 s; is it running and reachable?',
    );
  }, 60_000);
});
