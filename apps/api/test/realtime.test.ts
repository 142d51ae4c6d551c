import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@backoffice/shared-api/contract';
import { startTestApi, type TestApi } from './helpers/test-api';
import { hashPassword } from '../src/modules/auth/passwords';
import { TEST_ADMIN } from './helpers/constants';
import { adminSocket as authenticated, nextEvent as next, openSocket as open } from './helpers/sockets';

const REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || '';

describe('realtime', () => {
  let api: TestApi;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    api = await startTestApi('pglite', { listen: true, env: { SOCKET_AUTH_TIMEOUT_MS: '500' } });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => api?.close());

  it('delivers server events to an authenticated admin', async () => {
    const s = await authenticated(api, await api.signIn());
    sockets.push(s);
    const got = next(s, SOCKET_EVENTS.notificationCreated);
    api.server.realtime.toAdmins(SOCKET_EVENTS.notificationCreated, { _id: 'n1' });
    await expect(got).resolves.toEqual({ _id: 'n1' });
  });

  it('refuses a bad token and disconnects', async () => {
    const s = open(api);
    sockets.push(s);
    await next(s, 'connect');
    const refused = next<{ message: string }>(s, SOCKET_EVENTS.unauthorized);
    const gone = next(s, 'disconnect');
    s.emit(SOCKET_EVENTS.authenticate, { token: 'not-a-token' });
    await expect(refused).resolves.toEqual({ message: 'Invalid or expired token' });
    await gone;
  });

  it('drops a socket that does not authenticate in time, and sends it nothing meanwhile', async () => {
    const s = open(api);
    sockets.push(s);
    await next(s, 'connect');
    let leaked = false;
    s.on(SOCKET_EVENTS.notificationCreated, () => (leaked = true));
    api.server.realtime.toAdmins(SOCKET_EVENTS.notificationCreated, { _id: 'secret' });
    await next(s, 'disconnect', 3000);
    expect(leaked).toBe(false);
  });

  it('disconnects the sockets of a session that logs out', async () => {
    const token = await api.signIn();
    const s = await authenticated(api, token);
    sockets.push(s);
    const gone = next(s, 'disconnect');
    await api.call('POST', '/admin/logout', { token });
    await gone;
  });
});

// Several API instances share events through Redis when REDIS_URL is set (CI sets it).
(REDIS_URL ? describe : describe.skip)('realtime across instances (Redis adapter)', () => {
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    a = await startTestApi('pglite', { listen: true, env: { REDIS_URL } });
    b = await startTestApi('pglite', { listen: true, env: { REDIS_URL } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('an event published on one instance reaches an admin connected to another', async () => {
    const s = await authenticated(b, await b.signIn());
    try {
      const got = next(s, SOCKET_EVENTS.influencerRequestCreated);
      // let the adapter's subscription settle
      await new Promise((r) => setTimeout(r, 200));
      a.server.realtime.toAdmins(SOCKET_EVENTS.influencerRequestCreated, { _id: 'r1' });
      await expect(got).resolves.toEqual({ _id: 'r1' });
    } finally {
      s.disconnect();
    }
  });

  it("an event for one admin reaches that admin's sockets on another instance, and no other admin's", async () => {
    const signedIn = await b.call('POST', '/admin/signIn', {
      body: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword },
    });
    const adminId: string = signedIn.body.data._id;
    await b.database.db
      .insertInto('admins')
      .values({
        first_name: 'Otto',
        last_name: 'Other',
        email: 'other.redis@test.local',
        password_hash: await hashPassword('Other-Admin-Password-1'),
      })
      .execute();
    const mine = await authenticated(b, signedIn.body.data.token);
    const other = await authenticated(b, await b.signIn('other.redis@test.local', 'Other-Admin-Password-1'));
    try {
      let leaked = false;
      other.on(SOCKET_EVENTS.adminUpdated, () => (leaked = true));
      const got = next(mine, SOCKET_EVENTS.adminUpdated);
      await new Promise((r) => setTimeout(r, 200));
      a.server.realtime.toAdmin(adminId, SOCKET_EVENTS.adminUpdated, { _id: adminId });
      await expect(got).resolves.toEqual({ _id: adminId });
      // events reach a socket in the order they were published: this one follows the one above
      const marker = next(other, 'test:marker');
      a.server.realtime.toAdmins('test:marker', {});
      await marker;
      expect(leaked).toBe(false);
    } finally {
      mine.disconnect();
      other.disconnect();
    }
  });
});
