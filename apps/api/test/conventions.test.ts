import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

describe('API conventions', () => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi(BACKENDS[0]!);
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  it('answers malformed JSON with 400 and a clear message', async () => {
    const r = await api.server.app.inject({
      method: 'POST',
      url: '/api/v1/admin/signIn',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ statusCode: 400, message: 'The request body is not valid JSON' });
  });

  it('refuses a body over the size limit with 413', async () => {
    const r = await api.server.app.inject({
      method: 'POST',
      url: '/api/v1/admin/signIn',
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toBe('The request body is too large');
  });

  it('answers an unknown route with 404 in the envelope', async () => {
    const r = await api.call('GET', '/admin/nothing-here', { token });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ statusCode: 404, message: 'No route for GET /api/v1/admin/nothing-here' });
  });

  it.each([
    [{ page: '0' }, 'page', 'page must be at least 1'],
    [{ page: 'two' }, 'page', 'page must be integer'],
    [{ limit: '101' }, 'limit', 'limit must be at most 100'],
    [{ sortBy: 'password_hash' }, 'sortBy', 'sortBy has an unsupported value'],
    [{ sortOrder: 'sideways' }, 'sortOrder', 'sortOrder has an unsupported value'],
    [{ search: 'x'.repeat(101) }, 'search', 'search must be at most 100 characters'],
  ])('rejects list query %j with a message on its field', async (query, field, message) => {
    const r = await api.call('GET', '/admin/getAllFans', { token, query });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ [field]: message });
    expect(r.body.message).toBe(message);
  });

  it('treats empty query values as not given', async () => {
    const r = await api.call('GET', '/admin/getAllFans', {
      token,
      query: { page: '', limit: '', search: '', sortBy: '' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(10);
  });

  it('reports every invalid field at once', async () => {
    const r = await api.call('GET', '/admin/getAllFans', { token, query: { page: '0', limit: '0' } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors ?? {}).sort()).toEqual(['limit', 'page']);
  });

  it('sends security headers', async () => {
    const r = await api.call('GET', '/admin/getUserProfile', { token });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toBeDefined();
    expect(r.headers['strict-transport-security']).toBeDefined();
  });

  it('allows CORS only from allowed origins', async () => {
    const ok = await api.server.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/admin/signIn',
      headers: { origin: 'http://localhost:3001', 'access-control-request-method': 'POST' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    const evil = await api.server.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/admin/signIn',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('honours a configured CORS allow-list', async () => {
    const other = await startTestApi(BACKENDS[0]!, { env: { CORS_ORIGINS: 'https://admin.example.com' } });
    try {
      const ok = await other.server.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/admin/signIn',
        headers: { origin: 'https://admin.example.com', 'access-control-request-method': 'POST' },
      });
      expect(ok.headers['access-control-allow-origin']).toBe('https://admin.example.com');
      const local = await other.server.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/admin/signIn',
        headers: { origin: 'http://localhost:3001', 'access-control-request-method': 'POST' },
      });
      expect(local.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('publishes OpenAPI with every endpoint of the contract at /api/docs', async () => {
    const r = await api.server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/signIn',
        '/api/v1/admin/getAllFans',
        '/api/v1/admin/getFanDetails',
        '/api/v1/redemption/getAll',
      ]),
    );
    let ui = await api.server.app.inject({ method: 'GET', url: '/api/docs' });
    if (ui.statusCode === 302)
      ui = await api.server.app.inject({
        method: 'GET',
        url: `/api/docs/${String(ui.headers.location).replace(/^.*\//, '')}`,
      });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});
