import fs from 'node:fs';
import path from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';
import { makeOwnerOnlyDir } from './data-dir';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    /** Who holds it, as it wrote itself into the lock file; null while the holder is still writing it. */
    readonly ownerPid: number | null,
  ) {
    super(
      `The data directory ${dataDir} is already in use by another process` +
        (ownerPid === null ? '. ' : ` (pid ${ownerPid}). `) +
        'Two servers writing one embedded database lose data, so this one will not start. ' +
        'Stop the other server, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function ownerOf(fd: number): number | null {
  const buf = Buffer.alloc(32);
  const n = fs.readSync(fd, buf, 0, buf.length, 0);
  const pid = Number.parseInt(buf.subarray(0, n).toString('utf8').trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * PGlite does not lock its data directory, and two processes writing one directory lose committed
 * rows (STACK-NOTES), so the server takes this lock before opening it and keeps it for its life.
 *
 * The lock is the operating system's (an open-file-description lock on Linux, flock on macOS,
 * LockFileEx on Windows), not the file's existence or the pid in it: it is released by the kernel
 * when the process ends however it ends (kill -9 included), so a restart that gets the same pid
 * (a container's pid 1) starts, and of two servers starting at once exactly one gets it. The file
 * stays on disk and is never removed: a starter that opened it just before a removal would lock a
 * file that the next starter no longer sees. The pid written into it only names the holder in the
 * refusal. A second lock on the same directory from the same process is refused too (the lock
 * belongs to the open file, not to the process).
 */
export function lockDataDir(dataDir: string): () => void {
  makeOwnerOnlyDir(dataDir);
  const file = path.join(dataDir, 'server.lock');
  // Opened without truncating: until the lock is ours, the pid in it is the holder's.
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
  try {
    let locked: boolean;
    try {
      locked = tryLock(fd);
    } catch (e) {
      throw new Error(
        `Could not lock the data directory ${dataDir} (${(e as NodeJS.ErrnoException).code ?? String(e)}): ` +
          'its file system does not take locks. Put DATA_DIR on a local disk.',
      );
    }
    if (!locked) throw new DataDirLockedError(dataDir, ownerOf(fd));
    fs.ftruncateSync(fd, 0);
    fs.writeSync(fd, `${process.pid}\n`, 0);
  } catch (e) {
    fs.closeSync(fd); // closing the file releases a lock taken on it
    throw e;
  }
  // The descriptor stays open, and so the lock held, until release or the end of the process.
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      fs.ftruncateSync(fd, 0); // a pid left behind would name a process that no longer holds it
      unlock(fd);
    } finally {
      fs.closeSync(fd);
    }
  };
}
