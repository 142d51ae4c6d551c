#!/usr/bin/env node
/**
 * `npm start`: rebuilds each front-end app whose sources changed since its build (saying which
 * files), then runs the API server, which serves the shell and releases each remote's new build
 * (RELEASE_LOCAL_BUILDS: a build it has not stored before becomes current) on one port. With no
 * change nothing is rebuilt. `--rebuild` builds everything again; `--no-serve` stops after building.
 */
const { spawn } = require('node:child_process');
const path = require('node:path');
const { APPS, buildApp, buildShellAndRemotes, whyRebuild } = require('./builds');

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
      // The server releases the remotes' builds when it starts, through its release gate.
      publish: (name, reason) => buildApp(name, reason),
    },
  );
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
