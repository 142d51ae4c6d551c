import { sql, type Insertable } from 'kysely';
import { PersonRow } from '@backoffice/shared-api/contract';
import type { UsersTable } from '../src/db/schema';
import { personSearch } from '../src/modules/people/user-list';
import { SEED_FIXTURES } from '../src/seed/generate';
import { allPages, expectMalformedId } from './helpers/expect';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Row {
  _id: string;
  firstName: string;
  lastName: string;
  userName: string;
  displayName: string;
  email: string;
  status: string;
  createdAt: string;
}

/**
 * Influencers added on top of the seed's few, with names chosen to exercise the name sort (equal
 * first names, then equal full names, which only the id orders) and the full-name search.
 */
const NAMES: Array<[string, string]> = [
  ['Quinn', 'Zephyrine'],
  ['Quinn', 'Abbott'],
  ['Quinn', 'Abbott'],
  ['Avery', 'Moss'],
  ['Blake', 'Underwood'],
  ['Casey', 'Lindqvist'],
  ['Drew', 'Okafor'],
  ['Emery', 'Park'],
  ['Finley', 'Rossi'],
  ['Harper', 'Nakamura'],
  ['Jordan', 'Petrov'],
  ['Kai', 'Fontaine'],
];

describe.each(BACKENDS)('influencers on %s', (backend) => {
  let api: TestApi;
  let token: string;
  let added: string[];

  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
    const rows: Insertable<UsersTable>[] = NAMES.map(([first, last], i) => ({
      first_name: first,
      last_name: last,
      user_name: `inf_test.${i}`,
      email: `inf.test.${i}@example.org`,
      display_name: `Stage ${String.fromCharCode(65 + ((i * 7) % 26))}${i}`,
      is_influencer: true,
      status: i % 3 === 0 ? '0' : '1',
      created_at: new Date(Date.UTC(2025, 0, 1 + i)),
    }));
    added = (await api.database.db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id);
  });
  afterAll(() => api?.close());

  const list = (query: Record<string, string> = {}) => api.call('GET', '/admin/getAllInfluencers', { token, query });

  const pages = (query: Record<string, string>) => allPages<Row>(list, query, 5);

  const influencerIds = async (orderBy: string[], order: 'asc' | 'desc', status?: '0' | '1') => {
    let q = api.database.db.selectFrom('users').select('id').where('is_influencer', '=', true);
    if (status) q = q.where('status', '=', status);
    for (const c of [...orderBy, 'id']) q = q.orderBy(sql.ref(c), order);
    return (await q.execute()).map((r) => r.id);
  };

  describe('GET /admin/getAllInfluencers', () => {
    it('lists influencers only, newest first, with the total and the row shape of the list', async () => {
      const expected = await influencerIds(['created_at'], 'desc');
      const r = await list();
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(expected.length);
      expect(r.body.data.map((row: { _id: string }) => row._id)).toEqual(expected.slice(0, 10));
      expect(Object.keys(r.body.data[0]).sort()).toEqual(Object.keys(PersonRow.properties).sort());
      const fans = await list({ search: SEED_FIXTURES.busyFan.userName });
      expect(fans.body).toMatchObject({ statusCode: 200, data: [], total: 0 });
    });

    it.each([
      ['name', 'asc', ['first_name', 'last_name']],
      ['name', 'desc', ['first_name', 'last_name']],
      ['userName', 'asc', ['user_name']],
      ['displayName', 'desc', ['display_name']],
      ['email', 'asc', ['email']],
      ['createdAt', 'asc', ['created_at']],
    ] as const)('sorts by %s %s across pages, ties by id', async (sortBy, sortOrder, columns) => {
      const rows = await pages({ sortBy, sortOrder });
      expect(rows.map((row) => row._id)).toEqual(await influencerIds([...columns], sortOrder));
    });

    it('orders equal names by last name, then equal full names by id', async () => {
      const rows = await pages({ sortBy: 'name', sortOrder: 'asc', search: 'quinn' });
      expect(rows.map((row) => `${row.firstName} ${row.lastName}`)).toEqual([
        'Quinn Abbott',
        'Quinn Abbott',
        'Quinn Zephyrine',
      ]);
      const [a, b] = rows;
      expect(a!._id < b!._id).toBe(true);
    });

    it('searches the full name, user name, display name and email, trimmed and case-insensitive', async () => {
      const full = await list({ search: '  qUINN zephyr ' });
      expect(full.body.data.map((row: { _id: string }) => row._id)).toEqual([added[0]]);
      expect(full.body.total).toBe(1);
      expect((await list({ search: 'INF_TEST.4' })).body.data.map((row: { _id: string }) => row._id)).toEqual([
        added[4],
      ]);
      expect((await list({ search: 'inf.test.5@EXAMPLE' })).body.data.map((row: { _id: string }) => row._id)).toEqual([
        added[5],
      ]);
      const stage = (await list({ search: 'inf_test.6' })).body.data[0].displayName;
      const byDisplay = await list({ search: stage.toLowerCase() });
      expect(byDisplay.body.data.map((row: { _id: string }) => row._id)).toContain(added[6]);
      expect((await list({ search: 'Quinn Abbott' })).body.total).toBe(2);
    });

    it('treats % and _ as literal characters', async () => {
      expect((await list({ search: '%' })).body.total).toBe(0);
      const underscore = await list({ search: '_', limit: '100' });
      expect(underscore.body.total).toBeGreaterThanOrEqual(NAMES.length);
      for (const row of underscore.body.data) {
        expect(`${row.userName} ${row.displayName} ${row.email} ${row.firstName} ${row.lastName}`).toContain('_');
      }
    });

    it('filters by status', async () => {
      const rows = await pages({ status: '0', sortBy: 'email', sortOrder: 'asc' });
      expect(rows.map((row) => row._id)).toEqual(await influencerIds(['email'], 'asc', '0'));
      for (const row of rows) expect(row.status).toBe('0');
      expect(rows.length).toBeGreaterThanOrEqual(4);
    });

    it('answers an empty page beyond the last one, and 400 for an unknown sort', async () => {
      const total = (await list()).body.total!;
      const beyond = await list({ page: String(Math.ceil(total / 10) + 1) });
      expect(beyond.body).toMatchObject({ statusCode: 200, data: [], total });
      const bad = await list({ sortBy: 'password_hash' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ sortBy: 'sortBy has an unsupported value' });
    });

    it('needs a signed-in admin', async () => {
      expect((await api.call('GET', '/admin/getAllInfluencers')).status).toBe(401);
    });

    it('finds a full name and sorts by name through the indexes of migration 0002', async () => {
      await api.database.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const search = await trx
          .selectFrom('users')
          .select('id')
          .where((eb) => eb.or(personSearch('quinn zeph', { fullName: true })))
          .explain();
        expect(JSON.stringify(search)).toContain('users_full_name_trgm');
        const sorted = await trx
          .selectFrom('users')
          .select('id')
          .where('is_influencer', '=', true)
          .orderBy('first_name')
          .orderBy('last_name')
          .orderBy('id')
          .limit(10)
          .explain();
        expect(JSON.stringify(sorted)).toContain('users_role_name');
      });
    });
  });

  describe('GET /admin/getInfluencerDetail', () => {
    it("returns an influencer's whole profile", async () => {
      const r = await api.call('GET', '/admin/getInfluencerDetail', { token, query: { id: added[1]! } });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({
        _id: added[1],
        firstName: 'Quinn',
        lastName: 'Abbott',
        isInfluencer: true,
        socialMedia: [{ url: '', type: null }],
        dob: '',
        country: '',
      });
    });

    it('answers 404 for a fan or an unknown id, 400 for a malformed one', async () => {
      const fan = await api.database.db
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', SEED_FIXTURES.busyFan.userName)
        .executeTakeFirstOrThrow();
      for (const id of [fan.id, UNKNOWN_ID]) {
        const r = await api.call('GET', '/admin/getInfluencerDetail', { token, query: { id } });
        expect(r.body).toEqual({ statusCode: 404, message: 'Influencer not found' });
      }
      const asFan = await api.call('GET', '/admin/getFanDetail', { token, query: { id: added[0]! } });
      expect(asFan.body).toEqual({ statusCode: 404, message: 'Fan not found' });
      expectMalformedId(await api.call('GET', '/admin/getInfluencerDetail', { token, query: { id: 'abc' } }));
    });
  });

  describe('GET /admin/getCategories and /admin/getLanguages', () => {
    it('lists every category by name', async () => {
      const r = await api.call('GET', '/admin/getCategories', { token });
      expect(r.status).toBe(200);
      const rows = await api.database.db.selectFrom('categories').select(['id', 'name']).orderBy('name').execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(r.body.data).toEqual(rows.map((c) => ({ _id: c.id, name: c.name })));
    });

    it('lists every language by name, with its code', async () => {
      const r = await api.call('GET', '/admin/getLanguages', { token });
      expect(r.status).toBe(200);
      const rows = await api.database.db
        .selectFrom('languages')
        .select(['id', 'code', 'name'])
        .orderBy('name')
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(r.body.data).toEqual(rows.map((l) => ({ _id: l.id, code: l.code, name: l.name })));
    });

    it('needs a signed-in admin', async () => {
      expect((await api.call('GET', '/admin/getCategories')).status).toBe(401);
      expect((await api.call('GET', '/admin/getLanguages')).status).toBe(401);
    });
  });
});
