import { SEED_FIXTURES } from '../src/seed/generate';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

const EPOCH = '1970-01-01T00:00:00.000Z';

describe.each(BACKENDS)('people endpoints on %s', (backend) => {
  let api: TestApi;
  let token: string;
  let ids: { empty: string; busy: string; inactive: string; influencer: string };

  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
    const byName = async (userName: string) =>
      (
        await api.database.db
          .selectFrom('users')
          .select('id')
          .where('user_name', '=', userName)
          .executeTakeFirstOrThrow()
      ).id;
    const influencer = await api.database.db
      .selectFrom('users')
      .select('id')
      .where('is_influencer', '=', true)
      .executeTakeFirstOrThrow();
    ids = {
      empty: await byName(SEED_FIXTURES.emptyFan.userName),
      busy: await byName(SEED_FIXTURES.busyFan.userName),
      inactive: await byName(SEED_FIXTURES.inactiveFan.userName),
      influencer: influencer.id,
    };
  });
  afterAll(() => api?.close());

  const fans = (query: Record<string, string> = {}) => api.call('GET', '/admin/getAllFans', { token, query });

  describe('GET /admin/getAllFans', () => {
    it('pages fans newest first by default, with the total', async () => {
      const total = Number(
        (
          await api.database.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('is_influencer', '=', false)
            .executeTakeFirstOrThrow()
        ).n,
      );
      const p1 = await fans();
      expect(p1.status).toBe(200);
      expect(p1.body.total).toBe(total);
      expect(p1.body.data).toHaveLength(10);
      const created = p1.body.data.map((f: { createdAt: string }) => f.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
      expect(Object.keys(p1.body.data[0]).sort()).toEqual([
        '_id',
        'createdAt',
        'displayName',
        'email',
        'firstName',
        'lastName',
        'status',
        'userName',
      ]);
      const p2 = await fans({ page: '2' });
      const seen = new Set(p1.body.data.map((f: { _id: string }) => f._id));
      for (const f of p2.body.data) expect(seen.has(f._id)).toBe(false);
      const last = await fans({ page: String(Math.ceil(total / 10)) });
      expect(last.body.data).toHaveLength(total % 10 || 10);
      const beyond = await fans({ page: String(Math.ceil(total / 10) + 1) });
      expect(beyond.body).toMatchObject({ statusCode: 200, data: [], total });
    });

    it('never lists influencers', async () => {
      const r = await fans({ limit: '100' });
      expect(r.body.data.map((f: { _id: string }) => f._id)).not.toContain(ids.influencer);
    });

    it.each([
      ['userName', 'asc'],
      ['userName', 'desc'],
      ['email', 'asc'],
      ['displayName', 'desc'],
      ['createdAt', 'asc'],
    ])('sorts by %s %s', async (sortBy, sortOrder) => {
      const r = await fans({ sortBy, sortOrder, limit: '50' });
      const values: string[] = r.body.data.map((f: Record<string, string>) => f[sortBy]!.toLowerCase());
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (sortOrder === 'desc') sorted.reverse();
      // citext and the collation may order punctuation differently from JS; compare first letters
      expect(values.map((v) => v[0])).toEqual(sorted.map((v) => v[0]));
    });

    it('searches user name, display name and email, trimmed and case-insensitive', async () => {
      const byUser = await fans({ search: '  BUSY.FAN ' });
      expect(byUser.body.data.map((f: { userName: string }) => f.userName)).toEqual([SEED_FIXTURES.busyFan.userName]);
      expect(byUser.body.total).toBe(1);
      const byEmail = await fans({ search: 'empty.fan@example' });
      expect(byEmail.body.data.map((f: { email: string }) => f.email)).toEqual([SEED_FIXTURES.emptyFan.email]);
      const busy = await api.call('GET', '/admin/getFanDetail', { token, query: { id: ids.busy } });
      const byDisplay = await fans({ search: busy.body.data.displayName });
      expect(byDisplay.body.data.map((f: { _id: string }) => f._id)).toContain(ids.busy);
    });

    it('treats % and _ as literal characters', async () => {
      expect((await fans({ search: '%' })).body.total).toBe(0);
      const underscore = await fans({ search: '_' });
      for (const f of underscore.body.data) expect(`${f.userName} ${f.displayName} ${f.email}`).toContain('_');
    });

    it('filters by status', async () => {
      const inactive = await fans({ status: '0', limit: '100' });
      expect(inactive.body.total).toBeGreaterThan(0);
      for (const f of inactive.body.data) expect(f.status).toBe('0');
    });
  });

  describe('GET /admin/getFanDetail', () => {
    it("returns a fan's whole profile with the spec's field names and defaults", async () => {
      const r = await api.call('GET', '/admin/getFanDetail', { token, query: { id: ids.busy } });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({
        _id: ids.busy,
        userName: 'busy.fan',
        email: 'busy.fan@example.com',
        isInfluencer: false,
      });
      for (const key of [
        'acceptinfluencerTerms',
        'displayfullName',
        'is18Plus',
        'socialMedia',
        'category',
        'spokenLanguage',
        'searchKeywords',
        'callChargesPerMin',
        'zipCode',
      ]) {
        expect(r.body.data).toHaveProperty(key);
      }
      const sparse = await api.call('GET', '/admin/getFanDetail', { token, query: { id: ids.inactive } });
      expect(sparse.body.data.status).toBe('0');
      expect(sparse.body.data.socialMedia.length).toBeGreaterThanOrEqual(1);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const unknown = await api.call('GET', '/admin/getFanDetail', {
        token,
        query: { id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.body).toEqual({ statusCode: 404, message: 'Fan not found' });
      const malformed = await api.call('GET', '/admin/getFanDetail', { token, query: { id: 'abc' } });
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors).toEqual({ id: 'id must be a valid uuid' });
    });
  });

  describe('GET /admin/getFanDetails', () => {
    const details = (query: Record<string, string>) => api.call('GET', '/admin/getFanDetails', { token, query });

    it('returns the fan detail response of the spec', async () => {
      const r = await details({ id: ids.busy });
      expect(r.status).toBe(200);
      const d = r.body.data;
      expect(d.userDetails).toMatchObject({
        userName: 'busy.fan',
        email: 'busy.fan@example.com',
        status: expect.stringMatching(/^[01]$/),
      });
      expect(d.totalUserCalls).toBe(SEED_FIXTURES.busyFan.calls);
      expect(d.videoCalls.pagination).toEqual({ page: 1, limit: 10, total: SEED_FIXTURES.busyFan.calls });
      expect(d.transactions.pagination.total).toBe(SEED_FIXTURES.busyFan.transactions);
      expect(d.refunds.pagination.total).toBe(SEED_FIXTURES.busyFan.refunds);
      expect(d.discountCodes.totalDiscountCodeRedeem).toBe(SEED_FIXTURES.busyFan.redemptions);
      for (const section of [d.videoCalls, d.transactions, d.refunds, d.discountCodes])
        expect(section.data).toHaveLength(10);
      expect(Object.keys(d.transactions.data[0]).sort()).toEqual([
        '_id',
        'amount',
        'createdAt',
        'orderId',
        'transactionId',
      ]);
      expect(Object.keys(d.refunds.data[0]).sort()).toEqual([
        '_id',
        'amount',
        'createdAt',
        'orderId',
        'status',
        'transfer_to',
      ]);
      expect(Object.keys(d.discountCodes.data[0]).sort()).toEqual([
        '_id',
        'discountAmount',
        'discountCodeId',
        'discountCodeName',
        'discountCodeType',
      ]);
    });

    it('computes the totals in dollars from the cents in the database', async () => {
      const db = api.database.db;
      const tx = await db
        .selectFrom('transactions')
        .select(['amount_cents', 'status'])
        .where('user_id', '=', ids.busy)
        .execute();
      const rf = await db
        .selectFrom('refunds')
        .select(['amount_cents', 'status'])
        .where('user_id', '=', ids.busy)
        .execute();
      const sum = (rows: Array<{ amount_cents: number; status: string }>) =>
        rows.filter((t) => t.status !== 'failed').reduce((s, t) => s + t.amount_cents, 0) / 100;
      const d = (await details({ id: ids.busy })).body.data;
      expect(d.transactions.totalAmount).toBeCloseTo(sum(tx), 2);
      expect(d.refunds.totalRefundAmount).toBeCloseTo(sum(rf), 2);
      expect(Number.isInteger(Math.round(d.transactions.totalAmount * 100))).toBe(true);
    });

    it('pages and searches only the section that tab names', async () => {
      const p3 = await details({ id: ids.busy, tab: 'videoCalls', page: '3' });
      expect(p3.body.data.videoCalls.pagination).toEqual({ page: 3, limit: 10, total: SEED_FIXTURES.busyFan.calls });
      expect(p3.body.data.videoCalls.data).toHaveLength(SEED_FIXTURES.busyFan.calls - 20);
      expect(p3.body.data.transactions.pagination.page).toBe(1);

      const first = (await details({ id: ids.busy })).body.data.transactions.data[0];
      const searched = await details({
        id: ids.busy,
        tab: 'transactions',
        search: ` ${first.transactionId.slice(-8)} `,
      });
      expect(searched.body.data.transactions.data.map((t: { _id: string }) => t._id)).toEqual([first._id]);
      expect(searched.body.data.refunds.pagination.total).toBe(SEED_FIXTURES.busyFan.refunds);
    });

    it('marks an ongoing call with the epoch as its end, and a transaction without an order with null', async () => {
      const calls = (await details({ id: ids.busy, tab: 'videoCalls', limit: '100' })).body.data.videoCalls.data;
      const ongoing = calls.filter((c: { status: string }) => c.status === 'Ongoing');
      expect(ongoing.length).toBeGreaterThan(0);
      for (const c of ongoing) {
        expect(c.endedAt).toBe(EPOCH);
        expect(c.startedAt).not.toBeNull();
      }
      const tx = (await details({ id: ids.busy, tab: 'transactions', limit: '100' })).body.data.transactions.data;
      expect(tx.some((t: { orderId: string | null }) => t.orderId === null)).toBe(true);
    });

    it('returns empty sections for a fan with no activity', async () => {
      const d = (await details({ id: ids.empty })).body.data;
      expect(d.totalUserCalls).toBe(0);
      expect(d.transactions).toEqual({ totalAmount: 0, data: [], pagination: { page: 1, limit: 10, total: 0 } });
      expect(d.refunds).toEqual({ totalRefundAmount: 0, data: [], pagination: { page: 1, limit: 10, total: 0 } });
      expect(d.videoCalls).toEqual({ data: [], pagination: { page: 1, limit: 10, total: 0 } });
      expect(d.discountCodes).toEqual({
        totalDiscountCodeRedeem: 0,
        data: [],
        pagination: { page: 1, limit: 10, total: 0 },
      });
    });

    it('answers 404 for an unknown id and 400 for a bad tab', async () => {
      expect((await details({ id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
      const bad = await details({ id: ids.busy, tab: 'secrets' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ tab: 'tab has an unsupported value' });
    });
  });

  describe('PATCH /admin/changeStatus', () => {
    it('deactivates and reactivates an account', async () => {
      const off = await api.call('PATCH', '/admin/changeStatus', { token, query: { id: ids.empty, status: '0' } });
      expect(off.body).toEqual({
        statusCode: 200,
        message: 'Account deactivated',
        data: { _id: ids.empty, status: '0' },
      });
      expect((await api.call('GET', '/admin/getFanDetail', { token, query: { id: ids.empty } })).body.data.status).toBe(
        '0',
      );
      const on = await api.call('PATCH', '/admin/changeStatus', { token, query: { id: ids.empty, status: '1' } });
      expect(on.body.data.status).toBe('1');
    });

    it('refuses an unknown status or id and changes nothing', async () => {
      const bad = await api.call('PATCH', '/admin/changeStatus', { token, query: { id: ids.empty, status: '2' } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ status: 'status has an unsupported value' });
      const unknown = await api.call('PATCH', '/admin/changeStatus', {
        token,
        query: { id: '00000000-0000-4000-8000-000000000000', status: '0' },
      });
      expect(unknown.status).toBe(404);
      expect((await api.call('GET', '/admin/getFanDetail', { token, query: { id: ids.empty } })).body.data.status).toBe(
        '1',
      );
    });

    it('needs a signed-in admin', async () => {
      expect((await api.call('PATCH', '/admin/changeStatus', { query: { id: ids.empty, status: '0' } })).status).toBe(
        401,
      );
    });
  });
});
