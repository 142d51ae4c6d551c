import { sql } from 'kysely';
import {
  PAYMENT_MESSAGES,
  TRANSACTION_SORTS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  TransactionRow,
  type TransactionSort,
} from '@backoffice/shared-api/contract';
import { allPages } from './helpers/expect';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

type Row = TransactionRow;

/** What each sort orders by, as the database sees it; the id breaks ties. */
const SORT_SQL: Record<TransactionSort, string[]> = {
  createdAt: ['t.created_at'],
  displayName: ['u.display_name', 't.user_id', 't.created_at'],
  preference: ['t.preference'],
  query: ['t.query'],
  amount: ['t.amount_cents'],
  payableAmount: ['t.payable_amount_cents'],
  platformFee: ['(t.amount_cents - t.payable_amount_cents)'],
  email: ['u.email'],
  status: ['t.status', 't.created_at'],
};

/** The number each numeric sort orders by, read from a row of the reply. */
const NUMERIC: Partial<Record<TransactionSort, (r: Row) => number>> = {
  createdAt: (r) => Date.parse(r.createdAt),
  amount: (r) => r.amount,
  payableAmount: (r) => r.payable_amount,
  platformFee: (r) => Math.round(r.amount * 100) - Math.round(r.payable_amount * 100),
};

const cents = (dollars: number) => Math.round(dollars * 100);

describe.each(BACKENDS)('GET /transaction/getAll on %s', (backend) => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  const list = (query: Record<string, string> = {}) => api.call('GET', '/transaction/getAll', { token, query });
  const pages = (query: Record<string, string>) => allPages<Row>(list, query, 100);

  /** Every transaction with its payer, straight from the database. */
  const everything = () =>
    api.database.db
      .selectFrom('transactions as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id',
        't.transaction_id',
        't.status',
        't.type',
        't.created_at',
        'u.email',
        'u.display_name',
        'u.user_name',
        'u.first_name',
        'u.last_name',
      ])
      .execute();

  const expectedIds = async (sortBy: TransactionSort, order: 'asc' | 'desc', ids?: string[]) => {
    let q = api.database.db.selectFrom('transactions as t').innerJoin('users as u', 'u.id', 't.user_id').select('t.id');
    if (ids) q = q.where('t.id', 'in', ids);
    for (const c of [...SORT_SQL[sortBy], 't.id']) q = q.orderBy(sql.raw(c), order);
    return (await q.execute()).map((r) => r.id);
  };

  const countWhere = async (column: 'status' | 'type', value: string) =>
    Number(
      (
        await api.database.db
          .selectFrom('transactions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where(column, '=', value)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("returns rows with the contract's fields, newest first, 10 a page, and the total of the table", async () => {
    const r = await list();
    expect(r.status).toBe(200);
    const all = await everything();
    expect(r.body.total).toBe(all.length);
    expect(r.body.data).toHaveLength(10);
    expect(r.body.data.map((x: Row) => x._id)).toEqual((await expectedIds('createdAt', 'desc')).slice(0, 10));

    // One paid call (with a call id) and one payment outside a call, field by field.
    const withCall = await api.database.db
      .selectFrom('transactions')
      .select('id')
      .where('video_call_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const withoutCall = await api.database.db
      .selectFrom('transactions')
      .select('id')
      .where('video_call_id', 'is', null)
      .where('order_id', 'is', null)
      .executeTakeFirstOrThrow();
    for (const { id } of [withCall, withoutCall]) {
      const t = await api.database.db
        .selectFrom('transactions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const u = await api.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', t.user_id)
        .executeTakeFirstOrThrow();
      const found = await list({ search: t.transaction_id });
      expect(found.body.total).toBe(1);
      const row = found.body.data[0] as Row;
      expect(Object.keys(row).sort()).toEqual(Object.keys(TransactionRow.properties).sort());
      expect(row).toEqual({
        _id: t.id,
        transactionId: t.transaction_id,
        orderId: t.order_id,
        videoCallId: t.video_call_id,
        userId: u.id,
        name: `${u.first_name} ${u.last_name}`.trim(),
        displayName: u.display_name,
        email: u.email,
        preference: t.preference,
        query: t.query,
        type: t.type,
        status: t.status,
        amount: t.amount_cents / 100,
        payable_amount: t.payable_amount_cents / 100,
        platformFee: (t.amount_cents - t.payable_amount_cents) / 100,
        hold_amount: t.hold_amount_cents / 100,
        released_amount: t.released_amount_cents / 100,
        earning: t.earning_cents / 100,
        createdAt: t.created_at.toISOString(),
      });
    }
  });

  it('gives the platform fee as amount minus payable amount on every row', async () => {
    const r = await list({ limit: '100', sortBy: 'platformFee', sortOrder: 'desc' });
    expect(r.body.data).toHaveLength(100);
    const stored = await api.database.db
      .selectFrom('transactions')
      .select(['id', 'amount_cents', 'payable_amount_cents'])
      .where(
        'id',
        'in',
        r.body.data.map((x: Row) => x._id),
      )
      .execute();
    const byId = new Map(stored.map((s) => [s.id, s]));
    for (const row of r.body.data as Row[]) {
      const s = byId.get(row._id)!;
      expect(cents(row.platformFee)).toBe(cents(row.amount) - cents(row.payable_amount));
      expect(cents(row.platformFee)).toBe(s.amount_cents - s.payable_amount_cents);
    }
    expect(cents(r.body.data[0].platformFee)).toBeGreaterThan(0);
  });

  describe.each(TRANSACTION_SORTS.flatMap((s) => [[s, 'asc'] as const, [s, 'desc'] as const]))(
    'sortBy %s %s',
    (sortBy, sortOrder) => {
      it('orders every page, ties by id', async () => {
        const rows = await pages({ sortBy, sortOrder });
        expect(rows.map((r) => r._id)).toEqual(await expectedIds(sortBy, sortOrder));
        const key = NUMERIC[sortBy];
        if (key) {
          const keys = rows.map(key);
          const sorted = [...keys].sort((a, b) => (sortOrder === 'asc' ? a - b : b - a));
          expect(keys).toEqual(sorted);
          expect(keys[0]).not.toBe(keys[keys.length - 1]);
        }
        if (sortBy === 'status') {
          const statuses = rows.map((r) => r.status);
          const sorted = [...statuses].sort();
          expect(statuses).toEqual(sortOrder === 'asc' ? sorted : sorted.reverse());
        }
      });
    },
  );

  describe('search', () => {
    /** Which transactions the search should find: a case-insensitive substring of any searched field. */
    const matching = async (text: string) => {
      const needle = text.trim().toLowerCase();
      return (await everything())
        .filter((t) =>
          [t.email, t.display_name, t.user_name, `${t.first_name} ${t.last_name}`, t.transaction_id].some((v) =>
            v.toLowerCase().includes(needle),
          ),
        )
        .map((t) => t.id)
        .sort();
    };
    const found = async (search: string) => (await pages({ search })).map((r) => r._id).sort();

    it("finds a payer's payments by their email, trimmed and in any case", async () => {
      const busy = 'busy.fan@example.com';
      const ids = await found(`  ${busy.toUpperCase()} `);
      expect(ids.length).toBeGreaterThan(10);
      expect(ids).toEqual(await matching(busy));
    });

    it("finds a payer's payments by display name and by full name", async () => {
      const payer = await api.database.db
        .selectFrom('transactions as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['u.display_name', 'u.first_name', 'u.last_name'])
        .where('u.display_name', '<>', '')
        .orderBy('t.created_at', 'desc')
        .executeTakeFirstOrThrow();
      const byDisplay = await found(payer.display_name);
      expect(byDisplay.length).toBeGreaterThan(0);
      expect(byDisplay).toEqual(await matching(payer.display_name));
      const full = `${payer.first_name} ${payer.last_name}`;
      expect(await found(full)).toEqual(await matching(full));
    });

    it('finds one payment by its transaction id, or part of it', async () => {
      const t = await api.database.db
        .selectFrom('transactions')
        .select(['id', 'transaction_id'])
        .orderBy('amount_cents', 'desc')
        .executeTakeFirstOrThrow();
      expect(await found(t.transaction_id)).toEqual([t.id]);
      const part = t.transaction_id.slice(4, 14);
      expect(await found(part)).toEqual(await matching(part));
    });

    it('treats % and _ as the characters they are; short searches too', async () => {
      for (const s of ['%', '_', 'txn_%', 'bu', 'ex']) {
        const r = await list({ search: s });
        expect(r.status).toBe(200);
        expect(r.body.total).toBe((await matching(s)).length);
      }
      expect((await list({ search: 'nobody-pays-like-this' })).body).toMatchObject({ data: [], total: 0 });
    });
  });

  describe('filters', () => {
    it.each([...TRANSACTION_STATUSES])('status %s', async (status) => {
      const rows = await pages({ status });
      expect(rows.length).toBe(await countWhere('status', status));
      for (const r of rows) expect(r.status).toBe(status);
    });

    it.each([...TRANSACTION_TYPES])('type %s', async (type) => {
      const r = await list({ type, limit: '100' });
      expect(r.body.total).toBe(await countWhere('type', type));
      for (const row of r.body.data as Row[]) expect(row.type).toBe(type);
    });

    it('a created-on range, both bounds included, alone and with a status', async () => {
      // The bounds are exact instants of two payments, read as the database keeps them.
      const { rows } = await sql<{ id: string; at: string }>`
        SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
        FROM transactions ORDER BY created_at, id`.execute(api.database.db);
      const lo = rows[Math.floor(rows.length / 4)]!;
      const hi = rows[Math.floor((rows.length * 3) / 4)]!;
      const inRange = await api.database.db
        .selectFrom('transactions')
        .select(['id', 'status'])
        .where('created_at', '>=', sql<Date>`${lo.at}`)
        .where('created_at', '<=', sql<Date>`${hi.at}`)
        .execute();

      const got = await pages({ from: lo.at, to: hi.at });
      expect(got.map((r) => r._id).sort()).toEqual(inRange.map((r) => r.id).sort());
      expect(got.map((r) => r._id)).toEqual(expect.arrayContaining([lo.id, hi.id]));

      const completed = await list({ from: lo.at, to: hi.at, status: 'completed' });
      expect(completed.body.total).toBe(inRange.filter((r) => r.status === 'completed').length);

      expect((await list({ from: hi.at, to: hi.at })).body.data.map((r: Row) => r._id)).toContain(hi.id);
      // Payments at exactly hi's instant are in both halves, every other one in exactly one.
      const at = await api.database.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('created_at', '=', sql<Date>`${hi.at}`)
        .executeTakeFirstOrThrow();
      const after = await list({ from: hi.at });
      const before = await list({ to: hi.at });
      expect(after.body.total! + before.body.total!).toBe(rows.length + Number(at.n));
    });
  });

  it('pages add up to the total, with no row twice', async () => {
    const rows = await pages({ sortBy: 'displayName', sortOrder: 'asc' });
    expect(new Set(rows.map((r) => r._id)).size).toBe(rows.length);
    expect(rows.length).toBe((await everything()).length);
    const small = await allPages<Row>(list, { status: 'completed', sortBy: 'status' }, 7);
    expect(small.length).toBe(await countWhere('status', 'completed'));
  });

  it.each([
    [{ sortBy: 'amount_cents' }, 'sortBy', 'sortBy has an unsupported value'],
    [{ sortBy: 't.id; drop table transactions' }, 'sortBy', 'sortBy has an unsupported value'],
    [{ sortOrder: 'up' }, 'sortOrder', 'sortOrder has an unsupported value'],
    [{ status: 'paid' }, 'status', 'status has an unsupported value'],
    [{ type: 'gift' }, 'type', 'type has an unsupported value'],
    [{ from: 'yesterday' }, 'from', 'from must be a valid date-time'],
    [{ to: '2024-02-30T00:00:00Z' }, 'to', 'to must be a valid date-time'],
    [{ from: '0000-01-01T00:00:00Z' }, 'from', 'from must be a valid date-time'],
    [{ from: '2025-01-02T00:00:00Z', to: '2025-01-01T23:59:59Z' }, 'from', PAYMENT_MESSAGES.badDateRange],
    [{ limit: '0' }, 'limit', 'limit must be at least 1'],
    [{ limit: '101' }, 'limit', 'limit must be at most 100'],
    [{ page: '0' }, 'page', 'page must be at least 1'],
  ])('refuses %j with a message on its field', async (query, field, message) => {
    const r = await list(query);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ statusCode: 400, message, errors: { [field]: message } });
  });

  it('refuses a caller without a valid token', async () => {
    expect((await api.call('GET', '/transaction/getAll')).status).toBe(401);
    expect((await api.call('GET', '/transaction/getAll', { token: 'not-a-token' })).status).toBe(401);
  });
});
