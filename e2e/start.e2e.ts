import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { state } from './support/browser';

const ROOT = path.resolve(__dirname, '..');
const APPS = ['shell', 'people', 'payments', 'catalog'];

/** What each build wrote last: the file that loads it (the shell's page, each remote's entry). */
const builtAt = () =>
  APPS.map(
    (app) =>
      fs.statSync(path.join(ROOT, 'apps', app, 'dist', app === 'shell' ? 'index.html' : 'remoteEntry.js')).mtimeMs,
  );

describe('npm start', () => {
  // The global setup has just brought every build up to date, exactly as npm start does.
  it('starts again without rebuilding anything when no source changed, and says so', () => {
    const before = builtAt();
    const out = execFileSync(process.execPath, ['scripts/start.js', '--no-serve'], { cwd: ROOT, encoding: 'utf8' });
    expect(out).toMatch(/^Front end up to date: shell, people, payments, catalog \(sources checked in \d+ ms\)$/m);
    expect(out).not.toContain('Building');
    expect(builtAt()).toEqual(before);
  });

  it("does not serve a build's record of its sources to browsers", async () => {
    expect(fs.existsSync(path.join(ROOT, 'apps/shell/dist/.build-record.json'))).toBe(true);
    const reply = await fetch(`${state().baseURL}/.build-record.json`);
    expect(await reply.text()).not.toContain('"files"');
  });
});
