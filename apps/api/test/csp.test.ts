import { endpoints } from '@backoffice/shared-api/contract';
import { loadConfig } from '../src/config';
import { FIRST_SCREEN_SCRIPT_HASH } from '../src/plugins/web';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';
import { archiveOf, buildOf } from './helpers/builds';

/** No remote is released on these servers: the registry has only the override origins. */
const PUBLISHED = { remotes: {} };

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
  const api = await startTestApi(BACKENDS[0]!, { env });
  try {
    await check(api);
  } finally {
    await api.close();
  }
}

const get = (api: TestApi, url: string) => api.server.app.inject({ method: 'GET', url });

describe('remotes from a CDN (ASSETS_ORIGIN)', () => {
  it('names the CDN in the CSP and in every manifest URL; integrity is the same', async () => {
    await withServer({ ASSETS_ORIGIN: 'https://cdn.example.com/' }, async (api) => {
      const directives = csp((await get(api, '/')).headers['content-security-policy']);
      expect(directives['script-src']).toEqual(["'self'", FIRST_SCREEN_SCRIPT_HASH, 'https://cdn.example.com']);
      expect(directives['connect-src']).toEqual(["'self'", 'https://cdn.example.com']);
      const token = await api.signIn();
      const uploaded = await api.call('POST', endpoints.uploadRelease.path, {
        token,
        query: { remote: 'people' },
        body: await archiveOf(buildOf('people', 'cdn')),
        headers: { 'content-type': 'application/gzip' },
      });
      const { version } = uploaded.body.data;
      await api.call('POST', endpoints.promoteRelease.path, { token, body: { remote: 'people', version } });
      const entry = (await api.call('GET', endpoints.getRemoteRegistry.path, { token })).body.data.remotes.people;
      expect(entry.manifestUrl).toBe(`https://cdn.example.com/remotes/people/${version}/mf-manifest.json`);
      expect(Object.keys(entry.integrity)).toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js']));
      expect((await get(api, '/registry.json')).json().remotes.people.manifestUrl).toBe(entry.manifestUrl);
    });
  });

  it('refuses an ASSETS_ORIGIN that is not an origin, at start', () => {
    expect(() => loadConfig({ ASSETS_ORIGIN: 'https://cdn.example.com/path; script-src *' })).toThrow(/ASSETS_ORIGIN/);
  });
});

describe('developer overrides of remotes (REMOTE_OVERRIDE_ORIGINS)', () => {
  it('are off by default: the CSP names no origin but this server, and the registry allows none', async () => {
    await withServer({}, async (api) => {
      for (const url of ['/registry.json', '/api/v1/admin/getUserProfile', '/']) {
        const header = String((await get(api, url)).headers['content-security-policy']);
        expect(header).not.toMatch(/localhost|127\.0\.0\.1|ws:|http:/);
        expect(csp(header)['script-src']).toEqual(["'self'", FIRST_SCREEN_SCRIPT_HASH]);
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
      expect(directives['script-src']).toEqual([
        "'self'",
        FIRST_SCREEN_SCRIPT_HASH,
        'http://localhost:*',
        'http://127.0.0.1:*',
      ]);
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
      expect(directives['script-src']).toEqual([
        "'self'",
        FIRST_SCREEN_SCRIPT_HASH,
        'http://localhost:3001',
        'https://dev.example.com',
      ]);
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
