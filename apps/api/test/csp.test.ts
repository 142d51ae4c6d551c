import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

/** The published registry these servers serve, as `npm run remotes` writes it. */
const PUBLISHED = { remotes: { people: { version: '1.2.3', manifestUrl: '/remotes/people/1.2.3/mf-manifest.json' } } };

function releasesDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-csp-releases-'));
  fs.writeFileSync(path.join(dir, 'registry.json'), JSON.stringify(PUBLISHED));
  return dir;
}

/** The CSP's directives by name, each a list of sources. */
function csp(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

async function withServer(env: Record<string, string>, check: (api: TestApi) => Promise<void>): Promise<void> {
  const releases = releasesDir();
  const api = await startTestApi(BACKENDS[0]!, { env: { RELEASES_DIR: releases, ...env } });
  try {
    await check(api);
  } finally {
    await api.close();
    fs.rmSync(releases, { recursive: true, force: true });
  }
}

const get = (api: TestApi, url: string) => api.server.app.inject({ method: 'GET', url });

describe('developer overrides of remotes (REMOTE_OVERRIDE_ORIGINS)', () => {
  it('are off by default: the CSP names no origin but this server, and the registry allows none', async () => {
    await withServer({}, async (api) => {
      for (const url of ['/registry.json', '/api/v1/admin/getUserProfile', '/']) {
        const header = String((await get(api, url)).headers['content-security-policy']);
        expect(header).not.toMatch(/localhost|127\.0\.0\.1|ws:|http:/);
        expect(csp(header)['script-src']).toEqual(["'self'"]);
        expect(csp(header)['connect-src']).toEqual(["'self'"]);
      }
      const registry = await get(api, '/registry.json');
      expect(registry.json()).toEqual({ ...PUBLISHED, overrides: { origins: [] } });
      expect(registry.headers['cache-control']).toBe('no-store');
    });
  });

  it('with `localhost`, allow any port of this machine, for scripts, the manifest and the reload socket', async () => {
    await withServer({ REMOTE_OVERRIDE_ORIGINS: 'localhost' }, async (api) => {
      const directives = csp((await get(api, '/')).headers['content-security-policy']);
      expect(directives['script-src']).toEqual(["'self'", 'http://localhost:*', 'http://127.0.0.1:*']);
      expect(directives['connect-src']).toEqual([
        "'self'",
        'http://localhost:*',
        'http://127.0.0.1:*',
        'ws://localhost:*',
        'ws://127.0.0.1:*',
      ]);
      expect((await get(api, '/registry.json')).json()).toEqual({
        ...PUBLISHED,
        overrides: { origins: ['http://localhost:*', 'http://127.0.0.1:*'] },
      });
    });
  });

  it('with named origins, allow exactly those', async () => {
    await withServer({ REMOTE_OVERRIDE_ORIGINS: ' http://localhost:3001, https://Dev.Example.com/ ' }, async (api) => {
      const directives = csp((await get(api, '/')).headers['content-security-policy']);
      expect(directives['script-src']).toEqual(["'self'", 'http://localhost:3001', 'https://dev.example.com']);
      expect(directives['connect-src']).toEqual([
        "'self'",
        'http://localhost:3001',
        'https://dev.example.com',
        'ws://localhost:3001',
        'wss://dev.example.com',
      ]);
      expect((await get(api, '/registry.json')).json().overrides).toEqual({
        origins: ['http://localhost:3001', 'https://dev.example.com'],
      });
    });
  });

  it('serves the override origins even before anything is published', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-csp-empty-'));
    const api = await startTestApi(BACKENDS[0]!, {
      env: { RELEASES_DIR: empty, REMOTE_OVERRIDE_ORIGINS: 'localhost' },
    });
    try {
      expect((await get(api, '/registry.json')).json()).toEqual({
        remotes: {},
        overrides: { origins: ['http://localhost:*', 'http://127.0.0.1:*'] },
      });
    } finally {
      await api.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it.each([
    '*',
    'localhost:3001',
    'ftp://localhost:21',
    'http://localhost:3001/mf-manifest.json',
    'http://localhost:3001?x=1',
    'http://user:pass@localhost:3001',
    "http://localhost:3001 'unsafe-inline'",
    'http://localhost:3001;script-src *',
    'http://dev.example.com;script-src',
    'http://localhost:99999',
    'javascript:alert(1)',
  ])('refuse %p at start, saying what to set', (value) => {
    expect(() => loadConfig({ REMOTE_OVERRIDE_ORIGINS: value })).toThrow(
      /REMOTE_OVERRIDE_ORIGINS has ".+", which is not an http\(s\) origin/,
    );
  });

  it('take an origin as the browser writes it', () => {
    expect(
      loadConfig({ REMOTE_OVERRIDE_ORIGINS: 'http://LOCALHOST:80/,http://[::1]:3001' }).remoteOverrideOrigins,
    ).toEqual(['http://localhost', 'http://[::1]:3001']);
  });

  it('are off when the variable is empty', () => {
    expect(loadConfig({ REMOTE_OVERRIDE_ORIGINS: '' }).remoteOverrideOrigins).toEqual([]);
    expect(loadConfig({ REMOTE_OVERRIDE_ORIGINS: ' , ' }).remoteOverrideOrigins).toEqual([]);
  });
});
