import { sql } from 'kysely';
import {
  CALL_SORTS,
  CALL_STATUSES,
  CATALOG_MESSAGES,
  CallDetail,
  CallRow,
  type CallSort,
  type UserRef,
} from '@backoffice/shared-api/contract';
import { allPages, expectMalformedId } from './helpers/expect';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

type Row = CallRow;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const EPOCH = '1970-01-01T00:00:00.000Z';

/**
 * The length of a call as the database computes it in seconds, written differently from the
 * server's expression: unknown (null) while ongoing or when it never started.
 */
const DURATION_SQL = `CASE WHEN c.started_at IS NULL OR c.ended_at IS NULL OR c.ended_at = timestamptz 'epoch' THEN NULL ELSE extract(epoch FROM c.ended_at) - extract(epoch FROM c.started_at) END`;

/** What each sort orders by, as the database sees it; the last entries break ties. */
const SORT_SQL: Record<CallSort, { by: string[]; nullsLast?: boolean }> = {
  createdAt: { by: ['c.created_at'] },
  startedAt: { by: ['c.started_at'], nullsLast: true },
  duration: { by: [`(${DURATION_SQL})`], nullsLast: true },
  hostName: { by: ['h.display_name', 'h.id'] },
  receiverName: { by: ['r.display_name', 'r.id'] },
  transactionTotal: { by: ['c.transaction_total_cents'] },
  earnAmount: { by: ['c.earn_amount_cents'] },
  refundedAmount: { by: ['c.refunded_amount_cents'] },
  status: { by: ['c.status', 'c.created_at'] },
};

const durationOf = (r: Row): number | null =>
  r.startedAt && r.endedAt && r.endedAt !== EPOCH ? Date.parse(r.endedAt) - Date.parse(r.startedAt) : null;

/** The value each sort orders by, read from a row of the reply; null sorts last both ways. */
const KEY: Partial<Record<CallSort, (r: Row) => number | null>> = {
  createdAt: (r) => Date.parse(r.createdAt),
  startedAt: (r) => (r.startedAt ? Date.parse(r.startedAt) : null),
  duration: durationOf,
  transactionTotal: (r) => r.transactionTotal,
  earnAmount: (r) => r.earnAmount,
  refundedAmount: (r) => r.refundedAmount,
};

describe.each(BACKENDS)('video calls on %s', (backend) => {
  let api: TestApi;
  let token: string;
  const db = () => api.database.db;
  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  const list = (query: Record<string, string> = {}) => api.call('GET', '/videoCall/getAll', { token, query });
  const detail = (id: string) => api.call('GET', '/videoCall/getDetail', { token, query: { id } });
  const pages = (query: Record<string, string>) => allPages<Row>(list, query, 100);

  const userRef = (u: {
    id: string;
    display_name: string;
    user_name: string;
    email: string;
    main_profile_picture: string;
    is_influencer: boolean;
  }): UserRef => ({
    _id: u.id,
    displayName: u.display_name,
    userName: u.user_name,
    email: u.email,
    mainProfilePicture: u.main_profile_picture,
    isInfluencer: u.is_influencer,
  });

  /** Every call with both parties, straight from the database, in the reply's shape. */
  const everything = async (): Promise<Row[]> => {
    const [calls, users] = await Promise.all([
      db().selectFrom('video_calls').selectAll().execute(),
      db()
        .selectFrom('users')
        .select(['id', 'display_name', 'user_name', 'email', 'main_profile_picture', 'is_influencer'])
        .execute(),
    ]);
    const byId = new Map(users.map((u) => [u.id, userRef(u)]));
    return calls.map((c) => ({
      _id: c.id,
      host: byId.get(c.host_id)!,
      receiver: byId.get(c.receiver_id)!,
      status: c.status as Row['status'],
      createdAt: c.created_at.toISOString(),
      startedAt: c.started_at ? c.started_at.toISOString() : null,
      endedAt: c.ended_at ? c.ended_at.toISOString() : null,
      transactionTotal: c.transaction_total_cents / 100,
      earnAmount: c.earn_amount_cents / 100,
      refundedAmount: c.refunded_amount_cents / 100,
    }));
  };

  const expectedIds = async (sortBy: CallSort, order: 'asc' | 'desc', status?: string) => {
    let q = db()
      .selectFrom('video_calls as c')
      .innerJoin('users as h', 'h.id', 'c.host_id')
      .innerJoin('users as r', 'r.id', 'c.receiver_id')
      .select('c.id');
    if (status) q = q.where('c.status', '=', status);
    const { by, nullsLast } = SORT_SQL[sortBy];
    for (const c of by) q = q.orderBy(sql.raw(`${c} ${order}${nullsLast ? ' NULLS LAST' : ''}`));
    return (await q.orderBy('c.id', order).execute()).map((r) => r.id);
  };

  describe('GET /videoCall/getAll', () => {
    it("lists calls newest first, 10 a page, with the contract's fields as the database has them", async () => {
      const r = await list();
      expect(r.status).toBe(200);
      const all = await everything();
      expect(r.body.total).toBe(all.length);
      expect(r.body.data).toHaveLength(10);
      expect(r.body.data.map((c: Row) => c._id)).toEqual((await expectedIds('createdAt', 'desc')).slice(0, 10));
      expect(Object.keys(r.body.data[0]).sort()).toEqual(Object.keys(CallRow.properties).sort());
      const byId = new Map(all.map((c) => [c._id, c]));
      for (const c of (await pages({})) as Row[]) expect(c).toEqual(byId.get(c._id));
    });

    it('gives an ongoing call the epoch as its end, and a call never started no times', async () => {
      const ongoing = await pages({ status: 'Ongoing' });
      expect(ongoing.length).toBeGreaterThan(0);
      for (const c of ongoing) {
        expect(c.endedAt).toBe(EPOCH);
        expect(c.startedAt).not.toBeNull();
      }
      const requested = await pages({ status: 'Requested' });
      expect(requested.length).toBeGreaterThan(0);
      for (const c of requested) expect(c).toMatchObject({ startedAt: null, endedAt: null });
    });

    describe.each(CALL_SORTS.flatMap((s) => [[s, 'asc'] as const, [s, 'desc'] as const]))(
      'sortBy %s %s',
      (sortBy, sortOrder) => {
        it('orders every page, ties by id, unknown values last', async () => {
          const rows = await pages({ sortBy, sortOrder });
          expect(rows.map((r) => r._id)).toEqual(await expectedIds(sortBy, sortOrder));
          const key = KEY[sortBy];
          if (key) {
            const keys = rows.map(key);
            const known = keys.filter((k): k is number => k !== null);
            expect(known).toEqual([...known].sort((a, b) => (sortOrder === 'asc' ? a - b : b - a)));
            expect(keys.slice(known.length).every((k) => k === null)).toBe(true);
            expect(known[0]).not.toBe(known[known.length - 1]);
          }
          if (sortBy === 'duration' || sortBy === 'startedAt') {
            // the ongoing and never-started calls are there, after every known value
            const unknown = rows.filter((r) => KEY[sortBy]!(r) === null);
            expect(unknown.length).toBeGreaterThan(0);
            if (sortBy === 'duration') expect(unknown.some((r) => r.endedAt === EPOCH)).toBe(true);
          }
          if (sortBy === 'status') {
            const statuses = rows.map((r) => r.status);
            const sorted = [...statuses].sort();
            expect(statuses).toEqual(sortOrder === 'asc' ? sorted : sorted.reverse());
          }
        });
      },
    );

    it.each([...CALL_STATUSES])('filters by status %s', async (status) => {
      const rows = await pages({ status, sortBy: 'duration', sortOrder: 'asc' });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r._id)).toEqual(await expectedIds('duration', 'asc', status));
      for (const r of rows) expect(r.status).toBe(status);
    });

    describe('search', () => {
      /** Which calls the search should find: either party's names hold it, or the id starts with it. */
      const matching = async (text: string, status?: string) => {
        const needle = text.trim().toLowerCase();
        return (await everything())
          .filter((c) => !status || c.status === status)
          .filter(
            (c) =>
              c._id.startsWith(needle) ||
              [c.host.displayName, c.host.userName, c.receiver.displayName, c.receiver.userName].some((v) =>
                v.toLowerCase().includes(needle),
              ),
          )
          .map((c) => c._id)
          .sort();
      };
      const found = async (query: Record<string, string>) => (await pages(query)).map((r) => r._id).sort();

      it("finds either party's calls by display name or user name, trimmed and in any case", async () => {
        const c = await db()
          .selectFrom('video_calls as c')
          .innerJoin('users as h', 'h.id', 'c.host_id')
          .innerJoin('users as r', 'r.id', 'c.receiver_id')
          .select(['h.user_name as host', 'r.display_name as receiver'])
          .where('h.user_name', '=', 'busy.fan')
          .executeTakeFirstOrThrow();
        const byHost = await found({ search: `  ${c.host.toUpperCase()} ` });
        expect(byHost.length).toBeGreaterThan(10);
        expect(byHost).toEqual(await matching(c.host));
        const part = c.receiver.slice(0, 5);
        const byReceiver = await found({ search: part });
        expect(byReceiver.length).toBeGreaterThan(0);
        expect(byReceiver).toEqual(await matching(part));
      });

      it('finds a call by its whole id, in any case, and by its first characters', async () => {
        const all = await everything();
        const c = all[all.length - 1]!;
        expect(await found({ search: c._id.toUpperCase() })).toEqual([c._id]);
        for (const prefix of [c._id.slice(0, 8), c._id.slice(0, 13), c._id.slice(0, 3).toUpperCase(), c._id[0]!]) {
          const ids = await found({ search: prefix });
          expect(ids).toContain(c._id);
          expect(ids).toEqual(await matching(prefix));
        }
      });

      it('combines with the status filter; % and _ are literal; short searches too', async () => {
        const completed = await found({ search: 'fan', status: 'Completed' });
        expect(completed.length).toBeGreaterThan(0);
        expect(completed).toEqual(await matching('fan', 'Completed'));
        for (const s of ['%', '_', 'a_', 'an', 'e', '.']) {
          const r = await list({ search: s, limit: '100' });
          expect(r.status).toBe(200);
          expect(r.body.total).toBe((await matching(s)).length);
        }
        expect((await list({ search: 'nobody-calls-like-this' })).body).toMatchObject({ data: [], total: 0 });
      });
    });

    it.each([
      [{ sortBy: 'ended_at' }, 'sortBy'],
      [{ sortBy: 'c.id; drop table video_calls' }, 'sortBy'],
      [{ sortOrder: 'up' }, 'sortOrder'],
      [{ status: 'Done' }, 'status'],
      [{ page: '0' }, 'page'],
      [{ limit: '101' }, 'limit'],
    ])('refuses %j on its field', async (query, field) => {
      const r = await list(query);
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.errors ?? {})).toEqual([field]);
    });

    it('needs a signed-in admin', async () => {
      expect((await api.call('GET', '/videoCall/getAll')).status).toBe(401);
    });
  });

  describe('GET /videoCall/getDetail', () => {
    /** The call's transactions and refunds as the database has them, oldest first. */
    const moneyOf = async (id: string) => {
      const [transactions, refunds] = await Promise.all([
        db()
          .selectFrom('transactions')
          .selectAll()
          .where('video_call_id', '=', id)
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
        db()
          .selectFrom('refunds')
          .selectAll()
          .where('video_call_id', '=', id)
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
      ]);
      return {
        transactions: transactions.map((t) => ({
          _id: t.id,
          transactionId: t.transaction_id,
          orderId: t.order_id,
          type: t.type,
          status: t.status,
          amount: t.amount_cents / 100,
          payable_amount: t.payable_amount_cents / 100,
          createdAt: t.created_at.toISOString(),
        })),
        refunds: refunds.map((f) => ({
          _id: f.id,
          orderId: f.order_id,
          amount: f.amount_cents / 100,
          transfer_to: f.transfer_to,
          status: f.status,
          createdAt: f.created_at.toISOString(),
        })),
      };
    };

    const expectDetail = async (id: string) => {
      const r = await detail(id);
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Video call');
      const row = (await everything()).find((c) => c._id === id)!;
      const { updated_at } = await db()
        .selectFrom('video_calls')
        .select('updated_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Object.keys(r.body.data).sort()).toEqual(Object.keys(CallDetail.properties).sort());
      expect(r.body.data).toEqual({ ...row, updatedAt: updated_at.toISOString(), ...(await moneyOf(id)) });
      return r.body.data as CallDetail;
    };

    it('returns a refunded call with every transaction and refund the database has for it', async () => {
      const refunded = await db()
        .selectFrom('refunds')
        .select('video_call_id')
        .where('video_call_id', 'is not', null)
        .executeTakeFirstOrThrow();
      const d = await expectDetail(refunded.video_call_id!);
      expect(d.transactions.length).toBeGreaterThan(0);
      expect(d.refunds.length).toBeGreaterThan(0);
    });

    it('returns several transactions oldest first, an ongoing call, and a call with no money', async () => {
      const busiest = await db()
        .selectFrom('transactions')
        .select(['video_call_id', sql<string>`count(*)`.as('n')])
        .where('video_call_id', 'is not', null)
        .groupBy('video_call_id')
        .orderBy('n', 'desc')
        .executeTakeFirstOrThrow();
      const d = await expectDetail(busiest.video_call_id!);
      const times = d.transactions.map((t) => Date.parse(t.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));

      const ongoing = await db()
        .selectFrom('video_calls')
        .select('id')
        .where('status', '=', 'Ongoing')
        .executeTakeFirstOrThrow();
      expect((await expectDetail(ongoing.id)).endedAt).toBe(EPOCH);

      const none = await db()
        .selectFrom('video_calls as c')
        .select('c.id')
        .where('c.status', '=', 'Requested')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('transactions as t').select('t.id').whereRef('t.video_call_id', '=', 'c.id'))),
        )
        .executeTakeFirstOrThrow();
      expect(await expectDetail(none.id)).toMatchObject({ transactions: [], refunds: [], startedAt: null });
    });

    it('answers 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
      expect((await detail(UNKNOWN_ID)).body).toEqual({ statusCode: 404, message: CATALOG_MESSAGES.callNotFound });
      expect(CATALOG_MESSAGES.callNotFound).toBe('Call not found');
      expectMalformedId(await detail('not-a-call'));
      expect((await api.call('GET', '/videoCall/getDetail', { query: { id: UNKNOWN_ID } })).status).toBe(401);
    });
  });
});
