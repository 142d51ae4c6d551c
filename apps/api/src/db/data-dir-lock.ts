import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory ${dataDir} is already in use by another process (pid ${ownerPid}). ` +
        'Two servers writing one embedded database lose data, so this one will not start. ' +
        'Stop the other server, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else; it still holds the directory.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not lock its data directory, and two processes writing one directory lose committed
 * rows (STACK-NOTES), so the server takes this lock before opening it. A lock left by a process that
 * died (kill -9, crash) names a pid that no longer runs and is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener('exit', release);
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone: nothing to release
        }
      };
      process.on('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let owner = NaN;
      try {
        owner = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      } catch {
        continue; // removed between our open and read: try again
      }
      if (Number.isInteger(owner) && owner > 0 && (owner === process.pid || isAlive(owner))) {
        throw new DataDirLockedError(dataDir, owner);
      }
      try {
        fs.unlinkSync(file); // stale: its owner is gone
      } catch {
        // another starter removed it first
      }
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}; try again.`);
}
