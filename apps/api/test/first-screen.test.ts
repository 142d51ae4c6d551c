import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { API_BASE_PATH, REMEMBERED_READS_KEY, TOKEN_KEY, endpoints } from '@backoffice/shared-api/contract';
import { FIRST_SCREEN_SCRIPT, FIRST_SCREEN_SCRIPT_HASH } from '../src/plugins/web';
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
      '<!doctype html><html><head><title>Back Office</title><link rel="stylesheet" href="/antd.1.css" /><script defer="defer" src="/main.1.js"></script></head><body><div id="root"></div></body></html>',
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
    // Above the stylesheet: an inline script waits for the styles before it, and the session check with it.
    expect(html.indexOf(FIRST_SCREEN_SCRIPT)).toBeGreaterThan(html.indexOf('id="first-screen"'));
    expect(html.indexOf(FIRST_SCREEN_SCRIPT)).toBeLessThan(html.indexOf('rel="stylesheet"'));
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

  /** Runs the page's inline script as a browser would, over `stored` (localStorage) at `address`. */
  const runInlineScript = (pageData: unknown, stored: Record<string, string>, address: string) => {
    const fetched: { url: string; authorization: string }[] = [];
    const preloaded: string[] = [];
    const window: Record<string, unknown> = {};
    const [pathname, search = ''] = address.split('?');
    vm.runInNewContext(FIRST_SCREEN_SCRIPT, {
      window,
      location: { pathname, search: search ? `?${search}` : '' },
      localStorage: { getItem: (k: string) => stored[k] ?? null },
      document: {
        getElementById: () => ({ textContent: JSON.stringify(pageData) }),
        createElement: () => ({}),
        head: { appendChild: (link: { href: string }) => preloaded.push(link.href) },
      },
      fetch: (url: string, init: { headers: Record<string, string> }) => {
        fetched.push({ url, authorization: init.headers.Authorization! });
        return new Promise(() => undefined);
      },
    });
    return { fetched, preloaded, reads: Object.keys((window.__earlyReads as object) ?? {}) };
  };

  it("the page's inline script starts the session check and the read this browser made here last time, with the HTML", async () => {
    const { data } = await page('/app/fans?page=2');
    const fansRead = `${API_BASE_PATH}${endpoints.getAllFans.path}?limit=10&page=2`;
    const stored = {
      [TOKEN_KEY]: 'tok-1',
      [REMEMBERED_READS_KEY]: JSON.stringify({ '/app/fans?page=2': fansRead, '/app/influencers': 'elsewhere' }),
    };
    const here = runInlineScript(data, stored, '/app/fans?page=2');
    expect(here.fetched).toEqual([
      { url: `${API_BASE_PATH}${endpoints.getUserProfile.path}`, authorization: 'Bearer tok-1' },
      { url: fansRead, authorization: 'Bearer tok-1' },
    ]);
    expect(here.reads).toEqual(here.fetched.map((f) => f.url));
    expect(here.preloaded).toEqual(data.preloads.map((p: { href: string }) => p.href));
    // Another address reads what it read; the token never goes to a URL outside the API.
    expect(runInlineScript(data, stored, '/app/fans').fetched.map((f) => f.url)).toEqual([
      `${API_BASE_PATH}${endpoints.getUserProfile.path}`,
    ]);
    // As this version stores it: the URL beside the list's endpoint and query (earlyReads.ts).
    const asObject = {
      ...stored,
      [REMEMBERED_READS_KEY]: JSON.stringify({
        '/app/fans?page=2': { url: fansRead, list: { endpoint: 'getAllFans', query: { page: 2, limit: 10 } } },
      }),
    };
    expect(runInlineScript(data, asObject, '/app/fans?page=2').fetched.map((f) => f.url)).toEqual([
      `${API_BASE_PATH}${endpoints.getUserProfile.path}`,
      fansRead,
    ]);
    const tampered = {
      ...stored,
      [REMEMBERED_READS_KEY]: JSON.stringify({
        '/app/influencers': 'https://evil.example/x',
        '/app/fans': { url: 'https://evil.example/y' },
      }),
    };
    expect(runInlineScript(data, tampered, '/app/influencers').fetched).toHaveLength(1);
    expect(runInlineScript(data, tampered, '/app/fans').fetched).toHaveLength(1);
    // Without a stored session it starts nothing; a broken store of reads costs only the read.
    expect(runInlineScript(data, {}, '/app/fans').fetched).toEqual([]);
    const broken = { [TOKEN_KEY]: 'tok-1', [REMEMBERED_READS_KEY]: '{not json' };
    expect(runInlineScript(data, broken, '/app/fans').fetched.map((f) => f.url)).toEqual([
      `${API_BASE_PATH}${endpoints.getUserProfile.path}`,
    ]);
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
