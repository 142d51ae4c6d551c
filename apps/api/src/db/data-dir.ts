import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * DATA_DIR holds the embedded database (admins' password hashes, payouts), the generated signing
 * secret and the outbox of emails with password-reset links: anyone else who can read or write it
 * owns the back office. So everything in it is its owner's only (0700 folders, 0600 files).
 */
const GROUP_AND_OTHERS = 0o077;

/** `dir` as a folder only its owner can enter; the folders above it, if missing, as usual. */
export function makeOwnerOnlyDir(dir: string): void {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

export class DataDirPermissionError extends Error {
  constructor(entry: string, cause: NodeJS.ErrnoException) {
    super(
      `${entry} can be read or written by other users and could not be made its owner's only (${cause.code}). ` +
        'Everything in the data directory must belong to the user that runs the server: ' +
        'give it to that user (chown -R) or choose another DATA_DIR.',
    );
    this.name = 'DataDirPermissionError';
  }
}

/**
 * Takes group and others' access away from `dataDir` and every entry in it, and returns how many
 * entries had it. Symbolic links are neither followed nor changed (a link's own mode means nothing;
 * what it points to is not the data directory's). Run while holding the directory's lock, so that
 * nothing else creates or removes entries during the walk.
 */
export function secureDataDir(dataDir: string): number {
  let fixed = 0;
  const visit = (entry: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(entry);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    if (stat.isSymbolicLink()) return;
    if (stat.mode & GROUP_AND_OTHERS) {
      try {
        fs.chmodSync(entry, stat.mode & 0o700);
      } catch (e) {
        throw new DataDirPermissionError(entry, e as NodeJS.ErrnoException);
      }
      fixed++;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dataDir);
  return fixed;
}

type Attr = { mode?: number };
/** The parts of Emscripten's NODEFS (not in PGlite's types) where files get their modes. */
interface NodeFsOps {
  node_ops: {
    mknod?: (parent: unknown, name: string, mode: number, dev: number) => unknown;
    setattr?: (node: unknown, attr: Attr) => void;
  };
  stream_ops: { setattr?: (stream: unknown, attr: Attr) => void };
}

/**
 * PGlite's files on disk, created owner-only. PGlite's Emscripten file system creates each file and
 * then chmods it to the mode PostgreSQL asked for, 0666, past the process's umask; so the modes are
 * masked where that file system creates and chmods files (its Node backend's mknod and setattr):
 * relation files and WAL segments created while the server runs are 0600 like those there at start.
 */
export class OwnerOnlyNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly warn: (message: string) => void,
  ) {
    makeOwnerOnlyDir(dataDir);
    super(dataDir);
  }

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod) => {
        const nodefs = mod.NODEFS as unknown as NodeFsOps;
        const mknod = nodefs.node_ops?.mknod;
        const setattr = nodefs.node_ops?.setattr;
        const streamSetattr = nodefs.stream_ops?.setattr;
        if (!mknod || !setattr || !streamSetattr) {
          // A PGlite whose file system changed shape: its files stay out of reach of others
          // through the 0700 folders, and lose their own group and other bits at the next start.
          this.warn('PGlite creates its files with its own modes here; they are made owner-only at each start.');
          return;
        }
        const owned = (attr: Attr): Attr =>
          attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHERS };
        nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_AND_OTHERS, dev);
        nodefs.node_ops.setattr = (node, attr) => setattr(node, owned(attr));
        nodefs.stream_ops.setattr = (stream, attr) => streamSetattr(stream, owned(attr));
      },
    ];
    return result;
  }
}
