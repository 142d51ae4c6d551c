import type { Socket } from 'socket.io-client';
import { READ_AT_HEADER, SOCKET_PROTOCOL, emit, serverEvents } from '@backoffice/shared-api/contract';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';
import { hashPassword } from '../src/modules/auth/passwords';
import { TEST_ADMIN } from './helpers/constants';
import { adminSocket as authenticated, nextEvent as next, openSocket as open } from './helpers/sockets';
import { roleByKey } from '../src/modules/admins/roles';

const REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || '';

describe('realtime', () => {
  let api: TestApi;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    api = await startTestApi(BACKENDS[0]!, { listen: true, env: { SOCKET_AUTH_TIMEOUT_MS: '500' } });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => api?.close());

  /** What `authenticated` says to a socket that signs in with `token`. */
  async function authenticatedWith(token: string): Promise<{ lastEventAt: number }> {
    const s = open(api);
    sockets.push(s);
    await next(s, 'connect');
    const said = next<{ lastEventAt: number }>(s, SOCKET_PROTOCOL.authenticated);
    s.emit(SOCKET_PROTOCOL.authenticate, { token });
    return said;
  }

  it('delivers server events to an authenticated admin', async () => {
    const s = await authenticated(api, await api.signIn());
    sockets.push(s);
    const got = next(s, serverEvents.discountCodeUpdated.name);
    api.server.realtime.publish([emit('discountCodeUpdated', { _id: 'n1' })]);
    await expect(got).resolves.toEqual({ _id: 'n1' });
  });

  it("publishes a change's events once it is committed, and none for a change that was refused", async () => {
    const token = await api.signIn();
    const s = await authenticated(api, token);
    sockets.push(s);
    const fan = (await api.call('GET', '/admin/getAllFans', { token, query: { limit: '1', sortBy: 'email' } })).body
      .data[0] as { _id: string; status: string };
    const flipped = fan.status === '1' ? '0' : '1';
    // What the database holds at the moment the event arrives: the committed change, never less.
    const seen: Array<{ id: string; status: string | undefined }> = [];
    s.on(serverEvents.userUpdated.name, async (p: { _id: string }) => {
      const row = await api.database.db.selectFrom('users').select('status').where('id', '=', p._id).executeTakeFirst();
      seen.push({ id: p._id, status: row?.status });
    });

    const refused = await api.call('PATCH', '/admin/changeStatus', {
      token,
      query: { id: '00000000-0000-4000-8000-000000000000', status: '0' },
    });
    expect(refused.status).toBe(404);
    const invalid = await api.call('PATCH', '/admin/changeStatus', { token, query: { id: fan._id, status: '7' } });
    expect(invalid.status).toBe(400);
    const changed = await api.call('PATCH', '/admin/changeStatus', { token, query: { id: fan._id, status: flipped } });
    expect(changed.status).toBe(200);
    for (let i = 0; i < 40 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([{ id: fan._id, status: flipped }]);
    await api.call('PATCH', '/admin/changeStatus', { token, query: { id: fan._id, status: fan.status } });
  });

  it('tells each reply when it was begun and each authenticating socket when the last event went out, so a page knows what it missed', async () => {
    const token = await api.signIn();
    const before = Date.now();
    const read = await api.call('GET', '/admin/getUserProfile', { token });
    const readAt = Number(read.headers[READ_AT_HEADER.toLowerCase()]);
    expect(readAt).toBeGreaterThanOrEqual(before);
    expect(readAt).toBeLessThanOrEqual(Date.now());
    // A remote on its own origin may read the header too.
    const preflight = await api.call('GET', '/admin/getUserProfile', {
      token,
      headers: { origin: 'http://localhost:3001' },
    });
    expect(String(preflight.headers['access-control-expose-headers'])).toContain(READ_AT_HEADER);

    const first = await authenticatedWith(token);
    expect(first.lastEventAt).toBeLessThanOrEqual(Date.now());
    const published = Date.now();
    api.server.realtime.publish([emit('discountCodeUpdated', { _id: 'n2' })]);
    const second = await authenticatedWith(token);
    expect(second.lastEventAt).toBeGreaterThanOrEqual(published);
    expect(second.lastEventAt).toBeGreaterThan(readAt - 1);
  });

  it('refuses a bad token and disconnects', async () => {
    const s = open(api);
    sockets.push(s);
    await next(s, 'connect');
    const refused = next<{ message: string }>(s, SOCKET_PROTOCOL.unauthorized);
    const gone = next(s, 'disconnect');
    s.emit(SOCKET_PROTOCOL.authenticate, { token: 'not-a-token' });
    await expect(refused).resolves.toEqual({ message: 'Invalid or expired token' });
    await gone;
  });

  it('drops a socket that does not authenticate in time, and sends it nothing meanwhile', async () => {
    const s = open(api);
    sockets.push(s);
    await next(s, 'connect');
    let leaked = false;
    s.on(serverEvents.discountCodeUpdated.name, () => (leaked = true));
    api.server.realtime.publish([emit('discountCodeUpdated', { _id: 'secret' })]);
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
    a = await startTestApi(BACKENDS[0]!, { listen: true, env: { REDIS_URL } });
    b = await startTestApi(BACKENDS[0]!, { listen: true, env: { REDIS_URL } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('an event published on one instance reaches an admin connected to another', async () => {
    const s = await authenticated(b, await b.signIn());
    try {
      const got = next(s, serverEvents.userUpdated.name);
      // let the adapter's subscription settle
      await new Promise((r) => setTimeout(r, 200));
      a.server.realtime.publish([emit('userUpdated', { _id: 'r1' })]);
      await expect(got).resolves.toEqual({ _id: 'r1' });
    } finally {
      s.disconnect();
    }
  });

  it('a socket authenticating on one instance hears of the last event another sent', async () => {
    const token = await b.signIn();
    const published = Date.now();
    a.server.realtime.publish([emit('userUpdated', { _id: 'r2' })]);
    const s = open(b);
    try {
      await next(s, 'connect');
      const said = next<{ lastEventAt: number }>(s, SOCKET_PROTOCOL.authenticated);
      s.emit(SOCKET_PROTOCOL.authenticate, { token });
      expect((await said).lastEventAt).toBeGreaterThanOrEqual(published);
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
        role_id: roleByKey(b.database.db, 'owner'),
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
      other.on(serverEvents.adminUpdated.name, () => (leaked = true));
      const got = next(mine, serverEvents.adminUpdated.name);
      await new Promise((r) => setTimeout(r, 200));
      const profile = {
        ...(await b.call('GET', '/admin/getUserProfile', { token: signedIn.body.data.token })).body.data,
      };
      expect(profile._id).toBe(adminId);
      a.server.realtime.publish([emit('adminUpdated', profile)]);
      await expect(got).resolves.toEqual(profile);
      // events reach a socket in the order they were published: this one follows the one above
      const marker = next(other, serverEvents.notificationsRead.name);
      a.server.realtime.publish([emit('notificationsRead', { unReadCount: 0 })]);
      await marker;
      expect(leaked).toBe(false);
    } finally {
      mine.disconnect();
      other.disconnect();
    }
  });
});
