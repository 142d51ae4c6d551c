import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { endpoints } from '@backoffice/shared-api/contract';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';
import { buildOf } from './helpers/builds';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const run = promisify(execFile);

/** `npm run remotes -- …` as a team's CI runs it: a process with nothing of the server but its URL and a token. */
async function remotes(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout } = await run(process.execPath, ['scripts/remotes.js', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, out: stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

describe('the release command of a remote team (scripts/remotes.js)', () => {
  let api: TestApi;
  let work: string;
  let flags: string[];

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-release-cli-'));
    api = await startTestApi(BACKENDS[0]!, { listen: true, env: { SHELL_DIST: path.join(work, 'no-shell') } });
    const { port } = api.server.app.server.address() as { port: number };
    const created = await api.call('POST', endpoints.createDeployToken.path, {
      token: await api.signIn(),
      body: { remote: 'people', name: 'people CI' },
    });
    flags = ['--server', `http://127.0.0.1:${port}`, '--token', created.body.data.token];
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const dist = (marker: string) => {
    const dir = path.join(work, marker);
    for (const f of buildOf('people', marker)) {
      fs.mkdirSync(path.dirname(path.join(dir, f.name)), { recursive: true });
      fs.writeFileSync(path.join(dir, f.name), f.content!);
    }
    fs.writeFileSync(path.join(dir, '.build-record.json'), '{}'); // the build's own record stays home
    return dir;
  };
  const versionIn = (out: string) => /people (\S+):/.exec(out)?.[1];

  it('uploads, promotes, stages, rolls back and lists through the API, with a deploy token', async () => {
    const one = await remotes(['upload', 'people', '--dir', dist('one'), ...flags]);
    expect(one).toMatchObject({ code: 0 });
    expect(one.out).toMatch(/people 1\.0\.0-\w+: Release uploaded \(3 files/);
    const two = await remotes(['upload', 'people', '--dir', dist('two'), ...flags]);
    const [v1, v2] = [versionIn(one.out)!, versionIn(two.out)!];
    expect((await remotes(['upload', 'people', '--dir', dist('two'), ...flags])).out).toContain('already uploaded');

    expect((await remotes(['promote', 'people', v1, ...flags])).out).toContain(`people now serves ${v1}`);
    expect((await remotes(['stage', 'people', v2, '--admins', 'a@test.local,b@test.local', ...flags])).out).toContain(
      `people ${v2} staged to a@test.local, b@test.local; others keep ${v1}`,
    );
    const listed = (await remotes(['list', ...flags])).out;
    expect(listed).toContain(`people: ${v2} (staged), ${v1} (current)`);
    expect(listed).not.toContain('payments'); // a deploy token sees its own remote only
    expect((await remotes(['rollback', 'people', ...flags])).out).toContain(`everyone serves ${v1}`);
    expect((await remotes(['promote', 'people', v2, ...flags])).code).toBe(0);
    expect((await remotes(['rollback', 'people', ...flags])).out).toContain(`everyone serves ${v1}`);
  });

  it('says why it is refused: another remote, no token, a folder that is not a build, an unknown version', async () => {
    const other = await remotes(['upload', 'payments', '--dir', dist('three'), ...flags]);
    expect(other.code).toBe(1);
    expect(other.out).toContain('refused (403): This deploy token releases another remote');
    const none = await remotes(['list', '--server', flags[1]!]);
    expect(none.out).toContain('No deploy token: pass --token or set BACKOFFICE_DEPLOY_TOKEN');
    expect((await remotes(['upload', 'people', '--dir', work, ...flags])).out).toContain('has no mf-manifest.json');
    expect((await remotes(['promote', 'people', '9.9.9-nothing', ...flags])).out).toContain(
      'refused (400): This version of the remote is not uploaded',
    );
    const env = await remotes(['list'], { BACKOFFICE_SERVER: flags[1]!, BACKOFFICE_DEPLOY_TOKEN: flags[3]! });
    expect(env.out).toMatch(/^people: /);
  });
});
