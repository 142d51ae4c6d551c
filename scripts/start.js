#!/usr/bin/env node
/**
 * `npm start`: rebuilds each front-end app whose sources changed since its build (saying which
 * files), publishes each rebuilt remote, then runs the API server, which also serves the shell, the
 * published remotes and their registry on one port. With no change nothing is rebuilt.
 * `--rebuild` builds and publishes everything again; `--no-serve` stops after building.
 */
const { spawn } = require('node:child_process');
const path = require('node:path');
const { APPS, buildApp, buildShellAndRemotes, whyRebuild } = require('./builds');
const { publish, ensureReleased } = require('./remotes');

const ROOT = path.resolve(__dirname, '..');

async function bringBuildsUpToDate({ rebuild }) {
  const started = Date.now();
  const apps = APPS.map((name) => ({ name, reason: rebuild ? 'asked with --rebuild' : whyRebuild(name) }));
  const current = apps.filter((a) => !a.reason).map((a) => a.name);
  if (current.length === APPS.length) {
    console.log(`Front end up to date: ${APPS.join(', ')} (sources checked in ${Date.now() - started} ms)`);
  } else if (current.length > 0) {
    console.log(`Front end: ${current.join(', ')} up to date`);
  }
  await buildShellAndRemotes(
    apps.filter((a) => a.reason),
    {
      buildShell: (reason) => buildApp('shell', reason),
      publish: (name, reason, shellBuilt) => publish(name, { reason, shellBuilt }),
    },
  );
  // A current remote build may still be missing from this releases folder (RELEASES_DIR moved).
  for (const name of current) if (name !== 'shell') ensureReleased(name);
}

async function main(args) {
  await bringBuildsUpToDate({ rebuild: args.includes('--rebuild') });
  if (args.includes('--no-serve')) return;
  const api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'apps', 'api'),
    stdio: 'inherit',
    env: process.env,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
  api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main(process.argv.slice(2)).catch((e) => {
  console.error(e.message);
  process.exit(1);
});
