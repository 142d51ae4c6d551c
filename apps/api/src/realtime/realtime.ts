import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { closeRedis, connectRedis, type RedisClient } from '../lib/redis';
import type { FastifyBaseLogger } from 'fastify';
import { serverEvents, SOCKET_PATH, SOCKET_PROTOCOL, type ServerEventMessage } from '@backoffice/shared-api/contract';
import type { AuthenticatedAdmin } from '../modules/auth/authenticate';

export interface Realtime {
  /**
   * Sends the events of a committed change to the sockets the contract says they are for (every
   * signed-in admin, or one admin's own tabs), on every API instance when Redis is configured.
   */
  publish(events: readonly ServerEventMessage[]): void;
  /** Drops the sockets of a revoked session (logout, password change), on every instance. */
  disconnectSession(sessionId: string): void;
  /** Drops every socket of an admin (deactivated), on every instance. */
  disconnectAdmin(adminId: string): void;
  /** Sockets open on this instance. */
  connections(): number;
  /**
   * Ends this instance's sockets as a lost connection (not a server's disconnect, after which a
   * client stays away): socket.io's clients reconnect by themselves, through the load balancer, to
   * an instance that is not shutting down.
   */
  drain(): void;
  /** The Redis clients of the adapter (none without REDIS_URL), for readiness and metrics. */
  redis: readonly RedisClient[];
  close(): Promise<void>;
}

const ADMINS = 'admins';
const adminRoom = (id: string) => `admin:${id}`;
const sessionRoom = (id: string) => `session:${id}`;

export interface RealtimeOptions {
  resolveToken(token: string): Promise<AuthenticatedAdmin | null>;
  allowOrigin(origin: string | undefined): boolean;
  redisUrl?: string;
  /** What this deployment's Redis keys and channels start with (REDIS_PREFIX). */
  redisPrefix: string;
  authTimeoutMs: number;
  log: FastifyBaseLogger;
}

/**
 * socket.io on the API's own port. A socket must send `authenticate` with a valid token within
 * `authTimeoutMs`, or it is dropped; only then does it join the rooms that server events go to.
 */
export async function attachRealtime(server: HttpServer, opts: RealtimeOptions): Promise<Realtime> {
  const io = new Server(server, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: {
      origin: (origin, cb) => cb(null, opts.allowOrigin(origin)),
    },
    maxHttpBufferSize: 64 * 1024,
  });

  const redisClients: RedisClient[] = [];
  if (opts.redisUrl) {
    const [pub, sub] = await Promise.all([
      connectRedis(opts.redisUrl, 'socket events', opts.log),
      connectRedis(opts.redisUrl, 'socket events', opts.log),
    ]);
    // Per deployment: two deployments on one Redis never see each other's events.
    io.adapter(createAdapter(pub, sub, { key: `${opts.redisPrefix}:socket.io` }));
    redisClients.push(pub, sub);
    opts.log.info('socket events shared through Redis');
  }
  const lastEvent = lastEventClock(redisClients[0], `${opts.redisPrefix}:last-event-at`, opts.log);
  await lastEvent.started;

  io.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => {
      socket.emit(SOCKET_PROTOCOL.unauthorized, { message: 'Authentication timed out' });
      socket.disconnect(true);
    }, opts.authTimeoutMs);
    socket.on('disconnect', () => clearTimeout(timer));
    socket.on(SOCKET_PROTOCOL.authenticate, async (payload: unknown) => {
      const token =
        payload && typeof payload === 'object' && typeof (payload as { token?: unknown }).token === 'string'
          ? (payload as { token: string }).token
          : undefined;
      const admin = token ? await opts.resolveToken(token).catch(() => null) : null;
      if (!admin) {
        socket.emit(SOCKET_PROTOCOL.unauthorized, { message: 'Invalid or expired token' });
        socket.disconnect(true);
        return;
      }
      clearTimeout(timer);
      // A token is good until it expires, and so is the socket it opened: past that it is dropped,
      // as an HTTP call with the token would be refused.
      const expiry = setTimeout(
        () => {
          socket.emit(SOCKET_PROTOCOL.unauthorized, { message: 'Session expired' });
          socket.disconnect(true);
        },
        Math.max(0, admin.expiresAt.getTime() - Date.now()),
      );
      socket.on('disconnect', () => clearTimeout(expiry));
      await socket.join([ADMINS, adminRoom(admin.id), sessionRoom(admin.sessionId)]);
      // Read once the socket is in its rooms: an event after this reaches it, one before is counted.
      const lastEventAt = await lastEvent.read();
      socket.emit(SOCKET_PROTOCOL.authenticated, {
        _id: admin.id,
        availabilityStatus: admin.availabilityStatus,
        lastEventAt,
      });
    });
  });

  return {
    publish(events) {
      if (events.length) lastEvent.mark();
      for (const { event, payload } of events) {
        const spec = serverEvents[event];
        const room = 'to' in spec && spec.to === 'self' ? adminRoom((payload as { _id: string })._id) : ADMINS;
        io.to(room).emit(spec.name, payload);
      }
    },
    disconnectSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    disconnectAdmin(adminId) {
      io.in(adminRoom(adminId)).disconnectSockets(true);
    },
    connections: () => io.engine.clientsCount,
    drain: () => io.engine.close(),
    redis: redisClients,
    async close() {
      await new Promise<void>((resolve) => {
        // io.close() also closes the HTTP server, which Fastify closes itself; only end the sockets.
        io.disconnectSockets(true);
        io.engine.close();
        resolve();
      });
      io.removeAllListeners();
      await Promise.all(redisClients.map((c) => closeRedis(c)));
    },
  };
}

/**
 * When the last event went out to any admin, on any instance (ms since the epoch): told to each
 * socket as it authenticates, so that a page whose reads are all newer knows it missed nothing
 * (shared-api client/live.ts). With Redis it is one sorted-set score that only grows (ZADD GT),
 * written on the adapter's own connection before the event is published there; without, this
 * instance's own, which is then the only one. It starts at the instance's start (nothing is known
 * of before), and a Redis that does not answer reads as now: either way a page reads again.
 */
function lastEventClock(redis: RedisClient | undefined, key: string, log: FastifyBaseLogger) {
  const MEMBER = 'last';
  let local = Date.now();
  const raise = (at: number) =>
    redis
      ? redis.zAdd(key, { score: at, value: MEMBER }, { comparison: 'GT' }).then(
          () => undefined,
          (err: Error) => log.warn({ err: err.message }, 'could not record the time of the last socket event'),
        )
      : Promise.resolve();
  return {
    started: raise(local),
    mark() {
      local = Math.max(local, Date.now());
      void raise(local);
    },
    async read(): Promise<number> {
      if (!redis) return local;
      const score = await redis.zScore(key, MEMBER).catch(() => null);
      return score === null ? Date.now() : Math.max(score, local);
    },
  };
}
