import { AUTH_MESSAGES } from '../constants/messages';
import { configureClient } from './config';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { __setHttpAdapter, apiData, apiRequest, isOk, REQUEST_TIMEOUT_MS } from './http';
import { session } from './session';
import { ADMIN, resetClient, signIn, stubHttp } from '../testing';

describe('http', () => {
  let ctx: ReturnType<typeof resetClient>;
  beforeEach(() => {
    ctx = resetClient();
  });
  afterEach(() => {
    ctx.restore();
    configureClient({ apiBaseUrl: '' });
  });

  it('sends the bearer token read from _itoken at request time, and none without one', async () => {
    const requests = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'OK', data: 1 } }));
    await apiRequest('GET', '/admin/getUserProfile');
    localStorage.setItem('_itoken', 'fresh-token');
    await apiRequest('GET', '/admin/getUserProfile');
    expect(requests[0]!.headers.get('Authorization')).toBeUndefined();
    expect(requests[1]!.headers.get('Authorization')).toBe('Bearer fresh-token');
  });

  it('uses /api/v1, or the configured base URL, read at request time', async () => {
    const requests = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'OK' } }));
    await apiRequest('GET', '/admin/getAllFans');
    configureClient({ apiBaseUrl: 'http://api.test/api/v1' });
    await apiRequest('GET', '/admin/getAllFans');
    expect(requests.map((r) => r.baseURL)).toEqual(['/api/v1', 'http://api.test/api/v1']);
  });

  it('returns an error reply as the server body, not as a thrown error', async () => {
    const body = { statusCode: 400, message: 'Invalid query', errors: { limit: 'must be <= 100' } };
    stubHttp(() => ({ status: 400, data: body }));
    await expect(apiRequest('GET', '/admin/getAllFans', { query: { limit: 500 } })).resolves.toEqual(body);
  });

  it('answers statusCode 0 "Network error" when there is no response', async () => {
    stubHttp(() => 'network-error');
    await expect(apiRequest('GET', '/admin/getAllFans')).resolves.toEqual({ statusCode: 0, message: 'Network error' });
  });

  it('answers "Unknown error" with the status when the body is not an envelope', async () => {
    stubHttp(() => ({ status: 503, data: '<html>down</html>' }));
    await expect(apiRequest('GET', '/x')).resolves.toEqual({ statusCode: 503, message: 'Unknown error' });
    // An HTML fallback page answered 200 is not a success.
    stubHttp(() => ({ status: 200, data: '<!doctype html>' }));
    const reply = await apiRequest('GET', '/x');
    expect(reply).toEqual({ statusCode: 502, message: 'Unknown error' });
    expect(isOk(reply)).toBe(false);
  });

  it('resolves with statusCode 0 when the caller aborts', async () => {
    stubHttp(() => new Promise(() => undefined));
    const controller = new AbortController();
    const pending = apiRequest('GET', '/admin/getAllFans', { signal: controller.signal });
    controller.abort();
    await expect(pending).resolves.toEqual({ statusCode: 0, message: 'Request cancelled' });
  });

  it('gives up on a request left unanswered for 60 s: "Network error", and the request is aborted', async () => {
    jest.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      stubHttp(
        (request) =>
          new Promise((_resolve, reject) => {
            signal = request.signal as AbortSignal;
            signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const pending = apiRequest('GET', '/admin/getAllFans');
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(signal!.aborted).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toEqual({ statusCode: 0, message: 'Network error' });
      expect(signal!.aborted).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('omits undefined, null and empty query values', async () => {
    const requests = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'OK' } }));
    await apiRequest('GET', '/admin/getFanDetails', {
      query: { id: 'f1', page: 1, limit: undefined, search: '', tab: null, zero: 0, no: false },
    });
    expect(requests[0]!.params).toEqual({ id: 'f1', page: 1, zero: 0, no: false });
  });

  it('sends bodies as JSON, and FormData as it is', async () => {
    const requests = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'OK' } }));
    await apiRequest('POST', '/admin/forgotPassword', { body: { email: 'a@b.c' } });
    const form = new FormData();
    form.append('file', 'x');
    await apiRequest('POST', '/upload', { body: form });
    expect(JSON.parse(requests[0]!.data as string)).toEqual({ email: 'a@b.c' });
    expect(requests[0]!.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(requests[1]!.data).toBe(form);
  });

  describe("over the browser's own XMLHttpRequest, to a real server", () => {
    // axios's XHR adapter as the page runs it (jsdom's XMLHttpRequest makes real requests, with
    // CORS), against a server on the loopback: nothing of the client is stood in for.
    type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
    let server: http.Server;
    let seen: Seen[];
    let answer: { status: number; body: string; delayMs?: number };
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, accept');
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH');
        if (req.method === 'OPTIONS') return void res.writeHead(204).end();
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
          setTimeout(
            () => res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body),
            answer.delayMs ?? 0,
          );
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
    beforeEach(() => {
      seen = [];
      __setHttpAdapter(undefined);
      configureClient({ apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1` });
    });

    it('sends the method, the query string, the JSON body and the headers, and reads the JSON reply', async () => {
      answer = { status: 200, body: JSON.stringify({ statusCode: 200, message: 'OK', data: [1] }) };
      localStorage.setItem('_itoken', 't-1');
      const reply = await apiRequest('PATCH', '/admin/changeStatus', {
        query: { id: 'a b&c', page: 2, search: '' },
        body: { status: '1' },
      });
      expect(reply).toEqual({ statusCode: 200, message: 'OK', data: [1] });
      expect(seen[0]).toMatchObject({ method: 'PATCH', url: '/api/v1/admin/changeStatus?id=a+b%26c&page=2' });
      expect(seen[0]!.body).toBe('{"status":"1"}');
      expect(seen[0]!.headers.authorization).toBe('Bearer t-1');
      expect(seen[0]!.headers['content-type']).toMatch(/^application\/json/);
      expect(seen[0]!.headers.accept).toMatch(/^application\/json/);
    });

    it('leaves a multipart body to the browser, which writes its boundary', async () => {
      answer = { status: 200, body: JSON.stringify({ statusCode: 200, message: 'OK' }) };
      const form = new FormData();
      form.append('file', 'x');
      await apiRequest('POST', '/upload', { body: form });
      expect(seen[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(seen[0]!.body).toContain('name="file"');
    });

    it('reads an error reply as the server body, and one that is not JSON as "Unknown error"', async () => {
      answer = { status: 404, body: JSON.stringify({ statusCode: 404, message: 'No fan with that id' }) };
      await expect(apiRequest('GET', '/admin/getFanDetail')).resolves.toEqual({
        statusCode: 404,
        message: 'No fan with that id',
      });
      answer = { status: 502, body: '<html>Bad gateway</html>' };
      await expect(apiRequest('GET', '/admin/getAllFans')).resolves.toEqual({
        statusCode: 502,
        message: 'Unknown error',
      });
      expect(seen[1]!.url).toBe('/api/v1/admin/getAllFans');
    });

    it('answers "Network error" when the server is unreachable, and "Request cancelled" when the caller aborts', async () => {
      configureClient({ apiBaseUrl: 'http://127.0.0.1:9/api/v1' });
      await expect(apiRequest('GET', '/admin/getAllFans')).resolves.toEqual({
        statusCode: 0,
        message: 'Network error',
      });
      configureClient({ apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1` });
      answer = { status: 200, body: '{}', delayMs: 2000 };
      const controller = new AbortController();
      const pending = apiRequest('GET', '/admin/getAllFans', { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await expect(pending).resolves.toEqual({ statusCode: 0, message: 'Request cancelled' });
    });
  });

  describe('401', () => {
    it('logs out: user cleared, token removed, toast "Logout Successfully!"', async () => {
      signIn();
      const body = { statusCode: 401, message: 'Your session is invalid or has expired. Please sign in again.' };
      stubHttp(() => ({ status: 401, data: body }));
      await expect(apiRequest('GET', '/admin/getAllFans')).resolves.toEqual(body);
      expect(session.getState().auth.user).toBeNull();
      expect(localStorage.getItem('_itoken')).toBeNull();
      expect(ctx.toasts).toEqual([['info', 'Logout Successfully!']]);
    });

    it('logs out once when parallel calls all get 401', async () => {
      signIn();
      stubHttp(() => ({ status: 401, data: { statusCode: 401, message: 'no' } }));
      await Promise.all([apiRequest('GET', '/a'), apiRequest('GET', '/b'), apiRequest('GET', '/c')]);
      expect(ctx.toasts).toHaveLength(1);
    });

    it('does not log out on a failed sign-in', async () => {
      signIn();
      stubHttp(() => ({ status: 401, data: { statusCode: 401, message: 'Invalid email or password' } }));
      const reply = await apiRequest('POST', '/admin/signIn', { body: { email: 'a@b.c', password: 'x' } });
      expect(reply.message).toBe('Invalid email or password');
      expect(session.getState().auth.user).toEqual(ADMIN);
      expect(localStorage.getItem('_itoken')).toBe(ADMIN.token);
      expect(ctx.toasts).toEqual([]);
    });

    it('does not end a newer session for a reply to a request made with an older token', async () => {
      signIn();
      let answer: (r: { status: number; data: unknown }) => void = () => undefined;
      stubHttp(() => new Promise((resolve) => (answer = resolve)));
      const pending = apiRequest('GET', '/admin/getAllFans');
      await Promise.resolve();
      await new Promise((r) => setTimeout(r, 0));
      signIn({ ...ADMIN, token: 'token-2' });
      answer({ status: 401, data: { statusCode: 401, message: 'revoked' } });
      await pending;
      expect(session.getState().auth.user?.token).toBe('token-2');
    });
  });

  describe('403 "change the default password first"', () => {
    const mustChange = { statusCode: 403, message: AUTH_MESSAGES.passwordChangeRequired };

    it('marks the session as needing a password change, and keeps it signed in', async () => {
      signIn();
      stubHttp(() => ({ status: 403, data: mustChange }));
      await expect(apiRequest('GET', '/admin/getAllFans')).resolves.toEqual(mustChange);
      expect(session.getState().auth.user).toEqual({ ...ADMIN, passwordChangeRequired: true });
      expect(localStorage.getItem('_itoken')).toBe(ADMIN.token);
      expect(JSON.parse(localStorage.getItem('root')!).auth.user.passwordChangeRequired).toBe(true);
      expect(ctx.toasts).toEqual([]);
    });

    it('leaves the session alone for any other 403', async () => {
      signIn();
      stubHttp(() => ({ status: 403, data: { statusCode: 403, message: 'Forbidden' } }));
      await apiRequest('GET', '/admin/getAllFans');
      expect(session.getState().auth.user).toEqual(ADMIN);
    });

    it('leaves a newer session alone for a reply to a request made with an older token', async () => {
      signIn();
      let answer: (r: { status: number; data: unknown }) => void = () => undefined;
      stubHttp(() => new Promise((resolve) => (answer = resolve)));
      const pending = apiRequest('GET', '/admin/getAllFans');
      await new Promise((r) => setTimeout(r, 0));
      session.updateUser({ token: 'token-2' });
      answer({ status: 403, data: mustChange });
      await pending;
      expect(session.getState().auth.user).toEqual({ ...ADMIN, token: 'token-2' });
    });
  });

  describe('403 "set up a second factor first"', () => {
    const mustEnrol = { statusCode: 403, message: AUTH_MESSAGES.secondFactorEnrollmentRequired };

    it('marks the session as needing enrolment, and keeps it signed in', async () => {
      signIn();
      stubHttp(() => ({ status: 403, data: mustEnrol }));
      await expect(apiRequest('GET', '/admin/getAllFans')).resolves.toEqual(mustEnrol);
      expect(session.getState().auth.user).toEqual({ ...ADMIN, secondFactorEnrollmentRequired: true });
      expect(localStorage.getItem('_itoken')).toBe(ADMIN.token);
      expect(JSON.parse(localStorage.getItem('root')!).auth.user.secondFactorEnrollmentRequired).toBe(true);
      expect(ctx.toasts).toEqual([]);
    });

    it('leaves a newer session alone for a reply to a request made with an older token', async () => {
      signIn();
      let answer: (r: { status: number; data: unknown }) => void = () => undefined;
      stubHttp(() => new Promise((resolve) => (answer = resolve)));
      const pending = apiRequest('GET', '/admin/getAllFans');
      await new Promise((r) => setTimeout(r, 0));
      session.updateUser({ token: 'token-2' });
      answer({ status: 403, data: mustEnrol });
      await pending;
      expect(session.getState().auth.user).toEqual({ ...ADMIN, token: 'token-2' });
    });
  });

  describe('apiData and isOk', () => {
    it('resolves to data on 200 and null otherwise', async () => {
      stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'OK', data: { a: 1 } } }));
      await expect(apiData('GET', '/x')).resolves.toEqual({ a: 1 });
      stubHttp(() => ({ status: 404, data: { statusCode: 404, message: 'Not found' } }));
      await expect(apiData('GET', '/x')).resolves.toBeNull();
      stubHttp(() => 'network-error');
      await expect(apiData('GET', '/x')).resolves.toBeNull();
    });

    it('isOk is true for statusCode 200 only', () => {
      expect(isOk({ statusCode: 200, message: 'OK' })).toBe(true);
      expect(isOk({ statusCode: 201, message: 'Created' })).toBe(false);
      expect(isOk(null)).toBe(false);
    });
  });
});
