import type { Database } from '../../db/database';
import { onRegistryChange, readRegistry, type RegistryState } from './registry';

/** The registry as every page load reads it, from memory while nothing has changed it. */
export interface RegistryWatch {
  read(): Promise<RegistryState[]>;
  close(): Promise<void>;
}

/**
 * Keeps the registry in this instance's memory, dropped whenever the database says it changed (the
 * table's trigger NOTIFYs on commit, whichever instance or tool wrote it). While this instance is
 * not listening (not yet connected, or the connection was lost) it reads the database every time:
 * a change it was not told of must never be served as current. A change this instance makes drops it
 * as soon as it commits, before the reply: its notification may come later.
 */
export async function watchRegistry(database: Database): Promise<RegistryWatch> {
  let held: Promise<RegistryState[]> | undefined;
  let listening = false;
  const drop = () => {
    held = undefined;
  };
  const unlisten = await database.listen('release_registry', {
    notify: drop,
    listening(on) {
      listening = on;
      drop();
    },
  });
  const ownChanges = onRegistryChange(database.db, drop);
  return {
    read() {
      if (!listening) return readRegistry(database.db);
      if (held) return held;
      // Held from before the read starts: a change committed after the read's snapshot is
      // notified after this line, and drops it.
      const reading = readRegistry(database.db);
      held = reading;
      reading.catch(() => {
        if (held === reading) held = undefined;
      });
      return reading;
    },
    async close() {
      ownChanges();
      await unlisten();
    },
  };
}
