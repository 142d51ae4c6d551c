import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import {
  CATALOG_MESSAGES,
  DISCOUNT_CODE_SORTS,
  DISCOUNT_CODE_STATUSES,
  DISCOUNT_CODE_TYPES,
  DiscountCodeRow,
  serverEvents,
  type DiscountCodeSort,
} from '@backoffice/shared-api/contract';
import { INFLUENCER_MESSAGES } from '../src/modules/discount-codes/discount-codes';
import { allPages, expectMalformedId } from './helpers/expect';
import { collectEvents, startWithAdminSocket } from './helpers/sockets';
import { BACKENDS, eventually, type Reply, type TestApi } from './helpers/test-api';

type Row = DiscountCodeRow;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** What each sort orders by, as the database sees it; the id breaks ties. */
const SORT_SQL: Record<DiscountCodeSort, string[]> = {
  createdAt: ['dc.created_at'],
  codeName: ['dc.code_name'],
  type: ['dc.type', 'dc.created_at'],
  amount: ['dc.amount_cents'],
  status: ['dc.status', 'dc.created_at'],
  totalRedeem: ['dc.total_redeem'],
  redeemLimit: ['dc.redeem_limit'],
};

/** The number each numeric sort orders by, read from a row of the reply. */
const NUMERIC: Partial<Record<DiscountCodeSort, (r: Row) => number>> = {
  createdAt: (r) => Date.parse(r.createdAt),
  amount: (r) => r.amount,
  totalRedeem: (r) => r.totalRedeem,
  redeemLimit: (r) => r.redeemLimit,
};

describe.each(BACKENDS)('discount codes on %s', (backend) => {
  let api: TestApi;
  let token: string;
  let socket: Socket;
  let announced: Array<{ _id: string }>;
  let influencerId: string;
  let otherInfluencerId: string;
  let fanId: string;
  let made = 0;
  const db = () => api.database.db;
  const uniqueName = (prefix = 'T') => `${prefix}${++made}x${crypto.randomBytes(3).toString('hex')}`;

  /** A code of its own for a test that changes one, dated long ago so that a change shows. */
  async function oldCode(
    values: Partial<{
      type: string;
      amount_cents: number;
      redeem_limit: number;
      total_redeem: number;
      status: 'Active' | 'Inactive';
      influencer_id: string | null;
    }> = {},
  ): Promise<Row> {
    const at = new Date(Date.UTC(2024, 2, 1 + (made % 27), 8));
    const type = values.type ?? 'promo_code';
    const { id } = await db()
      .insertInto('discount_codes')
      .values({
        code_name: uniqueName('OLD'),
        type,
        amount_cents: 500,
        redeem_limit: 100,
        total_redeem: 0,
        status: 'Active',
        influencer_id: type === 'influencer_discount_code' ? influencerId : null,
        created_at: at,
        updated_at: at,
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await stored(id))!;
  }

  /** A code as the database has it, in the reply's shape, built here independently of the server. */
  async function stored(id: string): Promise<Row | undefined> {
    const r = await db()
      .selectFrom('discount_codes as dc')
      .leftJoin('users as u', 'u.id', 'dc.influencer_id')
      .select([
        'dc.id',
        'dc.code_name',
        'dc.type',
        'dc.amount_cents',
        'dc.status',
        'dc.total_redeem',
        'dc.redeem_limit',
        'dc.created_at',
        'dc.updated_at',
        'dc.influencer_id',
        'u.display_name',
        'u.user_name',
        'u.email',
        'u.main_profile_picture',
        'u.is_influencer',
      ])
      .where('dc.id', '=', id)
      .executeTakeFirst();
    if (!r) return undefined;
    return {
      _id: r.id,
      codeName: r.code_name,
      type: r.type as Row['type'],
      amount: r.amount_cents / 100,
      status: r.status,
      totalRedeem: r.total_redeem,
      redeemLimit: r.redeem_limit,
      influencer: r.influencer_id
        ? {
            _id: r.influencer_id,
            displayName: r.display_name!,
            userName: r.user_name!,
            email: r.email!,
            mainProfilePicture: r.main_profile_picture!,
            isInfluencer: r.is_influencer!,
          }
        : null,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    };
  }

  const count = async () =>
    Number(
      (
        await db()
          .selectFrom('discount_codes')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ({ api, token, socket } = await startWithAdminSocket(backend));
    announced = collectEvents<{ _id: string }>(socket, serverEvents.discountCodeUpdated.name);
    const influencers = await db()
      .selectFrom('users')
      .select('id')
      .where('is_influencer', '=', true)
      .orderBy('id')
      .limit(2)
      .execute();
    [influencerId, otherInfluencerId] = influencers.map((u) => u.id) as [string, string];
    fanId = (await db().selectFrom('users').select('id').where('is_influencer', '=', false).executeTakeFirstOrThrow())
      .id;

    // More than a few pages of 4: every type and status, equal dates, amounts, limits and counts,
    // so that every sort has ties for the id to break.
    const at = new Date(Date.UTC(2024, 0, 15, 12));
    await db()
      .insertInto('discount_codes')
      .values(
        Array.from({ length: 14 }, (_, i) => {
          const type = DISCOUNT_CODE_TYPES[i % DISCOUNT_CODE_TYPES.length]!;
          const limit = [50, 100, 100, 250][i % 4]!;
          return {
            code_name: i === 3 ? `TST_UNDER${i}` : `TST-${i}-${crypto.randomBytes(2).toString('hex')}`,
            type,
            amount_cents: [100, 250, 250, 1000, 9999][i % 5]!,
            redeem_limit: limit,
            total_redeem: [0, 7, 7, 50][i % 4]!,
            status: i % 3 === 0 ? ('Inactive' as const) : ('Active' as const),
            influencer_id: type === 'influencer_discount_code' ? [influencerId, otherInfluencerId][i % 2]! : null,
            created_at: i < 4 ? at : new Date(at.getTime() + (i % 7) * 86_400_000),
            updated_at: at,
          };
        }),
      )
      .execute();
  });
  afterAll(async () => {
    socket?.disconnect();
    await api?.close();
  });

  const list = (query: Record<string, string> = {}) => api.call('GET', '/discountCode/getAll', { token, query });
  const detail = (id: string) => api.call('GET', '/discountCode/getDetail', { token, query: { id } });
  const create = (body: Record<string, unknown>) => api.call('POST', '/discountCode/create', { token, body });
  const update = (id: string, body: Record<string, unknown>) =>
    api.call('PATCH', '/discountCode/update', { token, query: { id }, body });
  const valid = (over: Record<string, unknown> = {}) => ({
    codeName: uniqueName('NEW'),
    type: 'promo_code',
    amount: 5,
    redeemLimit: 100,
    ...over,
  });

  const expectedIds = async (
    sortBy: DiscountCodeSort,
    order: 'asc' | 'desc',
    where: { type?: string; status?: string } = {},
  ) => {
    let q = db().selectFrom('discount_codes as dc').select('dc.id');
    if (where.type) q = q.where('dc.type', '=', where.type);
    if (where.status) q = q.where('dc.status', '=', where.status as 'Active');
    for (const c of [...SORT_SQL[sortBy], 'dc.id']) q = q.orderBy(sql.raw(c), order);
    return (await q.execute()).map((r) => r.id);
  };

  const fieldError = (r: Reply, field: string) => {
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors ?? {})).toEqual([field]);
  };

  /** The event announcing a change of `id`, whenever it arrives among the others. */
  const announcedFor = (id: string) => eventually(() => announced.find((e) => e._id === id));

  describe('GET /discountCode/getAll', () => {
    it("lists codes newest first with the contract's fields, each as the database has it", async () => {
      const r = await list();
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(await count());
      expect(r.body.data.map((c: Row) => c._id)).toEqual((await expectedIds('createdAt', 'desc')).slice(0, 10));
      expect(Object.keys(r.body.data[0]).sort()).toEqual(Object.keys(DiscountCodeRow.properties).sort());
      for (const c of r.body.data as Row[]) expect(c).toEqual(await stored(c._id));
    });

    it('names the influencer of an influencer code, and no one for the other types', async () => {
      const rows = await allPages<Row>(list, {}, 100);
      const withInfluencer = rows.filter((c) => c.type === 'influencer_discount_code');
      expect(withInfluencer.length).toBeGreaterThan(1);
      for (const c of rows) {
        expect(c).toEqual(await stored(c._id));
        if (c.type === 'influencer_discount_code') expect(c.influencer).toMatchObject({ isInfluencer: true });
        else expect(c.influencer).toBeNull();
      }
    });

    describe.each(DISCOUNT_CODE_SORTS.flatMap((s) => [[s, 'asc'] as const, [s, 'desc'] as const]))(
      'sortBy %s %s',
      (sortBy, sortOrder) => {
        it('orders every page, ties by id', async () => {
          const rows = await allPages<Row>(list, { sortBy, sortOrder }, 4);
          expect(rows.map((r) => r._id)).toEqual(await expectedIds(sortBy, sortOrder));
          const key = NUMERIC[sortBy];
          if (key) {
            const keys = rows.map(key);
            expect(keys).toEqual([...keys].sort((a, b) => (sortOrder === 'asc' ? a - b : b - a)));
            expect(keys[0]).not.toBe(keys[keys.length - 1]);
          }
          if (sortBy === 'status' || sortBy === 'type') {
            const values = rows.map((r) => r[sortBy]);
            const sorted = [...values].sort();
            expect(values).toEqual(sortOrder === 'asc' ? sorted : sorted.reverse());
          }
        });
      },
    );

    it.each([...DISCOUNT_CODE_TYPES])('filters by type %s', async (type) => {
      const rows = await allPages<Row>(list, { type }, 4);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((c) => c._id)).toEqual(await expectedIds('createdAt', 'desc', { type }));
    });

    it.each([...DISCOUNT_CODE_STATUSES])('filters by status %s, alone and with a type', async (status) => {
      const rows = await allPages<Row>(list, { status, sortBy: 'amount', sortOrder: 'asc' }, 4);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((c) => c._id)).toEqual(await expectedIds('amount', 'asc', { status }));
      const both = await allPages<Row>(list, { status, type: 'promo_code' }, 4);
      expect(both.map((c) => c._id)).toEqual(await expectedIds('createdAt', 'desc', { status, type: 'promo_code' }));
    });

    it('searches the code name, trimmed and case-insensitive, with % and _ literal', async () => {
      const names = await db().selectFrom('discount_codes').select(['id', 'code_name']).execute();
      const matching = (s: string) =>
        names
          .filter((c) => c.code_name.toLowerCase().includes(s.toLowerCase()))
          .map((c) => c.id)
          .sort();
      const found = async (query: Record<string, string>) =>
        (await allPages<Row>(list, query, 4)).map((c) => c._id).sort();

      const tst = await found({ search: '  tst- ' });
      expect(tst.length).toBeGreaterThan(4);
      expect(tst).toEqual(matching('tst-'));
      // as a wildcard, _ would match every "TST-"
      expect(await found({ search: 'TST_' })).toEqual(matching('tst_'));
      expect(matching('tst_')).toHaveLength(1);
      expect((await list({ search: 'TST%' })).body).toMatchObject({ data: [], total: 0 });

      const inactive = await allPages<Row>(list, { search: 'tst-', status: 'Inactive' }, 4);
      expect(inactive.length).toBeGreaterThan(0);
      expect(inactive.length).toBeLessThan(tst.length);
      for (const c of inactive)
        expect(c).toMatchObject({ status: 'Inactive', codeName: expect.stringMatching(/tst-/i) });
    });

    it.each([
      [{ sortBy: 'amount_cents' }, 'sortBy'],
      [{ sortBy: 'dc.id; drop table discount_codes' }, 'sortBy'],
      [{ sortOrder: 'up' }, 'sortOrder'],
      [{ type: 'coupon' }, 'type'],
      [{ status: 'Expired' }, 'status'],
      [{ limit: '101' }, 'limit'],
    ])('refuses %j on its field', async (query, field) => {
      fieldError(await list(query), field);
    });

    it('needs a signed-in admin', async () => {
      expect((await api.call('GET', '/discountCode/getAll')).status).toBe(401);
    });
  });

  describe('GET /discountCode/influencerOptions', () => {
    it("finds influencers by name for a code's form, with their names and nothing else", async () => {
      const reply = await api.call('GET', '/discountCode/influencerOptions', { token, query: { limit: '5' } });
      expect(reply.status).toBe(200);
      const rows = reply.body.data as Array<Record<string, string>>;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(5);
      for (const r of rows) expect(Object.keys(r).sort()).toEqual(['_id', 'displayName', 'userName']);
      const one = rows[0]!;
      const found = await api.call('GET', '/discountCode/influencerOptions', {
        token,
        query: { search: one.displayName ?? '' },
      });
      expect((found.body.data as Array<{ _id: string }>).map((r) => r._id)).toContain(one._id);
      const tooMany = await api.call('GET', '/discountCode/influencerOptions', { token, query: { limit: '21' } });
      expect(tooMany.status).toBe(400);
    });
  });

  describe('GET /discountCode/getDetail', () => {
    it('returns one code; 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
      const c = await oldCode({ type: 'influencer_discount_code', total_redeem: 3 });
      expect((await detail(c._id)).body).toEqual({ statusCode: 200, message: 'Discount code', data: c });
      expect(c.influencer?._id).toBe(influencerId);
      expect((await detail(UNKNOWN_ID)).body).toEqual({ statusCode: 404, message: 'Discount code not found' });
      expectMalformedId(await detail('nope'));
      expect((await api.call('GET', '/discountCode/getDetail', { query: { id: c._id } })).status).toBe(401);
    });
  });

  describe("a code's redemptions", () => {
    it('are the redemption history filtered by its id, in every order the history sorts by', async () => {
      const top = await db()
        .selectFrom('redemptions')
        .select(['discount_code_id', sql<string>`count(*)`.as('n')])
        .where('discount_code_id', 'is not', null)
        .groupBy('discount_code_id')
        .orderBy('n', 'desc')
        .executeTakeFirstOrThrow();
      const code = { id: top.discount_code_id!, redemptions: Number(top.n) };
      expect(code.redemptions).toBeGreaterThan(4);
      const history = (query: Record<string, string>) => api.call('GET', '/redemption/getAll', { token, query });
      for (const sortOrder of ['asc', 'desc'] as const) {
        for (const [sortBy, column] of [
          ['redeemedAt', 'redeemed_at'],
          ['createdAt', 'created_at'],
          ['discountAmount', 'discount_amount_cents'],
        ] as const) {
          const rows = await allPages<{ _id: string }>(history, { filterValue: code.id, sortBy, sortOrder }, 4);
          const expected = await db()
            .selectFrom('redemptions')
            .select('id')
            .where('discount_code_id', '=', code.id)
            .orderBy(column, sortOrder)
            .orderBy('id', sortOrder)
            .execute();
          expect(rows.map((r) => r._id)).toEqual(expected.map((r) => r.id));
        }
      }
      expect((await history({ filterValue: code.id })).body.total).toBe(code.redemptions);
    });
  });

  describe('POST /discountCode/create', () => {
    it('adds an active code, stores cents, lists it and tells signed-in admins', async () => {
      const before = await count();
      const codeName = uniqueName('Summer');
      const r = await create({ codeName, type: 'promo_code', amount: 12.34, redeemLimit: 500 });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Discount code created');
      expect(r.body.data).toEqual(await stored(r.body.data._id));
      expect(r.body.data).toMatchObject({
        codeName,
        type: 'promo_code',
        amount: 12.34,
        status: 'Active',
        totalRedeem: 0,
        redeemLimit: 500,
        influencer: null,
      });
      expect(r.body.data.updatedAt).toBe(r.body.data.createdAt);
      const row = await db()
        .selectFrom('discount_codes')
        .select('amount_cents')
        .where('id', '=', r.body.data._id)
        .executeTakeFirstOrThrow();
      expect(row.amount_cents).toBe(1234);
      await announcedFor(r.body.data._id);
      expect(await count()).toBe(before + 1);
      expect((await list({ search: codeName })).body.data).toEqual([r.body.data]);
    });

    it.each([0.01, 0.07, 19.99, 10_000])('takes an amount of %d dollars as whole cents', async (amount) => {
      const r = await create(valid({ amount }));
      expect(r.status).toBe(200);
      expect(r.body.data.amount).toBe(amount);
    });

    it('adds an influencer code for an influencer, inactive if asked', async () => {
      const r = await create(valid({ type: 'influencer_discount_code', influencerId, status: 'Inactive' }));
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual(await stored(r.body.data._id));
      expect(r.body.data).toMatchObject({ status: 'Inactive', influencer: { _id: influencerId, isInfluencer: true } });
    });

    it('stores no influencer for the other types, and refuses one sent for them', async () => {
      const none = await create(valid({ type: 'signup', influencerId: null }));
      expect(none.status).toBe(200);
      expect(none.body.data.influencer).toBeNull();
      const before = await count();
      expect((await create(valid({ type: 'signup', influencerId }))).body).toEqual({
        statusCode: 400,
        message: INFLUENCER_MESSAGES.notAllowed,
        errors: { influencerId: INFLUENCER_MESSAGES.notAllowed },
      });
      expect(await count()).toBe(before);
    });

    it.each([
      ['no influencer', undefined, INFLUENCER_MESSAGES.required],
      ['a null influencer', null, INFLUENCER_MESSAGES.required],
      ['an unknown user', UNKNOWN_ID, INFLUENCER_MESSAGES.notFound],
    ])('refuses an influencer code with %s on influencerId', async (_what, id, message) => {
      const before = await count();
      const body = valid({ type: 'influencer_discount_code', ...(id === undefined ? {} : { influencerId: id }) });
      expect((await create(body)).body).toEqual({ statusCode: 400, message, errors: { influencerId: message } });
      expect(await count()).toBe(before);
    });

    it('refuses an influencer code for a fan, and a malformed influencer id', async () => {
      const fan = await create(valid({ type: 'influencer_discount_code', influencerId: fanId }));
      expect(fan.body.errors).toEqual({ influencerId: INFLUENCER_MESSAGES.notFound });
      expectMalformedId(await create(valid({ type: 'influencer_discount_code', influencerId: 'x' })), 'influencerId');
    });

    it('refuses a name another code has, in any case, on the codeName field', async () => {
      const taken = (await db().selectFrom('discount_codes').select('code_name').executeTakeFirstOrThrow()).code_name;
      const before = await count();
      for (const codeName of [taken.toLowerCase(), taken.toUpperCase()]) {
        expect((await create(valid({ codeName }))).body).toEqual({
          statusCode: 409,
          message: CATALOG_MESSAGES.codeNameTaken,
          errors: { codeName: CATALOG_MESSAGES.codeNameTaken },
        });
      }
      expect(await count()).toBe(before);
    });

    it('adds one code when two admins add the same name at once', async () => {
      const codeName = uniqueName('race');
      const results = await Promise.all([
        create(valid({ codeName })),
        create(valid({ codeName: codeName.toUpperCase(), type: 'signup' })),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.status === 409)!;
      expect(loser.body.errors).toEqual({ codeName: CATALOG_MESSAGES.codeNameTaken });
      const rows = await db().selectFrom('discount_codes').select('id').where('code_name', '=', codeName).execute();
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['zero', 0],
      ['negative', -5],
      ['a fraction of a cent', 0.001],
      ['above the maximum', 10_000.01],
      ['not a number', 'ten'],
    ])('refuses an amount %s on the amount field', async (_what, amount) => {
      const before = await count();
      fieldError(await create(valid({ amount })), 'amount');
      expect(await count()).toBe(before);
    });

    it.each([
      ['too short', 'AB'],
      ['a space', 'SUMMER SALE'],
      ['a leading dash', '-SUMMER'],
      ['a symbol', 'SUMMER%'],
      ['an emoji', 'SUMMER💸'],
      ['too long', 'S'.repeat(31)],
      ['empty', ''],
    ])('refuses a code name with %s, in the words the form uses', async (_what, codeName) => {
      const r = await create(valid({ codeName }));
      fieldError(r, 'codeName');
      if (codeName.length >= 3 && codeName.length <= 30) {
        expect(r.body.errors).toEqual({ codeName: CATALOG_MESSAGES.codeNameInvalid });
      }
    });

    it.each([
      ['an unknown type', { type: 'coupon' }, 'type'],
      ['the misspelling fixed', { type: 'referral' }, 'type'],
      ['a zero redeem limit', { redeemLimit: 0 }, 'redeemLimit'],
      ['a fractional redeem limit', { redeemLimit: 1.5 }, 'redeemLimit'],
      ['a redeem limit above the maximum', { redeemLimit: 1_000_001 }, 'redeemLimit'],
      ['an unknown status', { status: 'Expired' }, 'status'],
    ])('refuses %s on its field', async (_what, over, field) => {
      fieldError(await create(valid(over)), field);
    });

    it.each(['codeName', 'type', 'amount', 'redeemLimit'])('refuses a missing %s', async (field) => {
      const body: Record<string, unknown> = valid();
      delete body[field];
      expect((await create(body)).body.errors).toEqual({ [field]: `${field} is required` });
    });

    it('names every missing field at once, and needs a signed-in admin', async () => {
      const r = await create({});
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.errors ?? {}).sort()).toEqual(['amount', 'codeName', 'redeemLimit', 'type']);
      expect((await api.call('POST', '/discountCode/create', { body: valid() })).status).toBe(401);
    });
  });

  describe('PATCH /discountCode/update', () => {
    it('changes only the fields sent, moving updatedAt and keeping createdAt, and tells admins', async () => {
      const c = await oldCode({ total_redeem: 4 });
      const r = await update(c._id, { amount: 7.5, redeemLimit: 40 });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Discount code saved');
      expect(r.body.data).toEqual(await stored(c._id));
      expect(r.body.data).toMatchObject({
        ...c,
        amount: 7.5,
        redeemLimit: 40,
        updatedAt: expect.any(String),
      });
      expect(Date.parse(r.body.data.updatedAt)).toBeGreaterThan(Date.parse(c.updatedAt));
      await announcedFor(c._id);
    });

    it('renames, a change of case counting as a change, and deactivates', async () => {
      const c = await oldCode();
      const renamed = await update(c._id, { codeName: c.codeName.toLowerCase() });
      expect(renamed.body.data.codeName).toBe(c.codeName.toLowerCase());
      expect(Date.parse(renamed.body.data.updatedAt)).toBeGreaterThan(Date.parse(c.updatedAt));
      const off = await update(c._id, { status: 'Inactive' });
      expect(off.body.data).toMatchObject({ status: 'Inactive', codeName: c.codeName.toLowerCase() });
    });

    it('leaves updatedAt alone when nothing really changes', async () => {
      const c = await oldCode({ type: 'influencer_discount_code' });
      const r = await update(c._id, {
        codeName: c.codeName,
        type: c.type,
        amount: c.amount,
        redeemLimit: c.redeemLimit,
        status: c.status,
        influencerId: c.influencer!._id,
      });
      expect(r.body.data).toEqual(c);
    });

    it('moves a code to an influencer, to another one, and away, which clears the influencer', async () => {
      const c = await oldCode({ type: 'promo_code' });
      expect((await update(c._id, { type: 'influencer_discount_code' })).body.errors).toEqual({
        influencerId: INFLUENCER_MESSAGES.required,
      });
      const to = await update(c._id, { type: 'influencer_discount_code', influencerId });
      expect(to.body.data).toMatchObject({ type: 'influencer_discount_code', influencer: { _id: influencerId } });
      const other = await update(c._id, { influencerId: otherInfluencerId });
      expect(other.body.data.influencer._id).toBe(otherInfluencerId);
      expect((await update(c._id, { influencerId: null })).body.errors).toEqual({
        influencerId: INFLUENCER_MESSAGES.required,
      });
      expect((await update(c._id, { influencerId: fanId })).body.errors).toEqual({
        influencerId: INFLUENCER_MESSAGES.notFound,
      });
      const away = await update(c._id, { type: 'wallet_top_up' });
      expect(away.body.data).toMatchObject({ type: 'wallet_top_up', influencer: null });
      expect(await stored(c._id)).toEqual(away.body.data);
      expect((await update(c._id, { influencerId })).body.errors).toEqual({
        influencerId: INFLUENCER_MESSAGES.notAllowed,
      });
    });

    it('keeps the redeem limit at or above what was already redeemed', async () => {
      const c = await oldCode({ total_redeem: 12, redeem_limit: 20 });
      const below = await update(c._id, { redeemLimit: 11, amount: 1 });
      const message = CATALOG_MESSAGES.redeemLimitBelowUsed(12);
      expect(below.body).toEqual({ statusCode: 400, message, errors: { redeemLimit: message } });
      expect(await stored(c._id)).toEqual(c);
      const equal = await update(c._id, { redeemLimit: 12 });
      expect(equal.body.data).toMatchObject({ redeemLimit: 12, totalRedeem: 12 });

      const one = await oldCode({ total_redeem: 1, redeem_limit: 5 });
      expect((await update(one._id, { redeemLimit: 1 })).status).toBe(200);
      const single = CATALOG_MESSAGES.redeemLimitBelowUsed(1);
      expect(single).toMatch(/1 redemption already/);
    });

    it('answers 400, never 500, when a redemption lands while the limit is lowered', async () => {
      const c = await oldCode({ total_redeem: 9, redeem_limit: 20 });
      let pending: Promise<Reply> | undefined;
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('discount_codes')
            .set({ total_redeem: sql`total_redeem + 1` })
            .where('id', '=', c._id)
            .execute();
          // Valid when sent (9 used); the redemption commits before the change can apply.
          pending = update(c._id, { redeemLimit: 9 });
          await new Promise((r) => setTimeout(r, 300));
        });
      const message = CATALOG_MESSAGES.redeemLimitBelowUsed(10);
      expect((await pending!).body).toEqual({ statusCode: 400, message, errors: { redeemLimit: message } });
      expect(await stored(c._id)).toMatchObject({ redeemLimit: 20, totalRedeem: 10 });
    });

    it('refuses the name of another code (409), bad values and an empty change (400)', async () => {
      const c = await oldCode();
      const other = await oldCode();
      expect((await update(c._id, { codeName: other.codeName.toLowerCase() })).body).toEqual({
        statusCode: 409,
        message: CATALOG_MESSAGES.codeNameTaken,
        errors: { codeName: CATALOG_MESSAGES.codeNameTaken },
      });
      for (const [body, field] of [
        [{ amount: 0 }, 'amount'],
        [{ amount: -1 }, 'amount'],
        [{ amount: 0.001 }, 'amount'],
        [{ amount: 10_001 }, 'amount'],
        [{ codeName: 'no spaces allowed' }, 'codeName'],
        [{ type: 'coupon' }, 'type'],
        [{ redeemLimit: 0 }, 'redeemLimit'],
      ] as const) {
        fieldError(await update(c._id, body), field);
      }
      expect((await update(c._id, {})).body).toEqual({ statusCode: 400, message: CATALOG_MESSAGES.nothingToChange });
      expect(await stored(c._id)).toEqual(c);
    });

    it('answers 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
      expect((await update(UNKNOWN_ID, { amount: 1 })).body).toEqual({
        statusCode: 404,
        message: 'Discount code not found',
      });
      expectMalformedId(await update('x', { amount: 1 }));
      const r = await api.call('PATCH', '/discountCode/update', { query: { id: UNKNOWN_ID }, body: { amount: 1 } });
      expect(r.status).toBe(401);
    });
  });
});
