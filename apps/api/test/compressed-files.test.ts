import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { endpoints } from '@backoffice/shared-api/contract';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';
import { archiveOf, buildOf } from './helpers/builds';

/**
 * What a browser downloads goes compressed when it says it takes it (plugins/web.ts,
 * modules/releases/serve.ts): the shell's files as its build compressed them, a release's files as
 * the server compressed them when it stored them; decoded, the same bytes as without.
 */
describe('compressed files', () => {
  let api: TestApi;
  let shellDist: string;
  let base: string;
  /** A script large enough to be worth compressing (and one that is not). */
  const big = `${Array.from({ length: 300 }, (_, i) => `export const value${i} = ${JSON.stringify(`text ${i}`)};`).join('\n')}\n`;
  const shellScript = `console.log(${JSON.stringify('shell '.repeat(400))});`;

  beforeAll(async () => {
    shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-compressed-'));
    fs.writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    fs.writeFileSync(path.join(shellDist, 'app.1.js'), shellScript);
    fs.writeFileSync(path.join(shellDist, 'app.1.js.br'), zlib.brotliCompressSync(shellScript));
    fs.writeFileSync(path.join(shellDist, 'app.1.js.gz'), zlib.gzipSync(shellScript));
    api = await startTestApi(BACKENDS[0]!, { env: { SHELL_DIST: shellDist } });
    const token = await api.signIn();
    const build = [
      ...buildOf('people', 'compressed'),
      { name: 'static/big.js', content: big },
      { name: 'static/later.js', content: big.replace(/value/g, 'later') },
    ];
    const uploaded = await api.call('POST', endpoints.uploadRelease.path, {
      token,
      query: { remote: 'people' },
      body: await archiveOf(build),
      headers: { 'content-type': 'application/gzip' },
    });
    expect(uploaded.status).toBe(200);
    base = `/remotes/people/${uploaded.body.data.version}/`;
  });

  afterAll(async () => {
    await api?.close();
    fs.rmSync(shellDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    api.server.app.inject({ method: 'GET', url, headers });
  const decoded = (res: Awaited<ReturnType<typeof get>>) => {
    const body = res.rawPayload;
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
    if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
    return body.toString('utf8');
  };

  it("a release's script: brotli when taken, else gzip, else as it is; the same bytes decoded", async () => {
    const plain = await get(`${base}static/big.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
    const br = await get(`${base}static/big.js`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gzip = await get(`${base}static/big.js`, { 'accept-encoding': 'gzip, deflate' });
    const refused = await get(`${base}static/big.js`, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect([br, gzip, refused].map((r) => r.headers['content-encoding'])).toEqual(['br', 'gzip', undefined]);
    for (const res of [br, gzip, refused]) {
      expect(res.statusCode).toBe(200);
      expect(decoded(res)).toBe(big);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    }
    expect(br.rawPayload.length).toBeLessThan(big.length / 3);
    expect(br.rawPayload.length).toBeLessThan(gzip.rawPayload.length);
    // Each encoding its own validator: a cache never answers one encoding's revalidation with another's.
    const etags = [plain, br, gzip].map((r) => r.headers.etag);
    expect(new Set(etags).size).toBe(3);
    const again = await get(`${base}static/big.js`, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('a file too small to gain goes as it is, whatever the browser takes', async () => {
    const res = await get(`${base}static/chunk.js`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log("compressed");');
  });

  it('a file stored without copies (before they were made) goes as it is, then compressed once they are', async () => {
    const { db } = api.database;
    const files = await db
      .selectFrom('release_versions')
      .select('files')
      .where('remote', '=', 'people')
      .executeTakeFirstOrThrow();
    const hash = (files.files as Record<string, string>)['static/later.js']!;
    await db.updateTable('release_files').set({ br: null, gzip: null }).where('hash', '=', hash).execute();
    const first = await get(`${base}static/later.js`, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.body).toBe(big.replace(/value/g, 'later'));
    let encoded = first;
    for (let i = 0; i < 50 && !encoded.headers['content-encoding']; i++) {
      await new Promise((r) => setTimeout(r, 100));
      encoded = await get(`${base}static/later.js`, { 'accept-encoding': 'br' });
    }
    expect(encoded.headers['content-encoding']).toBe('br');
    expect(decoded(encoded)).toBe(big.replace(/value/g, 'later'));
    const row = await db
      .selectFrom('release_files')
      .select(['br', 'gzip'])
      .where('hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.br?.length).toBeGreaterThan(0);
    expect(row.gzip?.length).toBeGreaterThan(0);
  });

  it("the shell's files: its build's brotli or gzip copy when taken, else the file", async () => {
    const br = await get('/app.1.js', { 'accept-encoding': 'gzip, br' });
    const gzip = await get('/app.1.js', { 'accept-encoding': 'gzip' });
    const plain = await get('/app.1.js');
    expect([br, gzip, plain].map((r) => r.headers['content-encoding'])).toEqual(['br', 'gzip', undefined]);
    for (const res of [br, gzip, plain]) expect(decoded(res)).toBe(shellScript);
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
  });
});
