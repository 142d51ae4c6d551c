import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { BACKUP_PATH, newBackupKey, packFolder, SERVER_FILE, whileStill } from '../db/backup';
import { fromLoopback } from './operations';

/** The copies of the database a backup streams from, in DATA_DIR: one at a time, removed when sent. */
const STAGING_PREFIX = '.backup-';

/**
 * `POST /api/operations/backup`: a backup of the embedded database, made by the server that has it
 * open (no other process may open it while the server runs). The database is copied in the data
 * directory while it is still (see whileStill: requests wait meanwhile, for about as long as the
 * disk takes to copy it), then the copy is streamed as a gzipped tar at the client's pace while the
 * server serves as usual, and removed.
 *
 * Asked for by `npm run backup` on this machine, with the key the server wrote into
 * DATA_DIR/server.json: only whoever can read the data directory, who could copy the database
 * anyway, can have one. Not METRICS_TOKEN, /metrics' guard: that is a scraper's credential, and a
 * backup holds every admin's password hash.
 */
export function registerBackup(app: FastifyInstance, opts: { database: Database; dataDir: string }): { key: string } {
  const key = newBackupKey();
  const expected = Buffer.from(`Bearer ${key}`);
  const pgdata = path.join(opts.dataDir, 'pgdata');
  // What a server stopped mid-backup left behind: this server holds the data directory's lock, so
  // no other process is making one.
  for (const name of fs.readdirSync(opts.dataDir)) {
    if (name.startsWith(STAGING_PREFIX)) fs.rmSync(path.join(opts.dataDir, name), { recursive: true, force: true });
  }

  const fromThisMachine = (req: FastifyRequest) =>
    // A request to one of this machine's own addresses, from this machine, comes from that address.
    fromLoopback(req) || (!!req.socket.remoteAddress && req.socket.remoteAddress === req.socket.localAddress);
  const keyGiven = (req: FastifyRequest) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  };

  let busy = false;
  app.post(BACKUP_PATH, { schema: { hide: true } }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!fromThisMachine(req)) {
      return reply.code(403).send({
        statusCode: 403,
        message: "Backups are made for this machine only: run npm run backup on the server's machine",
      });
    }
    if (!keyGiven(req)) {
      return reply.code(401).send({
        statusCode: 401,
        message: `Send the backup key the server wrote into DATA_DIR/${SERVER_FILE}, as npm run backup does`,
      });
    }
    if (busy) {
      return reply.code(409).send({ statusCode: 409, message: 'A backup is being made: try again once it is done' });
    }
    busy = true;
    const staging = path.join(opts.dataDir, `${STAGING_PREFIX}${crypto.randomUUID()}`);
    let cleaned = false;
    const cleanUp = () => {
      if (cleaned) return;
      cleaned = true;
      void fs.promises
        .rm(staging, { recursive: true, force: true })
        .catch((e: unknown) => req.log.warn({ err: (e as Error).message }, 'a backup copy could not be removed'))
        .finally(() => {
          busy = false;
        });
    };
    try {
      const started = Date.now();
      // FICLONE: on a file system that shares blocks between copies (btrfs, XFS, APFS) the copy is
      // nearly instant; elsewhere it is an ordinary copy.
      await whileStill(opts.database, () =>
        fs.promises.cp(pgdata, staging, { recursive: true, mode: fs.constants.COPYFILE_FICLONE }),
      );
      req.log.info({ stillMs: Date.now() - started }, 'backup: the database is copied (its requests waited meanwhile)');
    } catch (e) {
      cleanUp();
      const code = (e as NodeJS.ErrnoException).code;
      req.log.error({ err: (e as Error).message }, 'backup failed');
      return reply.code(500).send({
        statusCode: 500,
        message: `The backup could not be made${code ? ` (${code}${code === 'ENOSPC' ? ': the disk is full' : ''})` : ''}`,
      });
    }
    const archive = packFolder(staging);
    archive.once('close', cleanUp);
    // A client that goes away stops the reading of the copy.
    reply.raw.once('close', () => {
      if (!archive.readableEnded) archive.destroy();
    });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return reply
      .type('application/gzip')
      .header('Content-Disposition', `attachment; filename="backoffice-${stamp}.tar.gz"`)
      .send(archive);
  });
  return { key };
}
