import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DB } from './db/schema';
import type { Realtime } from './realtime/realtime';
import type { RegistryWatch } from './modules/releases/registry-watch';
import type { Operations } from './plugins/operations';

/** What every area of the API is given: no globals, so tests build as many servers as they like. */
export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  secret: Buffer;
  realtime: Realtime;
  /** The remote registry, read from memory while no instance has changed it. */
  registry: RegistryWatch;
  /** Draining state and the counters a module adds to (emails, exports); email is queued with queueEmail. */
  operations: Operations;
  log: FastifyBaseLogger;
}
