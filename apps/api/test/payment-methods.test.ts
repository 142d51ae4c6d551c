import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { PAYMENT_MESSAGES, PaymentMethod, serverEvents } from '@backoffice/shared-api/contract';
import { allPages, expectMalformedId } from './helpers/expect';
import { nextEvent, nextEventOf, startWithAdminSocket } from './helpers/sockets';
import { BACKENDS, type TestApi } from './helpers/test-api';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const SORTS: Record<string, string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  name: 'name',
  isActive: 'is_active',
};

describe.each(BACKENDS)('payment methods on %s', (backend) => {
  let api: TestApi;
  let token: string;
  let socket: Socket;
  let made = 0;
  const db = () => api.database.db;

  /** A method of its own for a test that changes one, dated long ago so that a change shows. */
  async function oldMethod(isActive = true): Promise<PaymentMethod> {
    const n = ++made;
    const at = new Date(Date.UTC(2024, 2, 1 + n, 8));
    const r = await db()
      .insertInto('payment_methods')
      .values({
        name: `Wallet ${n} ${crypto.randomBytes(3).toString('hex')}`,
        is_active: isActive,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { _id: r.id, name: r.name, isActive: r.is_active, createdAt: at.toISOString(), updatedAt: at.toISOString() };
  }

  beforeAll(async () => {
    ({ api, token, socket } = await startWithAdminSocket(backend));
    // More than a page, in both states, some with equal dates, so that sorts and ties show.
    const at = new Date(Date.UTC(2024, 0, 15, 12));
    await db()
      .insertInto('payment_methods')
      .values(
        ['Venmo', 'Cash App', 'Zelle', 'Skrill', 'Payoneer', 'Wise', 'Alipay'].map((name, i) => ({
          name,
          is_active: i % 3 !== 0,
          created_at: i < 3 ? at : new Date(at.getTime() + i * 86_400_000),
          updated_at: i % 2 === 0 ? at : new Date(at.getTime() + i * 3_600_000),
        })),
      )
      .execute();
  });
  afterAll(async () => {
    socket?.disconnect();
    await api?.close();
  });

  const list = (query: Record<string, string> = {}) => api.call('GET', '/paymentMethod/getAll', { token, query });
  const detail = (id: string) => api.call('GET', '/paymentMethod/getDetail', { token, query: { id } });
  const create = (body: Record<string, unknown>) => api.call('POST', '/paymentMethod/create', { token, body });
  const update = (id: string, body: Record<string, unknown>) =>
    api.call('PATCH', '/paymentMethod/update', { token, query: { id }, body });
  const changeStatus = (id: string, isActive: string) =>
    api.call('PATCH', '/paymentMethod/changeStatus', { token, query: { id, isActive } });

  const stored = (id: string) => db().selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
  const count = async () =>
    Number(
      (
        await db()
          .selectFrom('payment_methods')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const asRow = (r: NonNullable<Awaited<ReturnType<typeof stored>>>): PaymentMethod => ({
    _id: r.id,
    name: r.name,
    isActive: r.is_active,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  });

  const expectedIds = async (sortBy: string, order: 'asc' | 'desc', isActive?: boolean) => {
    let q = db().selectFrom('payment_methods').select('id');
    if (isActive !== undefined) q = q.where('is_active', '=', isActive);
    const rows = await q.orderBy(sql.ref(SORTS[sortBy]!), order).orderBy('id', order).execute();
    return rows.map((r) => r.id);
  };

  describe('GET /paymentMethod/getAll', () => {
    it('lists methods newest first with the fields of the spec', async () => {
      const expected = await expectedIds('createdAt', 'desc');
      const r = await list();
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(await count());
      expect(r.body.data.map((m: PaymentMethod) => m._id)).toEqual(expected.slice(0, 10));
      expect(Object.keys(r.body.data[0]).sort()).toEqual(Object.keys(PaymentMethod.properties).sort());
      for (const m of r.body.data as PaymentMethod[]) expect(m).toEqual(asRow((await stored(m._id))!));
    });

    it.each(Object.keys(SORTS).flatMap((s) => [[s, 'asc'] as const, [s, 'desc'] as const]))(
      'sorts by %s %s across pages, ties by id',
      async (sortBy, sortOrder) => {
        const rows = await allPages<PaymentMethod>(list, { sortBy, sortOrder }, 4);
        expect(rows.map((m) => m._id)).toEqual(await expectedIds(sortBy, sortOrder));
        const value: Record<string, (m: PaymentMethod) => number> = {
          createdAt: (m) => Date.parse(m.createdAt),
          updatedAt: (m) => Date.parse(m.updatedAt),
          isActive: (m) => Number(m.isActive),
        };
        const v = value[sortBy];
        if (v) {
          const values = rows.map(v);
          const sorted = [...values].sort((a, b) => (sortOrder === 'asc' ? a - b : b - a));
          expect(values).toEqual(sorted);
        }
      },
    );

    it.each([true, false])('filters by isActive=%s', async (isActive) => {
      const rows = await allPages<PaymentMethod>(list, { isActive: String(isActive) }, 4);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((m) => m._id)).toEqual(await expectedIds('createdAt', 'desc', isActive));
    });

    it('searches the name, trimmed and case-insensitive, with % and _ literal', async () => {
      const names = (await db().selectFrom('payment_methods').select(['id', 'name']).execute()).map((m) => m);
      const matching = (s: string) => names.filter((m) => m.name.toLowerCase().includes(s.toLowerCase()));
      const r = await allPages<PaymentMethod>(list, { search: '  PAY ' }, 4);
      expect(r.length).toBeGreaterThan(1);
      expect(r.map((m) => m._id).sort()).toEqual(
        matching('pay')
          .map((m) => m.id)
          .sort(),
      );
      const both = await allPages<PaymentMethod>(list, { search: 'pay', isActive: 'true' }, 4);
      for (const m of both) expect(m.isActive).toBe(true);
      expect(both.length).toBeLessThan(r.length);
      // as wildcards these would match PayPal and Payoneer
      for (const search of ['Pay%', 'Pay_al', 'nothing like it']) {
        expect((await list({ search })).body).toMatchObject({ data: [], total: 0 });
      }
    });

    it('needs a signed-in admin', async () => {
      expect((await api.call('GET', '/paymentMethod/getAll')).status).toBe(401);
    });
  });

  describe('GET /paymentMethod/getDetail', () => {
    it('returns one method; 404 for an unknown id, 400 for a malformed one', async () => {
      const m = await oldMethod(false);
      expect((await detail(m._id)).body).toEqual({ statusCode: 200, message: 'Payment method', data: m });
      expect((await detail(UNKNOWN_ID)).body).toEqual({ statusCode: 404, message: 'Payment method not found' });
      expectMalformedId(await detail('nope'));
    });
  });

  describe('POST /paymentMethod/create', () => {
    it('adds an active method, lists it and tells signed-in admins', async () => {
      const before = await count();
      const announced = nextEvent(socket, serverEvents.paymentMethodUpdated.name);
      const r = await create({ name: 'Revolut Pay  ' });
      expect(r.status).toBe(200);
      const row = await stored(r.body.data._id);
      expect(r.body.data).toEqual(asRow(row!));
      expect(r.body.data).toMatchObject({ name: 'Revolut Pay', isActive: true });
      expect(r.body.data.updatedAt).toBe(r.body.data.createdAt);
      await expect(announced).resolves.toEqual({ _id: r.body.data._id });
      expect(await count()).toBe(before + 1);
      expect((await list({ search: 'revolut' })).body.data).toEqual([r.body.data]);

      const off = await create({ name: "Dad's Bank (A&B) + Co.", isActive: false });
      expect(off.status).toBe(200);
      expect(off.body.data).toMatchObject({ name: "Dad's Bank (A&B) + Co.", isActive: false });
    });

    it('refuses a name another method has, in any case, on the name field', async () => {
      const before = await count();
      for (const name of ['paypal', 'PAYPAL', 'PayPal ']) {
        expect((await create({ name })).body).toEqual({
          statusCode: 409,
          message: 'A payment method with this name already exists',
          errors: { name: 'A payment method with this name already exists' },
        });
      }
      expect(await count()).toBe(before);
    });

    it('adds one method when two admins add the same name at once', async () => {
      const name = `Race ${crypto.randomBytes(3).toString('hex')}`;
      const results = await Promise.all([create({ name }), create({ name: name.toUpperCase() })]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const rows = await db().selectFrom('payment_methods').select('id').where('name', '=', name).execute();
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['empty', ''],
      ['blank', '   '],
      ['a leading space', ' Stripe Two'],
      ['a character outside the allowed set', 'Pay<script>'],
      ['an emoji', 'Pay 💸'],
      ['a leading symbol', '-Pay'],
      ['too long', 'P'.repeat(51)],
    ])('refuses a name with %s on the name field', async (_what, name) => {
      const before = await count();
      const r = await create({ name });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.errors ?? {})).toEqual(['name']);
      expect(await count()).toBe(before);
    });

    it('says what a name may hold, in the words the form uses', async () => {
      expect((await create({ name: 'Pay<script>' })).body.errors).toEqual({
        name: PAYMENT_MESSAGES.paymentMethodNameInvalid,
      });
    });

    it('refuses a missing name and needs a signed-in admin', async () => {
      expect((await create({})).body.errors).toEqual({ name: 'name is required' });
      expect((await api.call('POST', '/paymentMethod/create', { body: { name: 'Nope' } })).status).toBe(401);
    });
  });

  describe('PATCH /paymentMethod/update', () => {
    it('renames, trimmed, moving updatedAt and keeping createdAt', async () => {
      const m = await oldMethod();
      const announced = nextEventOf<{ _id: string }>(
        socket,
        serverEvents.paymentMethodUpdated.name,
        (p) => p._id === m._id,
      );
      const r = await update(m._id, { name: 'Renamed Method 1 ' });
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual(asRow((await stored(m._id))!));
      expect(r.body.data).toMatchObject({ name: 'Renamed Method 1', isActive: true, createdAt: m.createdAt });
      expect(Date.parse(r.body.data.updatedAt)).toBeGreaterThan(Date.parse(m.updatedAt));
      await expect(announced).resolves.toEqual({ _id: m._id });
    });

    it("changes the case of a method's own name, and counts it as a change", async () => {
      const m = await oldMethod();
      const r = await update(m._id, { name: m.name.toUpperCase() });
      expect(r.status).toBe(200);
      expect(r.body.data.name).toBe(m.name.toUpperCase());
      expect(Date.parse(r.body.data.updatedAt)).toBeGreaterThan(Date.parse(m.updatedAt));
    });

    it('leaves updatedAt alone when nothing really changes', async () => {
      const m = await oldMethod();
      const r = await update(m._id, { name: m.name, isActive: true });
      expect(r.body.data).toEqual(m);
    });

    it('changes isActive alone', async () => {
      const m = await oldMethod();
      const r = await update(m._id, { isActive: false });
      expect(r.body.data).toMatchObject({ name: m.name, isActive: false });
      expect(Date.parse(r.body.data.updatedAt)).toBeGreaterThan(Date.parse(m.updatedAt));
    });

    it('refuses the name of another method (409), an invalid name and an empty change (400)', async () => {
      const m = await oldMethod();
      const taken = await update(m._id, { name: 'sTrIpE' });
      expect(taken.body).toEqual({
        statusCode: 409,
        message: 'A payment method with this name already exists',
        errors: { name: 'A payment method with this name already exists' },
      });
      for (const name of ['', '  ', 'Pay;drop']) {
        const bad = await update(m._id, { name });
        expect(bad.status).toBe(400);
        expect(Object.keys(bad.body.errors ?? {})).toEqual(['name']);
      }
      expect((await update(m._id, {})).body).toEqual({ statusCode: 400, message: 'Send at least one field to change' });
      expect(asRow((await stored(m._id))!)).toEqual(m);
    });

    it('answers 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
      expect((await update(UNKNOWN_ID, { name: 'Ghost' })).body).toEqual({
        statusCode: 404,
        message: 'Payment method not found',
      });
      expectMalformedId(await update('x', { name: 'Ghost' }));
      const r = await api.call('PATCH', '/paymentMethod/update', { query: { id: UNKNOWN_ID }, body: { name: 'X' } });
      expect(r.status).toBe(401);
    });
  });

  describe('PATCH /paymentMethod/changeStatus', () => {
    it('deactivates and activates, moving updatedAt each time', async () => {
      const m = await oldMethod(true);
      const off = await changeStatus(m._id, 'false');
      expect(off.status).toBe(200);
      expect(off.body.message).toBe('Payment method deactivated');
      expect(off.body.data).toEqual(asRow((await stored(m._id))!));
      expect(off.body.data).toMatchObject({ isActive: false, name: m.name, createdAt: m.createdAt });
      expect(Date.parse(off.body.data.updatedAt)).toBeGreaterThan(Date.parse(m.updatedAt));
      expect((await list({ isActive: 'false', search: m.name })).body.data).toEqual([off.body.data]);

      const on = await changeStatus(m._id, 'true');
      expect(on.body.message).toBe('Payment method activated');
      expect(on.body.data.isActive).toBe(true);
      expect(Date.parse(on.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(off.body.data.updatedAt));
      expect((await stored(m._id))!.is_active).toBe(true);

      // the status it already has: nothing to record
      const again = await changeStatus(m._id, 'true');
      expect(again.body.data).toEqual(on.body.data);
    });

    it('answers 404 for an unknown id, 400 for malformed input, 401 without a token', async () => {
      expect((await changeStatus(UNKNOWN_ID, 'true')).body).toEqual({
        statusCode: 404,
        message: 'Payment method not found',
      });
      expectMalformedId(await changeStatus('x', 'true'));
      const m = await oldMethod();
      expect((await changeStatus(m._id, 'maybe')).body.errors).toEqual({ isActive: 'isActive must be boolean' });
      const r = await api.call('PATCH', '/paymentMethod/changeStatus', { query: { id: m._id, isActive: 'false' } });
      expect(r.status).toBe(401);
      expect(asRow((await stored(m._id))!)).toEqual(m);
    });
  });
});
