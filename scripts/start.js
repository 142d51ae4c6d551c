#!/usr/bin/env node
/**
 * `npm start`: builds whatever is missing (the shell; each remote not yet published), then runs the
 * API server, which also serves the shell, the published remotes and their registry on one port.
 * `--rebuild` builds and publishes everything again; `--no-serve` stops after building.
 */
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { publish, readRegistry, REMOTES, RELEASES } = require('./remotes');

const ROOT = path.resolve(__dirname, '..');

function buildShellIfMissing() {
  const dir = path.join(ROOT, 'apps', 'shell');
  if (fs.existsSync(path.join(dir, 'dist', 'index.html'))) return;
  console.log('Building the shell…');
  execFileSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function publishMissingRemotes() {
  const registry = readRegistry();
  for (const name of REMOTES) {
    const entry = registry.remotes[name];
    if (entry && fs.existsSync(path.join(RELEASES, 'remotes', name, entry.version, 'mf-manifest.json'))) continue;
    publish(name);
  }
}

const args = process.argv.slice(2);
const rebuild = args.includes('--rebuild');
if (rebuild) fs.rmSync(path.join(ROOT, 'apps', 'shell', 'dist'), { recursive: true, force: true });
buildShellIfMissing();
if (rebuild) for (const name of REMOTES) publish(name);
else publishMissingRemotes();
if (args.includes('--no-serve')) process.exit(0);

const api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(ROOT, 'apps', 'api'),
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
