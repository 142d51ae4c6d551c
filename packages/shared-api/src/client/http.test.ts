import { AUTH_MESSAGES } from '../constants/messages';
import { configureClient } from './config';
import { apiData, apiRequest, http, isOk } from './http';
import { session } from './session';
import { ADMIN, resetClient, signIn, stubHttp } from './test-utils';

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

  it('omits undefined, null and empty query values', async () => {
    const requests = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'OK' } }));
    await apiRequest('GET', '/admin/getFanDetails', {
      query: { id: 'f1', page: 1, limit: undefined, search: '', tab: null, zero: 0, no: false },
    });
    expect(requests[0]!.params).toEqual({ id: 'f1', page: 1, zero: 0, no: false });
  });

  it('sends bodies as JSON and leaves FormData to the browser', async () => {
    const requests = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'OK' } }));
    await apiRequest('POST', '/admin/forgotPassword', { body: { email: 'a@b.c' } });
    const form = new FormData();
    form.append('file', 'x');
    await apiRequest('POST', '/upload', { body: form });
    expect(JSON.parse(requests[0]!.data as string)).toEqual({ email: 'a@b.c' });
    expect(requests[0]!.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(requests[1]!.data).toBe(form);
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

    it('also logs out when the instance is used directly and axios rejects', async () => {
      signIn();
      stubHttp(() => ({ status: 401, data: { statusCode: 401, message: 'no' } }));
      await expect(http.get('/admin/getAllFans')).rejects.toThrow('401');
      expect(session.getState().auth.user).toBeNull();
      expect(ctx.toasts).toEqual([['info', 'Logout Successfully!']]);
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

    it('also when axios rejects (the instance used directly)', async () => {
      signIn();
      stubHttp(() => ({ status: 403, data: mustChange }));
      await expect(http.get('/admin/getAllFans')).rejects.toThrow('403');
      expect(session.getState().auth.user?.passwordChangeRequired).toBe(true);
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
