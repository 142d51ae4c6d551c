import { authApi, SESSION_RECHECK_MS } from './auth-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, resetClient, signIn, stubHttp } from '../testing';

const ok = (data?: unknown) => ({ status: 200, data: { statusCode: 200, message: 'OK', data } });

describe('authApi', () => {
  let ctx: ReturnType<typeof resetClient>;
  beforeEach(() => {
    ctx = resetClient();
  });
  afterEach(() => ctx.restore());

  it('signIn stores the admin and token on 200', async () => {
    const requests = stubHttp(() => ok(ADMIN));
    const reply = await authApi.signIn({ email: ADMIN.email, password: 'secret-pw' });
    expect(reply.statusCode).toBe(200);
    expect(requests[0]).toMatchObject({ method: 'post', url: '/admin/signIn' });
    expect(session.getState().auth).toEqual({ user: ADMIN, authStatus: 'succeeded' });
    expect(localStorage.getItem('_itoken')).toBe(ADMIN.token);
  });

  it('signIn marks the attempt failed, and returns the server reply, on an error', async () => {
    stubHttp(() => ({ status: 401, data: { statusCode: 401, message: 'Invalid email or password' } }));
    const reply = await authApi.signIn({ email: ADMIN.email, password: 'wrong' });
    expect(reply).toEqual({ statusCode: 401, message: 'Invalid email or password' });
    expect(session.getState().auth).toEqual({ user: null, authStatus: 'failed' });
    expect(ctx.toasts).toEqual([]);
  });

  describe('with a second factor', () => {
    const challenge = {
      secondFactorRequired: true,
      challenge: 'a.signed.challenge',
      expiresAt: '2030-01-01T00:05:00.000Z',
    };

    it('signIn hands the challenge back and signs nobody in', async () => {
      stubHttp(() => ok(challenge));
      const reply = await authApi.signIn({ email: ADMIN.email, password: 'secret-pw' });
      expect(reply.data).toEqual(challenge);
      expect(session.getState().auth).toEqual({ user: null, authStatus: 'idle' });
      expect(localStorage.getItem('_itoken')).toBeNull();
    });

    it('verifySecondFactor sends the challenge and the code, and signs in on 200', async () => {
      const requests = stubHttp(() => ok(ADMIN));
      const reply = await authApi.verifySecondFactor({ challenge: challenge.challenge, code: '123456' });
      expect(reply.statusCode).toBe(200);
      expect(requests[0]).toMatchObject({ method: 'post', url: '/admin/verifySecondFactor' });
      expect(JSON.parse(requests[0]!.data as string)).toEqual({ challenge: challenge.challenge, code: '123456' });
      expect(session.getState().auth).toEqual({ user: ADMIN, authStatus: 'succeeded' });
      expect(localStorage.getItem('_itoken')).toBe(ADMIN.token);
    });

    it('verifySecondFactor returns a refusal as it is, and signs nobody in', async () => {
      const refusal = {
        statusCode: 400,
        message: 'That code is not right.',
        errors: { code: 'That code is not right.' },
      };
      stubHttp(() => ({ status: 400, data: refusal }));
      await expect(authApi.verifySecondFactor({ challenge: challenge.challenge, code: '000000' })).resolves.toEqual(
        refusal,
      );
      expect(session.getState().auth).toEqual({ user: null, authStatus: 'failed' });
    });
  });

  describe('verifySession', () => {
    it('is false without asking the server when nobody is signed in', async () => {
      const requests = stubHttp(() => ok());
      await expect(authApi.verifySession()).resolves.toBe(false);
      expect(requests).toHaveLength(0);
    });

    it('updates the stored names and availability on 200', async () => {
      signIn();
      const requests = stubHttp(() =>
        ok({ ...ADMIN, token: undefined, firstName: 'Grace', lastName: 'Hopper', availabilityStatus: '1' }),
      );
      await expect(authApi.verifySession()).resolves.toBe(true);
      expect(requests[0]).toMatchObject({ method: 'get', url: '/admin/getUserProfile' });
      expect(session.getState().auth.user).toMatchObject({
        firstName: 'Grace',
        lastName: 'Hopper',
        availabilityStatus: '1',
        token: ADMIN.token,
      });
    });

    it("logs out with the server's message on a non-200 reply, once", async () => {
      signIn();
      const message = 'Your session is invalid or has expired. Please sign in again.';
      stubHttp(() => ({ status: 401, data: { statusCode: 401, message } }));
      await expect(authApi.verifySession()).resolves.toBe(false);
      expect(session.getState().auth.user).toBeNull();
      expect(localStorage.getItem('_itoken')).toBeNull();
      expect(ctx.toasts).toEqual([['info', message]]);
    });

    it('logs out when there is no reply at all, asked twice a second apart', async () => {
      jest.useFakeTimers();
      try {
        signIn();
        const requests = stubHttp(() => 'network-error');
        const verified = authApi.verifySession();
        await jest.advanceTimersByTimeAsync(SESSION_RECHECK_MS - 1);
        expect(requests).toHaveLength(1);
        expect(session.getState().auth.user).not.toBeNull();
        await jest.advanceTimersByTimeAsync(1);
        await expect(verified).resolves.toBe(false);
        expect(requests).toHaveLength(2);
        expect(session.getState().auth.user).toBeNull();
        expect(ctx.toasts).toEqual([['info', 'Network error']]);
      } finally {
        jest.useRealTimers();
      }
    });

    it('keeps the session when the first asking got no reply and the second did (a blip)', async () => {
      jest.useFakeTimers();
      try {
        signIn();
        let calls = 0;
        stubHttp(() => (++calls === 1 ? 'network-error' : ok({ ...ADMIN, token: undefined })));
        const verified = authApi.verifySession();
        await jest.advanceTimersByTimeAsync(SESSION_RECHECK_MS);
        await expect(verified).resolves.toBe(true);
        expect(session.getState().auth.user).toMatchObject({ token: ADMIN.token });
      } finally {
        jest.useRealTimers();
      }
    });

    it('keeps the session of a page being left: its aborted check is no answer from the server', async () => {
      jest.useFakeTimers();
      try {
        signIn();
        const requests = stubHttp(() => 'network-error');
        let settled = false;
        void authApi.verifySession().then(() => (settled = true));
        // A reload: the old document goes (pagehide) while its check is on its way.
        window.dispatchEvent(new Event('pagehide'));
        await jest.advanceTimersByTimeAsync(10 * SESSION_RECHECK_MS);
        expect(settled).toBe(false);
        expect(requests).toHaveLength(1);
        expect(session.getState().auth.user).not.toBeNull();
        expect(localStorage.getItem('_itoken')).toBe(ADMIN.token);
        // Restored from the back-forward cache instead: the check goes on.
        window.dispatchEvent(new Event('pageshow'));
        await jest.advanceTimersByTimeAsync(0);
        expect(requests).toHaveLength(2);
      } finally {
        jest.useRealTimers();
      }
    });
  });

  it('changePassword stores the fresh token on 200', async () => {
    signIn();
    const requests = stubHttp(() => ok({ token: 'token-2', expiresAt: '2031-01-01T00:00:00.000Z' }));
    const reply = await authApi.changePassword({ oldPassword: 'old-secret', newPassword: 'new-secret-1' });
    expect(reply.statusCode).toBe(200);
    expect(requests[0]).toMatchObject({ method: 'patch', url: '/admin/changePassword' });
    expect(localStorage.getItem('_itoken')).toBe('token-2');
    expect(session.getState().auth.user?.token).toBe('token-2');
  });

  it("signIn keeps the server's word that the password must be changed first", async () => {
    stubHttp(() => ok({ ...ADMIN, passwordChangeRequired: true }));
    await authApi.signIn({ email: ADMIN.email, password: 'ChangeMe-Admin-2026' });
    expect(session.getState().auth.user?.passwordChangeRequired).toBe(true);
  });

  it('changePassword ends a forced change: the fresh token is a normal session', async () => {
    signIn({ ...ADMIN, passwordChangeRequired: true });
    stubHttp(() => ok({ token: 'token-2', expiresAt: '2031-01-01T00:00:00.000Z' }));
    await authApi.changePassword({ oldPassword: 'ChangeMe-Admin-2026', newPassword: 'new-secret-1' });
    expect(session.getState().auth.user).toMatchObject({ token: 'token-2', passwordChangeRequired: false });
    expect(JSON.parse(localStorage.getItem('root')!).auth.user.passwordChangeRequired).toBe(false);
  });

  it('changePassword leaves a forced change pending when the server refuses the new password', async () => {
    signIn({ ...ADMIN, passwordChangeRequired: true });
    const message = 'Choose a password of your own, not the documented default.';
    stubHttp(() => ({ status: 400, data: { statusCode: 400, message } }));
    const reply = await authApi.changePassword({ oldPassword: 'x', newPassword: 'ChangeMe-Admin-2026' });
    expect(reply.message).toBe(message);
    expect(session.getState().auth.user).toMatchObject({ token: ADMIN.token, passwordChangeRequired: true });
  });

  it('changePassword leaves the session as it was on an error', async () => {
    signIn();
    stubHttp(() => ({ status: 400, data: { statusCode: 400, message: 'Current password is incorrect' } }));
    const reply = await authApi.changePassword({ oldPassword: 'nope', newPassword: 'new-secret-1' });
    expect(reply.message).toBe('Current password is incorrect');
    expect(localStorage.getItem('_itoken')).toBe(ADMIN.token);
  });

  it('logout calls the server and ends the session whatever it answers', async () => {
    signIn();
    const requests = stubHttp(() => ({ status: 500, data: { statusCode: 500, message: 'down' } }));
    await authApi.logout();
    expect(requests[0]).toMatchObject({ method: 'post', url: '/admin/logout' });
    expect(requests[0]!.headers.get('Authorization')).toBe(`Bearer ${ADMIN.token}`);
    expect(session.getState().auth.user).toBeNull();
    expect(localStorage.getItem('_itoken')).toBeNull();
    expect(ctx.toasts).toEqual([['info', 'Logout Successfully!']]);
  });

  it('sends the password reset calls to their paths', async () => {
    const requests = stubHttp(() => ok());
    await authApi.forgotPassword({ email: 'a@b.c' });
    await authApi.verifyResetPasswordToken('tok_123');
    await authApi.resetPassword({ token: 'tok_123', password: 'new-secret-1' });
    expect(requests.map((r) => [r.method, r.url, r.params])).toEqual([
      ['post', '/admin/forgotPassword', undefined],
      ['get', '/admin/verifyResetPasswordToken', { token: 'tok_123' }],
      ['post', '/admin/resetPassword', undefined],
    ]);
  });
});
