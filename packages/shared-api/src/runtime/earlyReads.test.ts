import { apiRequest, readUrl } from './http';
import {
  canonicalUrl,
  EARLY_READ_TTL_MS,
  prefetchRemembered,
  rememberedRead,
  rememberFirstList,
  rememberFirstRead,
  REMEMBERED_READS_KEY,
  takeEarlyRead,
} from './earlyReads';
import { session } from './session';
import { resetClient, signIn, stubHttp } from '../testing';

const reply = (status: number, body: unknown) => Promise.resolve({ status, body: JSON.stringify(body) });

describe('reads started before the code that needs them', () => {
  let ctx: ReturnType<typeof resetClient>;
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    ctx = resetClient();
    localStorage.setItem('_itoken', 'tok-1');
  });
  afterEach(() => {
    ctx.restore();
    globalThis.fetch = realFetch;
    delete window.__earlyReads;
    jest.useRealTimers();
  });

  it("the page's session check is taken by the same GET with the same token: nothing is sent again", async () => {
    const sent = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'sent', data: 'late' } }));
    window.__earlyReads = {
      '/api/v1/admin/getUserProfile': {
        token: 'tok-1',
        reply: reply(200, { statusCode: 200, message: 'early', data: 1 }),
      },
    };
    await expect(apiRequest('GET', '/admin/getUserProfile')).resolves.toEqual({
      statusCode: 200,
      message: 'early',
      data: 1,
    });
    expect(sent).toHaveLength(0);
    // Taken once: the next call asks the server.
    await expect(apiRequest('GET', '/admin/getUserProfile')).resolves.toMatchObject({ message: 'sent' });
    expect(sent).toHaveLength(1);
  });

  it('its reply passes the same rules: a 401 sent with the current token ends the session', async () => {
    signIn();
    const token = localStorage.getItem('_itoken')!;
    expect(session.getState().auth.user).not.toBeNull();
    stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'sent' } }));
    window.__earlyReads = {
      '/api/v1/admin/getAllFans?page=1': { token, reply: reply(401, { statusCode: 401, message: 'Expired' }) },
    };
    await expect(apiRequest('GET', '/admin/getAllFans', { query: { page: 1 } })).resolves.toEqual({
      statusCode: 401,
      message: 'Expired',
    });
    expect(session.getState().auth.user).toBeNull();
  });

  it('is not taken with another token, another query, or once it is stale', async () => {
    const sent = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'sent' } }));
    const early = { statusCode: 200, message: 'early' };
    window.__earlyReads = {
      '/api/v1/admin/getUserProfile': { token: 'someone-else', reply: reply(200, early) },
      '/api/v1/admin/getAllFans?page=1': { token: 'tok-1', reply: reply(200, early) },
    };
    expect((await apiRequest('GET', '/admin/getUserProfile')).message).toBe('sent');
    expect((await apiRequest('GET', '/admin/getAllFans', { query: { page: 2 } })).message).toBe('sent');
    jest.useFakeTimers({ now: Date.now() });
    expect(takeEarlyRead('/api/v1/admin/getAllFans?page=1', 'tok-1')).toBeDefined();
    window.__earlyReads = { '/api/v1/x': { token: 'tok-1', reply: reply(200, early) } };
    expect(takeEarlyRead('/api/v1/y', 'tok-1')).toBeUndefined();
    jest.setSystemTime(Date.now() + EARLY_READ_TTL_MS + 1);
    expect(takeEarlyRead('/api/v1/x', 'tok-1')).toBeUndefined();
    expect(sent).toHaveLength(2);
  });

  it("a failed early read is sent again instead: the screen gets the server's reply", async () => {
    const sent = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'sent' } }));
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    window.__earlyReads = { '/api/v1/admin/getUserProfile': { token: 'tok-1', reply: failed } };
    expect((await apiRequest('GET', '/admin/getUserProfile')).message).toBe('sent');
    expect(sent).toHaveLength(1);
  });

  it("the router starts the read a screen made at that address last time; its query's order doesn't matter", async () => {
    const sent = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'sent' } }));
    const fetched: Array<{ url: string; auth: string | null }> = [];
    globalThis.fetch = jest.fn((url: string | URL | Request, init?: RequestInit) => {
      fetched.push({ url: String(url), auth: new Headers(init?.headers).get('Authorization') });
      return Promise.resolve(new Response(JSON.stringify({ statusCode: 200, message: 'prefetched', data: [] })));
    }) as typeof fetch;
    rememberFirstRead('/app/fans', readUrl('/admin/getAllFans', { page: 1, limit: 10, sortBy: 'createdAt' }));
    prefetchRemembered('/app/influencers');
    expect(fetched).toEqual([]);
    prefetchRemembered('/app/fans');
    expect(fetched).toEqual([
      { url: '/api/v1/admin/getAllFans?limit=10&page=1&sortBy=createdAt', auth: 'Bearer tok-1' },
    ]);
    const got = await apiRequest('GET', '/admin/getAllFans', { query: { sortBy: 'createdAt', page: 1, limit: 10 } });
    expect(got.message).toBe('prefetched');
    expect(sent).toHaveLength(0);
  });

  it("the page's script started the remembered read already: the router sends nothing, the screen takes it", async () => {
    const sent = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'sent' } }));
    globalThis.fetch = jest.fn(() => Promise.reject(new Error('sent twice'))) as typeof fetch;
    const url = readUrl('/admin/getAllFans', { page: 1, limit: 10, sortBy: 'createdAt' });
    rememberFirstRead('/app/fans', url);
    window.__earlyReads = {
      [url]: { token: 'tok-1', reply: reply(200, { statusCode: 200, message: 'from the page' }) },
    };
    prefetchRemembered('/app/fans');
    expect(globalThis.fetch).not.toHaveBeenCalled();
    const got = await apiRequest('GET', '/admin/getAllFans', { query: { page: 1, limit: 10, sortBy: 'createdAt' } });
    expect(got.message).toBe('from the page');
    expect(sent).toHaveLength(0);
  });

  it("keeps a list's endpoint and query beside its URL, and still reads a bare URL an earlier version stored", () => {
    const url = readUrl('/admin/getAllFans', { page: 1, limit: 10 });
    rememberFirstList('/app/fans', url, { endpoint: 'getAllFans', query: { page: 1, limit: 10 } });
    expect(rememberedRead('/app/fans')).toEqual({
      url: canonicalUrl(url),
      list: { endpoint: 'getAllFans', query: { page: 1, limit: 10 } },
    });
    localStorage.setItem(
      REMEMBERED_READS_KEY,
      JSON.stringify({
        '/app/fans': '/api/v1/admin/getAllFans?page=1',
        '/app/calls': { url: '/api/v1/call/getAll', list: { endpoint: 7, query: 'page=1' } },
        '/app/payouts': { list: { endpoint: 'getAllPayouts', query: {} } },
      }),
    );
    expect(rememberedRead('/app/fans')).toEqual({ url: '/api/v1/admin/getAllFans?page=1' });
    // A list that does not read as one is left out; an entry without its URL is none.
    expect(rememberedRead('/app/calls')).toEqual({ url: '/api/v1/call/getAll' });
    expect(rememberedRead('/app/payouts')).toBeUndefined();
    expect(rememberedRead('/app/none')).toBeUndefined();
  });

  it('remembers the newest addresses only, and nothing breaks on a full or broken store', () => {
    for (let i = 0; i < 50; i++) rememberFirstRead(`/app/page-${i}`, `/api/v1/x?i=${i}`);
    const kept = Object.keys(JSON.parse(localStorage.getItem(REMEMBERED_READS_KEY)!) as object);
    expect(kept).toHaveLength(40);
    expect(kept.at(-1)).toBe('/app/page-49');
    localStorage.setItem(REMEMBERED_READS_KEY, 'not json');
    expect(() => prefetchRemembered('/app/fans')).not.toThrow();
    expect(() => rememberFirstRead('/app/fans', '/api/v1/y')).not.toThrow();
  });
});
