import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** What a listener hears on a channel. */
export interface ListenHandlers {
  /** A committed transaction sent a notification on the channel. */
  notify(): void;
  /**
   * Whether notifications are reaching this instance. While false (the listening connection is
   * down or being made again), anything kept because "nobody said it changed" must not be trusted:
   * a change may have been missed.
   */
  listening(on: boolean): void;
}

export type Unlisten = () => Promise<void>;

const RETRY_MS = { first: 500, most: 30_000 };

/**
 * LISTEN on PostgreSQL through a connection of its own (a pooled one would be handed to other
 * queries), made again with growing pauses whenever it is lost.
 */
export function listenOnPostgres(databaseUrl: string, channel: string, on: ListenHandlers): Unlisten {
  let client: pg.Client | undefined;
  let stopped = false;
  let pause = RETRY_MS.first;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const lost = (failed: pg.Client) => {
    if (client !== failed) return;
    client = undefined;
    on.listening(false);
    failed.end().catch(() => undefined);
    if (stopped) return;
    timer = setTimeout(() => void connect(), pause);
    pause = Math.min(pause * 2, RETRY_MS.most);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (n) => {
      if (n.channel === channel) on.notify();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) {
        await next.end().catch(() => undefined);
        return;
      }
      pause = RETRY_MS.first;
      on.listening(true);
    } catch {
      lost(next);
    }
  }

  void connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}

/** LISTEN on the embedded database: one process, one connection, never lost. */
export async function listenOnPglite(pglite: PGlite, channel: string, on: ListenHandlers): Promise<Unlisten> {
  const unlisten = await pglite.listen(channel, () => on.notify());
  on.listening(true);
  return async () => {
    await unlisten().catch(() => undefined);
  };
}
