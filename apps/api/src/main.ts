import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrationStatus } from './db/migrations';
import { localUrl, writeServerFile } from './db/backup';
import { seedDemo } from './seed/seed';
import { buildServer } from './server';
import { importReleasesFolder, releaseLocalBuilds } from './modules/releases/local-builds';
import { logDestination } from './lib/log-destination';

/**
 * The process's own lines (opening, ready, stopping), JSON like the server's: one line, one object.
 * Written whatever LOG_LEVEL quiets (it governs the server's lines): whether and where the process
 * serves is always said.
 */
const log = pino(
  { level: ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL! : 'info' },
  logDestination(),
);

/**
 * `npm start`: open (and if needed create, migrate and seed) the database, serve the API and the
 * socket on one port, and on SIGINT/SIGTERM drain (readiness 503, requests in flight finish within
 * SHUTDOWN_GRACE_MS) and close in order, so that nothing committed is lost.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  log.info({ database: config.databaseUrl ? 'postgres' : 'embedded' }, `Opening the database: ${where}`);

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      memory: config.embeddedStorage === 'memory',
      warn: (message) => log.warn(message),
      migrate: config.migrateOnStart,
    });
    if (!config.migrateOnStart) {
      const pending = (await migrationStatus(database.db as never)).known.filter((m) => !m.executedAt);
      if (pending.length) {
        log.warn(
          { pending: pending.map((m) => m.name) },
          `MIGRATE_ON_START=false and ${pending.length} migrations are pending: run npm run migrate -- up`,
        );
      }
    }
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      log.fatal(e.message);
      process.exit(1);
    }
    throw e;
  }

  if (config.seed.enabled) {
    const result = await seedDemo(database.db, {
      scale: config.seed.scale,
      adminEmail: config.seed.adminEmail,
      adminPassword: config.seed.adminPassword,
      now: new Date(),
      databaseUrl: config.databaseUrl,
      log: (m) => log.info(m),
    });
    if (result.seeded)
      log.info(`Seeded the demo data (scale ${config.seed.scale}) in ${(result.ms / 1000).toFixed(1)} s`);
  }

  const server = await buildServer({ config, database });
  // Releases: an earlier version's releases folder, once; then this machine's remote builds.
  await importReleasesFolder(server.context, config.releasesDir);
  if (config.releaseLocalBuilds) await releaseLocalBuilds(server.context, config.appsDir);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal, graceMs: config.shutdownGraceMs }, `${signal}: draining, then closing`);
    try {
      // Ctrl-C at a terminal stops at once; a supervisor's SIGTERM gives the load balancer its delay.
      const finished = await server.drain(
        config.shutdownGraceMs,
        signal === 'SIGTERM' ? config.shutdownReadyDelayMs : 0,
      );
      await database.close();
      log.info(
        { finished },
        finished ? 'closed: every request finished' : 'closed: requests still open at the grace were cut',
      );
      process.exit(0);
    } catch (e) {
      log.error({ err: e instanceof Error ? e.message : String(e) }, 'closing failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await server.app.listen({ host: config.host, port: config.port });
  if (server.backupKey) {
    // For `npm run backup`, which finds the data directory locked by this process and asks it here.
    writeServerFile(config.dataDir, {
      pid: process.pid,
      url: localUrl(server.app.server.address() as AddressInfo),
      backupKey: server.backupKey,
    });
  }
  const url = `http://localhost:${config.port}`;
  log.info(
    {
      api: `${url}/api/v1`,
      docs: `${url}/api/docs`,
      signIn: config.seed.adminEmail,
      email: config.smtpUrl ? 'smtp' : `${config.dataDir}/outbox`,
    },
    [
      `Back office API ready at ${url}/api/v1 (API docs: ${url}/api/docs).`,
      // Never the password itself: logs are kept, shipped and read by others.
      config.seed.adminPassword === DEFAULT_ADMIN_PASSWORD
        ? `Sign in as ${config.seed.adminEmail} with the password in the README; you will choose your own at first sign-in.`
        : `Sign in as ${config.seed.adminEmail} with the password set in SEED_ADMIN_PASSWORD.`,
      config.smtpUrl ? 'Email is sent by SMTP.' : `Email is written to ${config.dataDir}/outbox (no SMTP_URL set).`,
    ].join(' '),
  );
}

main().catch((e: unknown) => {
  log.fatal(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
