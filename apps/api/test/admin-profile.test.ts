import type { Socket } from 'socket.io-client';
import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  PERMISSIONS,
  PROFILE_MESSAGES,
  SOCKET_PROTOCOL,
  emit,
  serverEvents,
  endpoints,
  type AdminProfile,
  type UpdateAdminProfileBody,
} from '@backoffice/shared-api/contract';
import { hashPassword } from '../src/modules/auth/passwords';
import { TEST_ADMIN } from './helpers/constants';
import { adminSocket, collectEvents, nextEvent, openSocket } from './helpers/sockets';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';
import { roleByKey } from '../src/modules/admins/roles';

const OTHER_ADMIN = { email: 'other.admin@test.local', password: 'Other-Admin-Password-1' };
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe.each(BACKENDS)("the signed-in admin's own profile and availability (%s)", (backend) => {
  let api: TestApi;
  let token: string;
  let adminId: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    api = await startTestApi(backend, { listen: true });
    token = await api.signIn();
    adminId = (await api.call('GET', endpoints.getUserProfile.path, { token })).body.data._id;
    await api.database.db
      .insertInto('admins')
      .values({
        role_id: roleByKey(api.database.db, 'owner'),
        first_name: 'Otto',
        last_name: 'Other',
        email: OTHER_ADMIN.email,
        password_hash: await hashPassword(OTHER_ADMIN.password),
      })
      .execute();
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => api?.close());

  const profile = async (): Promise<AdminProfile> =>
    (await api.call('GET', endpoints.getUserProfile.path, { token })).body.data;
  const save = (body: unknown, as = token) => api.call('PATCH', endpoints.updateAdminProfile.path, { token: as, body });
  const setAvailability = (availabilityStatus: string, as = token) =>
    api.call('PATCH', endpoints.updateAvailability.path, { token: as, body: { availabilityStatus } });
  const valid = (): UpdateAdminProfileBody => ({
    firstName: 'Ada',
    lastName: 'Admin',
    email: TEST_ADMIN.adminEmail,
    bio: '',
    mainProfilePicture: '',
    timeZone: 'UTC',
  });
  const socketOf = async (t: string) => {
    const s = await adminSocket(api, t);
    sockets.push(s);
    return s;
  };

  it('saves every field, trimmed, and answers with the profile', async () => {
    const r = await save({
      firstName: '  Grace ',
      lastName: ' Hopper  ',
      email: TEST_ADMIN.adminEmail,
      bio: '  Wrote the first compiler.  ',
      mainProfilePicture: PNG,
      timeZone: ' Europe/Paris ',
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(ADMIN_MESSAGES.profileUpdated);
    const expected = {
      _id: adminId,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: TEST_ADMIN.adminEmail,
      bio: 'Wrote the first compiler.',
      isEmailVerified: true,
      mainProfilePicture: PNG,
      timeZone: 'Europe/Paris',
      availabilityStatus: expect.stringMatching(/^[01]$/),
      // The test admin is an Owner: every permission, and a role that asks for a second factor.
      role: { _id: expect.any(String), name: 'Owner' },
      permissions: [...PERMISSIONS],
      secondFactorEnabled: false,
      secondFactorRequired: true,
    };
    expect(r.body.data).toEqual(expected);
    expect(await profile()).toEqual(expected);
    expect((await save(valid())).status).toBe(200);
  });

  it('changes the email with the current password: the other sessions end and the old address is told', async () => {
    const otherTab = await api.signIn();
    const mailsBefore = (await api.outbox()).length;
    try {
      const r = await save({ ...valid(), email: 'grace@test.local', currentPassword: TEST_ADMIN.adminPassword });
      expect(r.status).toBe(200);
      expect(r.body.data.email).toBe('grace@test.local');
      await expect(api.signIn('grace@test.local', TEST_ADMIN.adminPassword)).resolves.toEqual(expect.any(String));
      // the session that made the change goes on; every other one is over
      expect((await api.call('GET', endpoints.getUserProfile.path, { token })).status).toBe(200);
      expect((await api.call('GET', endpoints.getUserProfile.path, { token: otherTab })).status).toBe(401);
      const notice = (await api.outbox()).slice(mailsBefore);
      expect(notice).toEqual([
        expect.objectContaining({ to: TEST_ADMIN.adminEmail, subject: 'Your back office email address was changed' }),
      ]);
      expect(notice[0]!.text).toContain('grace@test.local');
      expect(JSON.stringify(notice)).not.toContain(TEST_ADMIN.adminPassword);
    } finally {
      expect((await save({ ...valid(), currentPassword: TEST_ADMIN.adminPassword })).status).toBe(200);
    }
  });

  it('refuses an email change without the current password, or with a wrong one, and changes nothing', async () => {
    const before = await profile();
    const without = await save({ ...valid(), bio: 'Changed too', email: 'thief@evil.test' });
    expect(without.status).toBe(400);
    expect(without.body.errors).toEqual({ currentPassword: AUTH_MESSAGES.currentPasswordRequired });
    const wrong = await save({ ...valid(), email: 'thief@evil.test', currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: AUTH_MESSAGES.wrongCurrentPassword });
    expect(await profile()).toEqual(before);
    await expect(api.signIn()).resolves.toEqual(expect.any(String));
    // the same address in other letters is not a change of address: no password asked
    expect((await save({ ...valid(), email: TEST_ADMIN.adminEmail.toUpperCase() })).status).toBe(200);
    expect((await save(valid())).status).toBe(200);
  });

  it.each([
    [{ firstName: '   ' }, { firstName: PROFILE_MESSAGES.required }],
    [{ lastName: ' ' }, { lastName: PROFILE_MESSAGES.required }],
    [{ timeZone: 'Mars/Olympus_Mons' }, { timeZone: PROFILE_MESSAGES.timeZone }],
    [{ timeZone: '   ' }, { timeZone: PROFILE_MESSAGES.timeZone }],
    [
      { firstName: ' ', timeZone: 'Nowhere' },
      { firstName: PROFILE_MESSAGES.required, timeZone: PROFILE_MESSAGES.timeZone },
    ],
    [{ email: 'not-an-email' }, { email: 'email must be a valid email' }],
    [{ mainProfilePicture: 'https://example.com/me.png' }, { mainProfilePicture: expect.any(String) }],
  ])('refuses %j on its field and saves nothing', async (bad, errors) => {
    const before = await profile();
    // the valid fields sent alongside the bad one are not saved either
    const r = await save({ ...valid(), bio: 'Changed alongside a bad field', ...bad });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(errors);
    expect(await profile()).toEqual(before);
  });

  it("refuses another admin's email with 409, whatever its case, and saves nothing", async () => {
    const before = await profile();
    for (const email of [OTHER_ADMIN.email, OTHER_ADMIN.email.toUpperCase()]) {
      const r = await save({ ...valid(), firstName: 'Changed', email, currentPassword: TEST_ADMIN.adminPassword });
      expect(r.status).toBe(409);
      expect(r.body).toEqual({
        statusCode: 409,
        message: PROFILE_MESSAGES.emailTaken,
        errors: { email: PROFILE_MESSAGES.emailTaken },
      });
    }
    expect(await profile()).toEqual(before);
  });

  it('keeps a stored time zone that this runtime lists under another name', async () => {
    const admins = api.database.db.updateTable('admins').where('id', '=', adminId);
    try {
      await admins.set({ time_zone: 'Asia/Kolkata' }).execute();
      const r = await save({ ...valid(), timeZone: 'Asia/Kolkata' });
      expect(r.status).toBe(200);
      expect(r.body.data.timeZone).toBe('Asia/Kolkata');
    } finally {
      await admins.set({ time_zone: 'UTC' }).execute();
    }
  });

  it('stores the availability: the profile, a new sign-in and a new socket all see it', async () => {
    try {
      const off = await setAvailability('0');
      expect(off.status).toBe(200);
      expect(off.body.message).toBe(ADMIN_MESSAGES.nowUnavailable);
      expect(off.body.data).toMatchObject({ _id: adminId, availabilityStatus: '0' });
      expect((await profile()).availabilityStatus).toBe('0');
      const signIn = await api.call('POST', endpoints.signIn.path, {
        body: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword },
      });
      expect(signIn.body.data.availabilityStatus).toBe('0');

      const s = openSocket(api);
      sockets.push(s);
      await nextEvent(s, 'connect');
      const authenticated = nextEvent(s, SOCKET_PROTOCOL.authenticated);
      s.emit(SOCKET_PROTOCOL.authenticate, { token });
      await expect(authenticated).resolves.toEqual({
        _id: adminId,
        availabilityStatus: '0',
        lastEventAt: expect.any(Number),
      });

      const on = await setAvailability('1');
      expect(on.body.message).toBe(ADMIN_MESSAGES.nowAvailable);
      expect(on.body.data.availabilityStatus).toBe('1');
      expect((await profile()).availabilityStatus).toBe('1');
    } finally {
      await setAvailability('1');
    }
  });

  it.each([['2'], ['yes'], ['']])('refuses the availability %j', async (value) => {
    const r = await setAvailability(value);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors ?? {})).toEqual(['availabilityStatus']);
  });

  it('tells every tab of the admin, and no other admin, of a change', async () => {
    const otherTab = await api.signIn(); // a second session of the same admin
    const [mine, myOtherTab, someoneElse] = await Promise.all([
      socketOf(token),
      socketOf(otherTab),
      socketOf(await api.signIn(OTHER_ADMIN.email, OTHER_ADMIN.password)),
    ]);
    const leaked = collectEvents(someoneElse, serverEvents.adminUpdated.name);

    const both = Promise.all([
      nextEvent<AdminProfile>(mine, serverEvents.adminUpdated.name),
      nextEvent<AdminProfile>(myOtherTab, serverEvents.adminUpdated.name),
    ]);
    const saved = await save({ ...valid(), firstName: 'Tabs' });
    expect(await both).toEqual([saved.body.data, saved.body.data]);

    const again = Promise.all([
      nextEvent<AdminProfile>(mine, serverEvents.adminUpdated.name),
      nextEvent<AdminProfile>(myOtherTab, serverEvents.adminUpdated.name),
    ]);
    const off = await setAvailability('0');
    expect(await again).toEqual([off.body.data, off.body.data]);
    await setAvailability('1');
    await save(valid());

    // A socket receives events in the order they were sent: once an event sent to every admin after
    // these changes reaches the other admin, anything sent to them before it would have too.
    const marker = nextEvent(someoneElse, serverEvents.notificationsRead.name);
    api.server.realtime.publish([emit('notificationsRead', { unReadCount: 0 })]);
    await marker;
    expect(leaked).toEqual([]);
  });

  it("lists the admin's own live sessions, this one marked, and tells their tabs when one begins or ends", async () => {
    const mine = await socketOf(token);
    const theirs = await socketOf(await api.signIn(OTHER_ADMIN.email, OTHER_ADMIN.password));
    const leaked = collectEvents(theirs, serverEvents.sessionsChanged.name);
    const sessions = async () => (await api.call('GET', endpoints.getSessions.path, { token })).body;
    const before = await sessions();
    expect(before.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(before.total).toBe(before.data.length);

    const began = nextEvent(mine, serverEvents.sessionsChanged.name);
    const other = await api.signIn();
    await expect(began).resolves.toEqual({ _id: adminId });
    const during = await sessions();
    expect(during.total).toBe(before.total! + 1);
    // Newest first: the one just begun, not this request's.
    expect(during.data[0]).toMatchObject({
      current: false,
      signedInAt: expect.any(String),
      expiresAt: expect.any(String),
    });

    const ended = nextEvent(mine, serverEvents.sessionsChanged.name);
    expect((await api.call('POST', endpoints.logout.path, { token: other })).status).toBe(200);
    await expect(ended).resolves.toEqual({ _id: adminId });
    expect((await sessions()).total).toBe(before.total);
    // Another admin's sessions are theirs alone to hear of.
    const marker = nextEvent(theirs, serverEvents.notificationsRead.name);
    api.server.realtime.publish([emit('notificationsRead', { unReadCount: 0 })]);
    await marker;
    expect(leaked).toEqual([]);
  });

  it('refuses a caller without a valid token', async () => {
    expect((await save(valid(), 'not-a-token')).status).toBe(401);
    expect((await setAvailability('1', 'not-a-token')).status).toBe(401);
    expect((await api.call('PATCH', endpoints.updateAdminProfile.path, { body: valid() })).status).toBe(401);
  });
});
