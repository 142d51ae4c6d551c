import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE_PATH, endpoints } from '@backoffice/shared-api/contract';
import { FIRST_SCREEN_SCRIPT_HASH } from '../src/plugins/web';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';
import { archiveOf, buildOf } from './helpers/builds';

/**
 * The page the server answers for a shell path carries what its first screen needs (plugins/web.ts):
 * a signed-in screen's session check, the shell's files, the registry and the landing remote's files
 * with their integrity; the sign-in page only its own files.
 */
describe('the page of a first screen', () => {
  let api: TestApi;
  let shellDist: string;
  let token: string;
  let version: string;

  beforeAll(async () => {
    shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-first-screen-'));
    fs.writeFileSync(
      path.join(shellDist, 'index.html'),
      '<!doctype html><html><head><title>Back Office</title><script defer="defer" src="/main.1.js"></script></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(
      path.join(shellDist, 'first-screen.json'),
      JSON.stringify({
        signIn: ['boot.js'],
        signedIn: ['boot.js', 'signed-in.js'],
        dashboard: ['boot.js', 'signed-in.js', 'charts.js'],
      }),
    );
    api = await startTestApi(BACKENDS[0]!, { env: { SHELL_DIST: shellDist } });
    token = await api.signIn();
    const build = buildOf('people', 'first-screen');
    const manifest = JSON.parse(String(build[0]!.content)) as Record<string, unknown>;
    manifest.exposes = [
      { id: 'people:Fans', name: 'Fans', path: './Fans', assets: { js: { sync: ['static/chunk.js'], async: [] } } },
    ];
    build[0]!.content = JSON.stringify(manifest);
    const uploaded = await api.call('POST', endpoints.uploadRelease.path, {
      token,
      query: { remote: 'people' },
      body: await archiveOf(build),
      headers: { 'content-type': 'application/gzip' },
    });
    version = uploaded.body.data.version;
    await api.call('POST', endpoints.promoteRelease.path, { token, body: { remote: 'people', version } });
  });

  afterAll(async () => {
    await api?.close();
    fs.rmSync(shellDist, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await api.server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const data = /<script type="application\/json" id="first-screen">(.*?)<\/script>/.exec(html)?.[1];
    const preloads = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]);
    return { res, html, data: data ? JSON.parse(data) : undefined, preloads };
  };

  it("a remote's screen: the session check, the shell's signed-in files, the registry and the remote's files with their integrity", async () => {
    const { data, preloads, html } = await page('/app/fans?page=2');
    const registry = (await api.server.app.inject({ method: 'GET', url: '/registry.json' })).json();
    const integrity = registry.remotes.people.integrity as Record<string, string>;
    const base = `/remotes/people/${version}/`;
    expect(data.reads).toEqual([`${API_BASE_PATH}${endpoints.getUserProfile.path}`]);
    expect(data.registry).toEqual(registry);
    expect(data.preloads).toEqual([
      { href: '/signed-in.js', as: 'script' },
      { href: `${base}mf-manifest.json`, as: 'fetch', integrity: integrity['mf-manifest.json'] },
      { href: `${base}remoteEntry.js`, as: 'script', integrity: integrity['remoteEntry.js'] },
      { href: `${base}static/chunk.js`, as: 'script', integrity: integrity['static/chunk.js'] },
    ]);
    // What every page needs is preloaded by the HTML itself, before the page's own script.
    expect(preloads).toEqual(['/boot.js']);
    expect(html.indexOf('id="first-screen"')).toBeLessThan(html.indexOf('src="/main.1.js"'));
  });

  it('the same at the root and on a screen of the shell; the dashboard adds its charts, and no remote', async () => {
    expect((await page('/fans')).data.preloads.map((p: { href: string }) => p.href)).toContain('/signed-in.js');
    const dashboard = (await page('/app')).data.preloads.map((p: { href: string }) => p.href);
    expect(dashboard).toEqual(['/signed-in.js', '/charts.js']);
    expect((await page('/app/setting')).data.preloads).toEqual([{ href: '/signed-in.js', as: 'script' }]);
  });

  it('the sign-in page: its own files only, no session check, no registry', async () => {
    const { data, preloads } = await page('/login');
    expect(data).toBeUndefined();
    expect(preloads).toEqual(['/boot.js']);
  });

  it("the page's inline script is the one the Content-Security-Policy allows by its hash", async () => {
    const { res, html } = await page('/app/fans');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${crypto.createHash('sha256').update(inline[0]!).digest('base64')}'`;
    expect(hash).toBe(FIRST_SCREEN_SCRIPT_HASH);
    expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' ${hash}`);
  });
});
