import crypto from 'node:crypto';
import { beforeDeadline } from './deadline';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimitSetting {
  /** Attempts allowed in one window. */
  points: number;
  durationSeconds: number;
}

/** What a shared limit needs of a Redis client (node-redis v4+, as the socket adapter uses). */
export type RedisStore = object;

export interface Attempt {
  /** 0 when the attempt may go ahead; otherwise the seconds until the key may try again. */
  wait: number;
  /** This attempt is the one that used up the budget (for recording one lockout, not every refusal). */
  lockedOutNow: boolean;
}

/**
 * One limit (rate-limiter-flexible): in this process's memory, or in Redis when the server has one,
 * so that every API instance draws from the same budget. `take` counts the attempt atomically
 * *before* the work it guards, so attempts already in flight cannot slip past the count. If Redis
 * stops answering, the limit carries on in memory rather than failing open or failing every request.
 */
/** The longest a limit waits on Redis before it counts in this process's memory instead. */
export const REDIS_WAIT_MS = 500;

export class Limiter {
  private readonly store: RateLimiterAbstract;
  private readonly memory: RateLimiterMemory;

  constructor(
    readonly name: string,
    readonly setting: LimitSetting,
    opts: { redis?: RedisStore; keyPrefix?: string } = {},
  ) {
    const common = {
      points: setting.points,
      duration: setting.durationSeconds,
      keyPrefix: `${opts.keyPrefix ?? 'backoffice:limits'}:${name}`,
    };
    const memory = new RateLimiterMemory(common);
    this.memory = memory;
    this.store = opts.redis
      ? new RateLimiterRedis({
          ...common,
          storeClient: opts.redis,
          useRedisPackage: true,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
  }

  async take(key: string): Promise<Attempt> {
    try {
      // A Redis that is connected but silent must not hold a sign-in: past the wait, memory counts.
      await beforeDeadline(this.store.consume(keyOf(key)), REDIS_WAIT_MS, () => this.memory.consume(keyOf(key)));
      return { wait: 0, lockedOutNow: false };
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      return {
        wait: Math.max(1, Math.ceil(e.msBeforeNext / 1000)),
        lockedOutNow: e.consumedPoints === this.setting.points + 1,
      };
    }
  }

  /** Forgets the key's attempts (a success proves the one who tried knew the secret). */
  async clear(key: string): Promise<void> {
    await this.memory.delete(keyOf(key));
    if (this.store !== this.memory)
      await beforeDeadline(
        this.store.delete(keyOf(key)).catch(() => false),
        REDIS_WAIT_MS,
        () => false,
      );
  }

  /** Gives one attempt back (a success on a limit shared by many accounts, such as an address's). */
  async giveBack(key: string): Promise<void> {
    await beforeDeadline(
      this.store.reward(keyOf(key), 1).then(() => undefined),
      REDIS_WAIT_MS,
      () => undefined,
    ).catch(() => undefined);
  }
}

/** Keys hold emails and addresses; Redis keeps only their hashes. */
const keyOf = (key: string) => crypto.createHash('sha256').update(key).digest('base64url');
