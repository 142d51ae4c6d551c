import type { Socket } from 'socket.io-client';
import { AUTH_MESSAGES, SOCKET_PROTOCOL, endpoints } from '@backoffice/shared-api/contract';
import Fastify from 'fastify';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from '../src/config';
import { route } from '../src/plugins/routes';
import { hashPassword } from '../src/modules/auth/passwords';
import { signToken } from '../src/modules/auth/tokens';
import { TEST_ADMIN } from './helpers/constants';
import { nextEvent, openSocket } from './helpers/sockets';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

const REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || '';
const PUBLIC_OPERATIONS = [
  'GET /api/v1/admin/invite/verify',
  'GET /api/v1/admin/verifyResetPasswordToken',
  'POST /api/v1/admin/forgotPassword',
  'POST /api/v1/admin/invite/accept',
  'POST /api/v1/admin/resetPassword',
  'POST /api/v1/admin/signIn',
  'POST /api/v1/admin/verifySecondFactor',
];

interface Operation {
  security?: Array<Record<string, string[]>>;
}

const signInFrom = (api: TestApi, address: string, password: string, email = TEST_ADMIN.adminEmail) =>
  api.server.app.inject({
    method: 'POST',
    url: endpoints.signIn.path.startsWith('/api') ? endpoints.signIn.path : `/api/v1${endpoints.signIn.path}`,
    payload: { email, password },
    remoteAddress: address,
  });

describe.each(BACKENDS)('security (%s)', (backend) => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi(backend, { listen: true });
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  describe('every protected operation of the OpenAPI document', () => {
    const operations = () => {
      const doc = api.server.app.swagger() as { paths: Record<string, Record<string, Operation>> };
      return Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
      );
    };

    it('names a credential on all but the public ones', () => {
      const open = operations()
        .filter((o) => o.path.startsWith('/api/v1/') && !o.op.security?.length)
        .map((o) => `${o.method} ${o.path}`);
      expect(open.sort()).toEqual(PUBLIC_OPERATIONS);
    });

    it('answers 401 to a request without a credential, whatever its query or body', async () => {
      const protectedOps = operations().filter((o) => o.op.security?.length);
      expect(protectedOps.length).toBeGreaterThan(40);
      for (const { path, method } of protectedOps) {
        const attempts: Array<{ query: Record<string, string>; payload?: unknown }> = [
          { query: {} },
          // invalid on purpose: the answer must still be 401, not the schema's field messages
          { query: { page: 'x', limit: '100000', id: 'not-an-id' }, payload: { unexpected: ['?'] } },
        ];
        for (const attempt of attempts) {
          const r = await api.server.app.inject({
            method: method as 'GET',
            url: path,
            query: attempt.query,
            ...(method === 'GET' ? {} : { payload: (attempt.payload ?? {}) as object }),
          });
          expect({ op: `${method} ${path}`, status: r.statusCode }).toEqual({ op: `${method} ${path}`, status: 401 });
          expect(r.json().errors).toBeUndefined();
        }
      }
    });
  });

  describe("the marketplace's calls", () => {
    const calls = () => [
      { path: endpoints.createNotification.path, body: { description: 'from the marketplace' } },
      { path: endpoints.createInfluencerRequest.path, body: { userId: '00000000-0000-4000-8000-000000000000' } },
      {
        path: endpoints.createPayoutRequest.path,
        body: { influencerId: '00000000-0000-4000-8000-000000000000', amount: 10, payable_amount: 5 },
      },
    ];
    const counts = async () =>
      Promise.all(
        (['notifications', 'influencer_requests', 'payout_requests'] as const).map(async (t) =>
          Number(
            (
              await api.database.db
                .selectFrom(t)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );

    it('refuse an admin session with 403 and change nothing', async () => {
      const before = await counts();
      for (const { path, body } of calls()) {
        const asAdmin = await api.call('POST', path, { token, body });
        expect({ path, status: asAdmin.status, message: asAdmin.body.message }).toEqual({
          path,
          status: 403,
          message: AUTH_MESSAGES.adminSessionRefused,
        });
        // a signature sent alongside the admin's token does not make it the marketplace either
        expect((await api.call('POST', path, { token, marketplace: true, body })).status).toBe(403);
      }
      expect(await counts()).toEqual(before);
    });

    it('refuse a missing credential, or the static key alone, with 401 and change nothing', async () => {
      const before = await counts();
      for (const { path, body } of calls()) {
        expect((await api.call('POST', path, { body })).status).toBe(401);
        // the key itself in a header, as earlier releases took it: replayable, so no longer enough
        const bare = await api.call('POST', path, {
          body,
          headers: { 'x-marketplace-key': api.marketplaceKey.secret },
        });
        expect(bare.status).toBe(401);
        expect(bare.body.message).toMatch(/no longer accepted: sign the call/);
      }
      expect(await counts()).toEqual(before);
    });

    it('take a call signed with the configured key', async () => {
      const r = await api.call('POST', endpoints.createNotification.path, {
        marketplace: true,
        body: { description: 'A call was booked' },
      });
      expect(r.status).toBe(200);
    });

    it('are named in the OpenAPI document with their own security scheme', () => {
      const doc = api.server.app.swagger() as {
        components: { securitySchemes: Record<string, unknown> };
        paths: Record<string, Record<string, Operation>>;
      };
      expect(doc.components.securitySchemes.marketplaceKey).toMatchObject({
        type: 'apiKey',
        in: 'header',
        name: 'X-Marketplace-Signature',
      });
      for (const { path } of calls()) {
        expect(doc.paths[`/api/v1${path}`]?.post?.security).toEqual([{ marketplaceKey: [] }]);
      }
    });
  });

  describe('sign-in attempts sent at once', () => {
    it('of 200 wrong passwords on one account from one address, at most 5 are checked; the admin still signs in from elsewhere', async () => {
      const replies = await Promise.all(
        Array.from({ length: 200 }, () => signInFrom(api, '203.0.113.7', 'a-wrong-password')),
      );
      const statuses = replies.map((r) => r.statusCode);
      const checked = statuses.filter((s) => s === 400).length;
      expect(checked).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBe(200 - checked);
      expect((await signInFrom(api, '203.0.113.7', TEST_ADMIN.adminPassword)).statusCode).toBe(429);
      expect((await signInFrom(api, '198.51.100.2', TEST_ADMIN.adminPassword)).statusCode).toBe(200);
      const lockouts = await api.database.db
        .selectFrom('audit_log')
        .select(['after'])
        .where('action', '=', 'auth.lockedOut')
        .where('ip', '=', '203.0.113.7')
        .execute();
      // one entry when the account's budget at that address ran out, one when the address's did
      expect(lockouts.map((l) => l.after?.limit).sort()).toEqual(['account and address', 'address']);
    });
  });

  describe('change-password', () => {
    it('answers 429 after 5 wrong current passwords, even with the right one after', async () => {
      const own = await api.signIn();
      const change = (oldPassword: string) =>
        api.call('PATCH', endpoints.changePassword.path, {
          token: own,
          body: { oldPassword, newPassword: 'A-brand-new-password-1' },
        });
      for (let i = 0; i < 5; i++) expect((await change('a-wrong-password')).status).toBe(400);
      const blocked = await change(TEST_ADMIN.adminPassword);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      await expect(api.signIn()).resolves.toEqual(expect.any(String));
    });
  });
});

describe('the documented default password', () => {
  let api: TestApi;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    api = await startTestApi(BACKENDS[0]!, { listen: true });
    await api.database.db
      .updateTable('admins')
      .set({ password_hash: await hashPassword(DEFAULT_ADMIN_PASSWORD) })
      .where('email', '=', TEST_ADMIN.adminEmail)
      .execute();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await api?.close();
  });

  it('signs in to a session that may only change it', async () => {
    const r = await api.call('POST', endpoints.signIn.path, {
      body: { email: TEST_ADMIN.adminEmail, password: DEFAULT_ADMIN_PASSWORD },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.passwordChangeRequired).toBe(true);
    const limited = r.body.data.token as string;

    const fans = await api.call('GET', endpoints.getAllFans.path, { token: limited });
    expect(fans.status).toBe(403);
    expect(fans.body.message).toBe(AUTH_MESSAGES.passwordChangeRequired);
    expect((await api.call('GET', endpoints.getUserProfile.path, { token: limited })).status).toBe(200);

    const again = await api.call('PATCH', endpoints.changePassword.path, {
      token: limited,
      body: { oldPassword: DEFAULT_ADMIN_PASSWORD, newPassword: DEFAULT_ADMIN_PASSWORD },
    });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ newPassword: AUTH_MESSAGES.defaultPasswordRefused });
    const changed = await api.call('PATCH', endpoints.changePassword.path, {
      token: limited,
      body: { oldPassword: DEFAULT_ADMIN_PASSWORD, newPassword: 'My-own-password-2026' },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.body.data.token as string;
    expect((await api.call('GET', endpoints.getAllFans.path, { token: fresh })).status).toBe(200);

    const normal = await api.call('POST', endpoints.signIn.path, {
      body: { email: TEST_ADMIN.adminEmail, password: 'My-own-password-2026' },
    });
    expect(normal.body.data.passwordChangeRequired).toBe(false);
  });

  it('cannot be chosen again through a reset', async () => {
    const r = await api.call('POST', endpoints.resetPassword.path, {
      body: { token: 'A'.repeat(43), password: DEFAULT_ADMIN_PASSWORD },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(AUTH_MESSAGES.defaultPasswordRefused);
  });

  it('is never seeded on a server that listens beyond this machine', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/SEED_ADMIN_PASSWORD/);
    expect(loadConfig({ HOST: '0.0.0.0', SEED_ADMIN_PASSWORD: 'Some-own-password-1' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0', SEED: 'false' }).seed.enabled).toBe(false);
    expect(loadConfig({ HOST: '127.0.0.1' }).seed.adminPassword).toBe(DEFAULT_ADMIN_PASSWORD);
  });

  it('drops a socket when its token expires', async () => {
    const admin = await api.database.db
      .selectFrom('admins')
      .select('id')
      .where('email', '=', TEST_ADMIN.adminEmail)
      .executeTakeFirstOrThrow();
    const expires = new Date(Date.now() + 1500);
    const session = await api.database.db
      .insertInto('admin_sessions')
      .values({ admin_id: admin.id, expires_at: expires })
      .returning('id')
      .executeTakeFirstOrThrow();
    const short = await signToken(api.server.context.secret, {
      sub: admin.id,
      sid: session.id,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.ceil(expires.getTime() / 1000),
    });
    const socket = openSocket(api);
    sockets.push(socket);
    await nextEvent(socket, 'connect');
    const authenticated = nextEvent(socket, SOCKET_PROTOCOL.authenticated);
    socket.emit(SOCKET_PROTOCOL.authenticate, { token: short });
    await authenticated;
    const dropped = nextEvent(socket, 'disconnect', 5000);
    await expect(dropped).resolves.toBe('io server disconnect');
  });
});

describe('route registration', () => {
  it('refuses, at start, a protected endpoint on a server with no authenticator for it', async () => {
    const app = Fastify();
    expect(() => route(app, 'getAllFans', async () => ({ message: 'open', data: [], total: 0 }) as never)).toThrow(
      /GET \/admin\/getAllFans needs the 'admin' authenticator/,
    );
    // a public endpoint needs none
    expect(() => route(app, 'forgotPassword', async () => ({ message: 'ok' }))).not.toThrow();
    await app.close();
  });
});

describe('TRUST_PROXY', () => {
  it('refuses true, saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1/);
  });

  it('takes a hop count or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16']);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
  });

  it('with one hop, limits the client the proxy saw, not an address the client wrote', async () => {
    const api = await startTestApi(BACKENDS[0]!, {
      env: { TRUST_PROXY: '1' },
      authLimits: { signInPerAccountAndIp: { points: 2, durationSeconds: 60 } },
    });
    try {
      // the client writes its own X-Forwarded-For; the proxy appends the address it saw
      const attempt = (forged: string, password = 'a-wrong-password') =>
        api.server.app.inject({
          method: 'POST',
          url: `/api/v1${endpoints.signIn.path}`,
          payload: { email: TEST_ADMIN.adminEmail, password },
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': `${forged}, 192.0.2.44` },
        });
      expect((await attempt('1.1.1.1')).statusCode).toBe(400);
      expect((await attempt('2.2.2.2')).statusCode).toBe(400);
      // a new forged address does not buy new attempts
      expect((await attempt('3.3.3.3', TEST_ADMIN.adminPassword)).statusCode).toBe(429);
    } finally {
      await api.close();
    }
  });
});

// Several API instances share their limits through Redis when REDIS_URL is set (CI sets it).
(REDIS_URL ? describe : describe.skip)('limits shared by every instance (Redis)', () => {
  it('five wrong passwords across two instances lock the account on both', async () => {
    const prefix = `test-shared:${Date.now()}`;
    const a = await startTestApi(BACKENDS[0]!, { env: { REDIS_URL }, limitsKeyPrefix: prefix });
    const b = await startTestApi(BACKENDS[0]!, { env: { REDIS_URL }, limitsKeyPrefix: prefix });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await signInFrom(i % 2 ? b : a, '203.0.113.50', 'a-wrong-password')).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      expect((await signInFrom(a, '203.0.113.50', TEST_ADMIN.adminPassword)).statusCode).toBe(429);
      expect((await signInFrom(b, '203.0.113.50', TEST_ADMIN.adminPassword)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
