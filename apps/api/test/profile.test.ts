import type { Socket } from 'socket.io-client';
import { PROFILE_MESSAGES, serverEvents } from '@backoffice/shared-api/contract';
import { SEED_FIXTURES } from '../src/seed/generate';
import { nextEvent, startWithAdminSocket } from './helpers/sockets';
import { expectMalformedId } from './helpers/expect';
import { BACKENDS, type TestApi } from './helpers/test-api';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(BACKENDS)('PATCH /admin/updateUserProfile on %s', (backend) => {
  let api: TestApi;
  let token: string;
  let socket: Socket;
  let ids: { busy: string; empty: string; inactive: string; influencer: string };
  let refs: { categories: string[]; languages: string[] };

  beforeAll(async () => {
    ({ api, token, socket } = await startWithAdminSocket(backend));
    const db = api.database.db;
    const byName = async (userName: string) =>
      (await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
    const influencer = await db
      .selectFrom('users')
      .select('id')
      .where('is_influencer', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    ids = {
      busy: await byName(SEED_FIXTURES.busyFan.userName),
      empty: await byName(SEED_FIXTURES.emptyFan.userName),
      inactive: await byName(SEED_FIXTURES.inactiveFan.userName),
      influencer: influencer.id,
    };
    refs = {
      categories: (await db.selectFrom('categories').select('id').orderBy('name').execute()).map((r) => r.id),
      languages: (await db.selectFrom('languages').select('id').orderBy('name').execute()).map((r) => r.id),
    };
  });
  afterAll(async () => {
    socket?.disconnect();
    await api?.close();
  });

  const patch = (id: string, body: unknown) =>
    api.call('PATCH', '/admin/updateUserProfile', { token, query: { id }, body });
  const row = (id: string) =>
    api.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('changes only the fields sent, trimmed, and replies the saved profile', async () => {
    const before = await row(ids.busy);
    const r = await patch(ids.busy, { city: '  Lisbon ', bio: ' Calls on Sundays. ' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Profile updated');
    expect(r.body.data).toMatchObject({ _id: ids.busy, city: 'Lisbon', bio: 'Calls on Sundays.' });
    const after = await row(ids.busy);
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    expect({ ...after, updated_at: null }).toEqual({
      ...before,
      city: 'Lisbon',
      bio: 'Calls on Sundays.',
      updated_at: null,
    });
    const shown = await api.call('GET', '/admin/getFanDetail', { token, query: { id: ids.busy } });
    expect(shown.body.data).toEqual(r.body.data);
  });

  it("saves every field of an influencer's edit form, converting dollars to cents", async () => {
    const body = {
      firstName: ' Nova ',
      lastName: 'Reyes',
      userName: 'nova.reyes',
      email: 'nova.reyes@example.com',
      displayName: 'Nova Live',
      phone: '+1 555 010 2030',
      gender: 2,
      dob: '1990-04-12',
      country: 'PT',
      state: 'Lisboa',
      city: 'Lisbon',
      zipCode: '1100-148',
      address: '12 Rua Augusta',
      bio: 'Fado and guitar.',
      timeZone: 'Europe/Lisbon',
      searchKeywords: [' fado ', 'Guitar', 'fado', 'guitar', '  '],
      spokenLanguage: refs.languages.slice(0, 2),
      socialMedia: [
        { url: 'https://instagram.com/nova', type: 3 },
        { url: '', type: null },
      ],
      category: refs.categories.slice(0, 2),
      displayfullName: true,
      mainProfilePicture: PNG,
      callChargesPerMin: 12.34,
      callDurationInMin: 15,
      profilePictureOne: PNG,
      profilePictureTwo: '',
      photoId: ' idp_123 ',
    };
    const r = await patch(ids.influencer, body);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      ...body,
      firstName: 'Nova',
      searchKeywords: ['fado', 'Guitar'],
      socialMedia: [{ url: 'https://instagram.com/nova', type: 3 }],
      photoId: 'idp_123',
      isInfluencer: true,
    });
    const saved = await row(ids.influencer);
    expect(saved.call_charges_per_min_cents).toBe(1234);
    expect(String(saved.dob).slice(0, 10)).toBe('1990-04-12');
    expect(saved.country).toBe('PT');
  });

  it.each([0.07, 19.99, 999.99])(
    'accepts %p dollars a minute (two decimals, whatever binary floats make of them)',
    async (dollars) => {
      const r = await patch(ids.influencer, { callChargesPerMin: dollars });
      expect(r.status).toBe(200);
      expect(r.body.data.callChargesPerMin).toBe(dollars);
      expect((await row(ids.influencer)).call_charges_per_min_cents).toBe(Math.round(dollars * 100));
    },
  );

  it('refuses a price with more than two decimals', async () => {
    const r = await patch(ids.influencer, { callChargesPerMin: 1.234 });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors ?? {})).toEqual(['callChargesPerMin']);
  });

  it('clears the date of birth and the country with empty values, and keeps the default social entry', async () => {
    const r = await patch(ids.empty, { dob: '', country: '', timeZone: '', socialMedia: [{ url: '', type: 4 }] });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ dob: '', country: '', timeZone: '', socialMedia: [{ url: '', type: null }] });
    const saved = await row(ids.empty);
    expect(saved.dob).toBeNull();
    expect(saved.country).toBeNull();
    expect(saved.social_media).toEqual([{ url: '', type: null }]);
    const none = await patch(ids.empty, { socialMedia: [] });
    expect(none.body.data.socialMedia).toEqual([{ url: '', type: null }]);
  });

  it.each([
    ['a minor', { dob: '2015-06-01' }, { dob: PROFILE_MESSAGES.dob }],
    ['a day that does not exist', { dob: '2001-02-30' }, { dob: PROFILE_MESSAGES.dob }],
    ['a date before 1900', { dob: '1899-12-31' }, { dob: PROFILE_MESSAGES.dob }],
    ['an unknown country', { country: 'ZZ' }, { country: PROFILE_MESSAGES.country }],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, { timeZone: PROFILE_MESSAGES.timeZone }],
    [
      'a link without a type',
      {
        socialMedia: [
          { url: 'https://x.com/a', type: 1 },
          { url: 'https://x.com/b', type: null },
        ],
      },
      { 'socialMedia.1.type': PROFILE_MESSAGES.socialType },
    ],
    ['an unknown category', { category: [UNKNOWN_ID] }, { category: PROFILE_MESSAGES.unknownCategory }],
    ['an unknown language', { spokenLanguage: [UNKNOWN_ID] }, { spokenLanguage: PROFILE_MESSAGES.unknownLanguage }],
    ['a blank first name', { firstName: '   ' }, { firstName: PROFILE_MESSAGES.required }],
    [
      "an influencer's fields for a fan",
      { callChargesPerMin: 10, callDurationInMin: 5, profilePictureOne: PNG, profilePictureTwo: '', photoId: 'x' },
      {
        callChargesPerMin: PROFILE_MESSAGES.influencerOnly,
        callDurationInMin: PROFILE_MESSAGES.influencerOnly,
        profilePictureOne: PROFILE_MESSAGES.influencerOnly,
        profilePictureTwo: PROFILE_MESSAGES.influencerOnly,
        photoId: PROFILE_MESSAGES.influencerOnly,
      },
    ],
  ])('refuses %s with a message on the field, and saves nothing', async (_what, invalid, errors) => {
    const before = await row(ids.busy);
    const r = await patch(ids.busy, { city: 'Nowhere', ...invalid });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(errors);
    expect(r.body.message).toBe([...new Set(Object.values(errors))].join('; '));
    expect(await row(ids.busy)).toEqual(before);
  });

  it('reports every problem at once', async () => {
    const r = await patch(ids.busy, { country: 'ZZ', dob: '2020-01-01', photoId: 'x', category: [UNKNOWN_ID] });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors ?? {}).sort()).toEqual(['category', 'country', 'dob', 'photoId']);
  });

  it('keeps a time zone already stored under a name this runtime does not list', async () => {
    await api.database.db
      .updateTable('users')
      .set({ time_zone: 'Asia/Kolkata' })
      .where('id', '=', ids.inactive)
      .execute();
    expect((await patch(ids.inactive, { timeZone: 'Asia/Kolkata' })).status).toBe(200);
    expect((await patch(ids.inactive, { timeZone: 'UTC' })).body.data.timeZone).toBe('UTC');
  });

  it.each([
    [{ userName: 'no spaces allowed' }, { userName: PROFILE_MESSAGES.userName }],
    [{ email: 'not-an-email' }, { email: 'email must be a valid email' }],
    [{ gender: 9 }, { gender: 'gender must be at most 4' }],
    [{ callDurationInMin: 0 }, { callDurationInMin: 'callDurationInMin must be at least 1' }],
  ])('refuses %j by the schema', async (body, errors) => {
    const r = await patch(ids.influencer, body);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(errors);
  });

  describe('an email or user name another account holds', () => {
    it('is a 409 on its field, whatever its case, and nothing is saved', async () => {
      const before = await row(ids.busy);
      const email = await patch(ids.busy, { city: 'Elsewhere', email: SEED_FIXTURES.emptyFan.email.toUpperCase() });
      expect(email.status).toBe(409);
      expect(email.body).toEqual({
        statusCode: 409,
        message: PROFILE_MESSAGES.emailTaken,
        errors: { email: PROFILE_MESSAGES.emailTaken },
      });
      const userName = await patch(ids.busy, { userName: 'EMPTY.Fan' });
      expect(userName.status).toBe(409);
      expect(userName.body.errors).toEqual({ userName: PROFILE_MESSAGES.userNameTaken });
      const both = await patch(ids.busy, { userName: 'empty.fan', email: SEED_FIXTURES.emptyFan.email });
      expect(both.body.errors).toEqual({
        email: PROFILE_MESSAGES.emailTaken,
        userName: PROFILE_MESSAGES.userNameTaken,
      });
      expect(await row(ids.busy)).toEqual(before);
    });

    it("is not one when it is the user's own, in another case", async () => {
      const r = await patch(ids.busy, { email: 'Busy.Fan@Example.com', userName: 'Busy.Fan' });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ email: 'Busy.Fan@Example.com', userName: 'Busy.Fan' });
    });

    it('is a 409, never a 500, when two accounts take the same one at once', async () => {
      const results = await Promise.all([
        patch(ids.empty, { email: 'race@example.com', userName: 'race.winner' }),
        patch(ids.inactive, { email: 'RACE@example.com', userName: 'RACE.winner' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const lost = results.find((r) => r.status === 409)!;
      expect(Object.keys(lost.body.errors ?? {}).length).toBeGreaterThan(0);
      const holders = await api.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'race@example.com')
        .execute();
      expect(holders).toHaveLength(1);
    });
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await patch(UNKNOWN_ID, { city: 'X' })).body).toEqual({ statusCode: 404, message: 'User not found' });
    expectMalformedId(await patch('abc', { city: 'X' }));
  });

  it('refuses text PostgreSQL cannot store with a 400 on the field', async () => {
    const r = await patch(ids.busy, { bio: 'a\u0000b' });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors ?? {})).toEqual(['bio']);
    const link = await patch(ids.busy, { socialMedia: [{ url: 'https://x.com/\uD800', type: 1 }] });
    expect(link.status).toBe(400);
    expect(Object.keys(link.body.errors ?? {})).toEqual(['socialMedia']);
    const search = await api.call('GET', '/admin/getAllFans', { token, query: { search: 'a\u0000' } });
    expect(search.status).toBe(400);
  });

  it('needs a signed-in admin', async () => {
    const r = await api.call('PATCH', '/admin/updateUserProfile', { query: { id: ids.busy }, body: { city: 'X' } });
    expect(r.status).toBe(401);
  });

  it('tells signed-in admins that the user changed, also when the status changes', async () => {
    const edited = nextEvent(socket, serverEvents.userUpdated.name);
    await patch(ids.busy, { city: 'Porto' });
    await expect(edited).resolves.toEqual({ _id: ids.busy });
    const status = nextEvent(socket, serverEvents.userUpdated.name);
    await api.call('PATCH', '/admin/changeStatus', { token, query: { id: ids.busy, status: '1' } });
    await expect(status).resolves.toEqual({ _id: ids.busy });
  });
});
