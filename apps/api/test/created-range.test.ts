import { sql, type Kysely } from 'kysely';
import { PAYMENT_MESSAGES, endpoints } from '@backoffice/shared-api/contract';
import type { DB } from '../src/db/schema';
import { allPages } from './helpers/expect';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

interface RangedList {
  name: string;
  path: string;
  /** The rows the list selects and the date its range applies to, as SQL over the table. */
  table: 'users' | 'video_calls' | 'redemptions';
  column: 'created_at' | 'redeemed_at';
  where: string;
  /** Another filter of the list, which the range narrows further, and the same as SQL. */
  filter(db: Kysely<DB>): Promise<{ query: Record<string, string>; where: string }>;
}

const LISTS: RangedList[] = [
  {
    name: 'fans (when they joined)',
    path: endpoints.getAllFans.path,
    table: 'users',
    column: 'created_at',
    where: 'NOT is_influencer',
    filter: async () => ({ query: { status: '1' }, where: `status = '1'` }),
  },
  {
    name: 'calls (when requested)',
    path: endpoints.getAllCalls.path,
    table: 'video_calls',
    column: 'created_at',
    where: 'true',
    filter: async () => ({ query: { status: 'Completed' }, where: `status = 'Completed'` }),
  },
  {
    name: 'redemptions (when redeemed)',
    path: endpoints.getAllRedemptions.path,
    table: 'redemptions',
    column: 'redeemed_at',
    where: 'true',
    filter: async (db) => {
      const { rows } = await sql<{ id: string }>`
        SELECT discount_code_id AS id FROM redemptions WHERE discount_code_id IS NOT NULL
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`.execute(db);
      return { query: { filterValue: rows[0]!.id }, where: `discount_code_id = '${rows[0]!.id}'` };
    },
  },
];

describe.each(BACKENDS)('the created-on range of the lists on %s', (backend) => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  describe.each(LISTS)('$name', (l) => {
    const list = (query: Record<string, string>) => api.call('GET', l.path, { token, query });
    const ids = async (query: Record<string, string>) =>
      (await allPages<{ _id: string }>(list, query, 100)).map((r) => r._id).sort();
    /** Each row's id and date, exactly as the database keeps it (microseconds included), oldest first. */
    const dated = async (where = 'true') =>
      (
        await sql<{ id: string; at: string }>`
          SELECT id, to_char(${sql.ref(l.column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
          FROM ${sql.table(l.table)} WHERE ${sql.raw(l.where)} AND ${sql.raw(where)}
          ORDER BY ${sql.ref(l.column)}, id`.execute(api.database.db)
      ).rows;

    it('keeps the rows between the bounds, both included', async () => {
      const rows = await dated();
      const lo = rows[Math.floor(rows.length / 4)]!;
      const hi = rows[Math.floor((rows.length * 3) / 4)]!;
      const expected = rows.filter((r) => r.at >= lo.at && r.at <= hi.at).map((r) => r.id);
      const got = await ids({ from: lo.at, to: hi.at });
      expect(got).toEqual([...expected].sort());
      expect(got).toEqual(expect.arrayContaining([lo.id, hi.id]));
      expect(got.length).toBeLessThan(rows.length);
      // one instant: the rows at exactly that instant
      expect(await ids({ from: hi.at, to: hi.at })).toEqual(
        rows
          .filter((r) => r.at === hi.at)
          .map((r) => r.id)
          .sort(),
      );
    });

    it('takes one bound alone: rows at or after from, at or before to', async () => {
      const rows = await dated();
      const mid = rows[Math.floor(rows.length / 2)]!;
      const after = await list({ from: mid.at, limit: '1' });
      const before = await list({ to: mid.at, limit: '1' });
      expect(after.body.total).toBe(rows.filter((r) => r.at >= mid.at).length);
      expect(before.body.total).toBe(rows.filter((r) => r.at <= mid.at).length);
    });

    it('narrows the other filters of the list', async () => {
      const f = await l.filter(api.database.db);
      const rows = await dated(f.where);
      expect(rows.length).toBeGreaterThan(1);
      const from = rows[Math.floor(rows.length / 2)]!.at;
      expect(await ids({ ...f.query, from })).toEqual(
        rows
          .filter((r) => r.at >= from)
          .map((r) => r.id)
          .sort(),
      );
    });

    it.each([
      [{ from: '2025-01-02T00:00:00Z', to: '2025-01-01T23:59:59Z' }, 'from', PAYMENT_MESSAGES.badDateRange],
      [{ from: '0000-01-01T00:00:00Z' }, 'from', 'from must be a valid date-time'],
      [{ to: '0000-12-31T23:59:59Z' }, 'to', 'to must be a valid date-time'],
      [{ from: 'yesterday' }, 'from', 'from must be a valid date-time'],
      [{ to: '2024-02-30T00:00:00Z' }, 'to', 'to must be a valid date-time'],
    ])('refuses %j on its field, as the transactions do', async (query, field, message) => {
      const r = await list(query);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ statusCode: 400, message, errors: { [field]: message } });
    });
  });
});
