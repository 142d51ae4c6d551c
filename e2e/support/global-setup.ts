import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Builds what is missing exactly as `npm start` does, then starts the product on a throw-away data
 * directory and a copy of the releases (the tests publish and roll back remotes).
 */
export default async function globalSetup(): Promise<void> {
  execFileSync(process.execPath, ['scripts/start.js', '--no-serve'], { cwd: ROOT, stdio: 'inherit' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-e2e-'));
  const releases = path.join(work, 'releases');
  fs.cpSync(path.join(ROOT, '.releases'), releases, { recursive: true });
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'apps', 'api'),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      RELEASES_DIR: releases,
      SEED_SCALE: '0.05',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Back office API ready')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    child.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the server exited (${code}) before it was ready:\n${out}`));
    });
  });
  const state = { baseURL: `http://localhost:${port}`, pid: child.pid, work, dataDir, releases };
  fs.writeFileSync(path.join(os.tmpdir(), 'bo-e2e-state.json'), JSON.stringify(state));
  process.env.E2E_STATE = JSON.stringify(state);
}
