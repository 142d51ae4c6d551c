import { AUTH_MESSAGES } from '@backoffice/shared-api/contract';
import { hashResetToken } from '../src/modules/auth/tokens';
import { BACKENDS, eventually, startTestApi, type TestApi } from './helpers/test-api';
import { TEST_ADMIN } from './helpers/constants';

const linkToken = (mail: { text: string }) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

describe.each(BACKENDS)('auth on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(backend);
  });
  afterAll(() => api?.close());

  describe('sign-in', () => {
    it('returns the logged-in admin of the spec with a working token', async () => {
      const r = await api.call('POST', '/admin/signIn', {
        body: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword },
      });
      expect(r.status).toBe(200);
      expect(r.body.statusCode).toBe(200);
      expect(r.body.data).toMatchObject({
        firstName: 'Ada',
        lastName: 'Admin',
        availabilityStatus: expect.stringMatching(/^[01]$/),
      });
      expect(r.body.data.token).toEqual(expect.any(String));
      expect(new Date(r.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now());
      const me = await api.call('GET', '/admin/getUserProfile', { token: r.body.data.token });
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ email: TEST_ADMIN.adminEmail, firstName: 'Ada', lastName: 'Admin' });
    });

    it('accepts the email in any case and with spaces around it', async () => {
      const r = await api.call('POST', '/admin/signIn', {
        body: { email: ` ${TEST_ADMIN.adminEmail.toUpperCase()}`.trim(), password: TEST_ADMIN.adminPassword },
      });
      expect(r.status).toBe(200);
    });

    it('says the same for a wrong email and a wrong password', async () => {
      const wrongPassword = await api.call('POST', '/admin/signIn', {
        body: { email: TEST_ADMIN.adminEmail, password: 'nope-nope-nope' },
        headers: { 'x-test': '1' },
      });
      const wrongEmail = await api.call('POST', '/admin/signIn', {
        body: { email: 'nobody@test.local', password: 'nope-nope-nope' },
      });
      expect(wrongPassword.status).toBe(400);
      expect(wrongEmail.status).toBe(400);
      expect(wrongPassword.body).toEqual(wrongEmail.body);
      expect(wrongPassword.body.message).toBe(AUTH_MESSAGES.invalidCredentials);
    });

    it('names each invalid field', async () => {
      const r = await api.call('POST', '/admin/signIn', { body: { email: 'not-an-email' } });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual({ email: expect.stringContaining('email'), password: 'password is required' });
    });
  });

  describe('tokens', () => {
    it.each([
      ['missing', undefined, AUTH_MESSAGES.missingToken],
      ['malformed', 'abc', AUTH_MESSAGES.invalidToken],
      ['forged', 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl', AUTH_MESSAGES.invalidToken],
    ])('refuses a %s token with 401', async (_name, token, message) => {
      const r = await api.call('GET', '/admin/getUserProfile', { token });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ statusCode: 401, message });
    });

    it('refuses an expired token', async () => {
      const short = await startTestApi(backend, { env: { TOKEN_TTL_SECONDS: '60' } });
      try {
        const token = await short.signIn();
        const realNow = Date.now;
        Date.now = () => realNow() + 61_000;
        try {
          const r = await short.call('GET', '/admin/getUserProfile', { token });
          expect(r.status).toBe(401);
        } finally {
          Date.now = realNow;
        }
      } finally {
        await short.close();
      }
    });

    it('refuses a token after logout, and only that token', async () => {
      const a = await api.signIn();
      const b = await api.signIn();
      const out = await api.call('POST', '/admin/logout', { token: a });
      expect(out.status).toBe(200);
      expect(out.body.message).toBe('Logout Successfully!');
      expect((await api.call('GET', '/admin/getUserProfile', { token: a })).status).toBe(401);
      expect((await api.call('GET', '/admin/getUserProfile', { token: b })).status).toBe(200);
    });

    it('a token signed by another server is refused', async () => {
      const other = await startTestApi(backend, { env: { AUTH_SECRET: 'x'.repeat(40) } });
      try {
        const foreign = await other.signIn();
        expect((await api.call('GET', '/admin/getUserProfile', { token: foreign })).status).toBe(401);
      } finally {
        await other.close();
      }
    });
  });

  describe('stored passwords', () => {
    it('are argon2id with 19 MiB, t=2, p=1', async () => {
      const row = await api.database.db
        .selectFrom('admins')
        .select('password_hash')
        .where('email', '=', TEST_ADMIN.adminEmail)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });
  });
});

describe.each(BACKENDS)('rate limits and password changes on %s', (backend) => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi(backend);
  });
  afterEach(() => api?.close());

  const attempt = (password: string, ip: string) =>
    api.server.app.inject({
      method: 'POST',
      url: '/api/v1/admin/signIn',
      payload: { email: TEST_ADMIN.adminEmail, password },
      remoteAddress: ip,
    });

  it('answers 429 with Retry-After after 5 failures on one account from one IP, without locking the admin out elsewhere', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-password', '10.0.0.1')).statusCode).toBe(400);
    const blocked = await attempt(TEST_ADMIN.adminPassword, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toEqual({ statusCode: 429, message: AUTH_MESSAGES.tooManyAttempts });
    // the real admin, elsewhere, still signs in
    expect((await attempt(TEST_ADMIN.adminPassword, '10.0.0.2')).statusCode).toBe(200);
  });

  it('limits one IP spraying many accounts', async () => {
    await api.close();
    api = await startTestApi(backend, { authLimits: { signInPerIp: { points: 3, durationSeconds: 60 } } });
    for (let i = 0; i < 3; i++) {
      const r = await api.server.app.inject({
        method: 'POST',
        url: '/api/v1/admin/signIn',
        payload: { email: `user${i}@x.test`, password: 'p' },
        remoteAddress: '10.0.0.9',
      });
      expect(r.statusCode).toBe(400);
    }
    const r = await api.server.app.inject({
      method: 'POST',
      url: '/api/v1/admin/signIn',
      payload: { email: 'another@x.test', password: 'p' },
      remoteAddress: '10.0.0.9',
    });
    expect(r.statusCode).toBe(429);
  });

  it('forgot-password replies the same for known and unknown emails and mails only the known one', async () => {
    const known = await api.call('POST', '/admin/forgotPassword', { body: { email: TEST_ADMIN.adminEmail } });
    const unknown = await api.call('POST', '/admin/forgotPassword', { body: { email: 'ghost@test.local' } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(AUTH_MESSAGES.forgotPassword);
    const mails = await eventually(async () => {
      const sent = await api.outbox();
      return sent.length ? sent : undefined;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(await api.outbox()).toHaveLength(1);
    expect(mails[0]!.to).toBe(TEST_ADMIN.adminEmail);
    expect(mails[0]!.html).toContain('/reset-password?token=');
  });

  it('a reset token is random, stored hashed, works once, and ends every session', async () => {
    const before = await api.signIn();
    await api.call('POST', '/admin/forgotPassword', { body: { email: TEST_ADMIN.adminEmail } });
    const mail = await eventually(async () => (await api.outbox())[0]);
    const token = linkToken(mail)!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await api.database.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).toEqual([hashResetToken(token)]);
    expect(stored[0]!.token_hash).not.toContain(token);

    expect((await api.call('GET', '/admin/verifyResetPasswordToken', { query: { token } })).status).toBe(200);
    const reset = await api.call('POST', '/admin/resetPassword', { body: { token, password: 'A-new-password-1' } });
    expect(reset.status).toBe(200);
    expect((await api.call('GET', '/admin/getUserProfile', { token: before })).status).toBe(401);
    await api.signIn(TEST_ADMIN.adminEmail, 'A-new-password-1');

    const again = await api.call('POST', '/admin/resetPassword', { body: { token, password: 'Another-password-2' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(AUTH_MESSAGES.resetTokenInvalid);
    expect((await api.call('GET', '/admin/verifyResetPasswordToken', { query: { token } })).status).toBe(400);
  });

  it('a reset token expires after 30 minutes', async () => {
    await api.call('POST', '/admin/forgotPassword', { body: { email: TEST_ADMIN.adminEmail } });
    const token = linkToken(await eventually(async () => (await api.outbox())[0]))!;
    const row = await api.database.db
      .selectFrom('password_resets')
      .select(['created_at', 'expires_at'])
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBeLessThanOrEqual(
      30 * 60 * 1000 + 1000,
    );
    // move the expiry into the past, as 30 minutes of waiting would
    await api.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const r = await api.call('POST', '/admin/resetPassword', { body: { token, password: 'A-new-password-1' } });
    expect(r.status).toBe(400);
    await api.signIn(); // the old password still works
  });

  it('refuses a weak new password on its field and changes nothing', async () => {
    await api.call('POST', '/admin/forgotPassword', { body: { email: TEST_ADMIN.adminEmail } });
    const token = linkToken(await eventually(async () => (await api.outbox())[0]))!;
    const r = await api.call('POST', '/admin/resetPassword', { body: { token, password: 'short' } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ password: 'password must be at least 8 characters' });
    expect((await api.call('GET', '/admin/verifyResetPasswordToken', { query: { token } })).status).toBe(200);
  });

  it('change-password checks the old password, revokes every session and returns a fresh token', async () => {
    const a = await api.signIn();
    const b = await api.signIn();
    const wrong = await api.call('PATCH', '/admin/changePassword', {
      token: a,
      body: { oldPassword: 'not-it', newPassword: 'Brand-new-pass-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ oldPassword: AUTH_MESSAGES.wrongOldPassword });

    const ok = await api.call('PATCH', '/admin/changePassword', {
      token: a,
      body: { oldPassword: TEST_ADMIN.adminPassword, newPassword: 'Brand-new-pass-1' },
    });
    expect(ok.status).toBe(200);
    for (const old of [a, b]) expect((await api.call('GET', '/admin/getUserProfile', { token: old })).status).toBe(401);
    expect((await api.call('GET', '/admin/getUserProfile', { token: ok.body.data.token })).status).toBe(200);
    await expect(api.signIn()).rejects.toThrow('400');
    await api.signIn(TEST_ADMIN.adminEmail, 'Brand-new-pass-1');
  });
});
