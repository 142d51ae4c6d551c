import { DEFAULT_ADMIN_PASSWORD, loadConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { DataDirLockedError } from './db/data-dir-lock';
import { seedDemo } from './seed/seed';
import { buildServer } from './server';
import { importReleasesFolder, releaseLocalBuilds } from './modules/releases/local-builds';

/**
 * `npm start`: open (and if needed create, migrate and seed) the database, serve the API and the
 * socket on one port, and close in order on SIGINT/SIGTERM so that nothing committed is lost.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`Opening the database: ${where}`);

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      memory: config.embeddedStorage === 'memory',
    });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
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
      log: (m) => console.log(m),
    });
    if (result.seeded)
      console.log(`Seeded the demo data (scale ${config.seed.scale}) in ${(result.ms / 1000).toFixed(1)} s`);
  }

  const server = await buildServer({ config, database });
  // Releases: an earlier version's releases folder, once; then this machine's remote builds.
  await importReleasesFolder(server.context, config.releasesDir);
  if (config.releaseLocalBuilds) await releaseLocalBuilds(server.context, config.appsDir);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await server.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await server.app.listen({ host: config.host, port: config.port });
  const url = `http://localhost:${config.port}`;
  console.log(
    [
      '',
      `Back office API ready at ${url}/api/v1`,
      `  API docs:  ${url}/api/docs`,
      // Never the password itself: logs are kept, shipped and read by others.
      config.seed.adminPassword === DEFAULT_ADMIN_PASSWORD
        ? `  Sign in:   ${config.seed.adminEmail} with the password in the README; you will choose your own at first sign-in`
        : `  Sign in:   ${config.seed.adminEmail} with the password set in SEED_ADMIN_PASSWORD`,
      config.smtpUrl
        ? '  Email:     sent by SMTP'
        : `  Email:     written to ${config.dataDir}/outbox (no SMTP_URL set)`,
      '',
    ].join('\n'),
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
