import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { TransactionRow } from '@backoffice/shared-api/contract';
import {
  DEEP_PAGE_OFFSET,
  EXACT_COUNT_LIMIT,
  HOUR_GRAIN_FROM,
  PERSON_LOOKUP_COST_IN_MATCHES,
  PEOPLE_SAMPLE_FROM_PROBE,
  PERSON_READ_COST_IN_ROWS,
} from '../src/lib/list';
import { recordStatements } from './helpers/plans';
import { BOTH_BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

/**
 * What makes a list cost the same on a million rows as on a thousand, checked for what a client
 * sees: totals the database keeps (list_counts) equal a count of the rows after every kind of
 * write; the first, a middle and the last page equal what OFFSET over the same order gives; a list
 * too large to count says its total is an estimate and still pages.
 */
describe.each(BOTH_BACKENDS)('lists at scale on %s', (backend) => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  const db = () => api.database.db;
  const list = (path: string, query: Record<string, string | number>) =>
    api.call('GET', path, {
      token,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });

  /** list_counts as the triggers left it, against a count of the rows, per list and filter value. */
  async function countsAgainstRows() {
    const kept = await sql<{ list: string; status: string; kind: string; n: string }>`
      SELECT list, status, kind, sum(n)::text AS n FROM list_counts GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3`.execute(
      db(),
    );
    const counted = await sql<{ list: string; status: string; kind: string; n: string }>`
      SELECT * FROM (
        SELECT 'users' AS list, status::text AS status, is_influencer::text AS kind, count(*)::text AS n FROM users GROUP BY 2, 3
        UNION ALL SELECT 'influencer_requests', status, '', count(*)::text FROM influencer_requests GROUP BY 2
        UNION ALL SELECT 'video_calls', status, '', count(*)::text FROM video_calls GROUP BY 2
        UNION ALL SELECT 'transactions', status, type, count(*)::text FROM transactions GROUP BY 2, 3
        UNION ALL SELECT 'payout_requests', status, '', count(*)::text FROM payout_requests GROUP BY 2
        UNION ALL SELECT 'payouts', '', '', count(*)::text FROM payouts
        UNION ALL SELECT 'redemptions', '', '', count(*)::text FROM redemptions
        UNION ALL SELECT 'notifications', is_read::text, '', count(*)::text FROM notifications GROUP BY 2
        UNION ALL SELECT 'discount_codes', status, type, count(*)::text FROM discount_codes GROUP BY 2, 3
        UNION ALL SELECT 'audit_log', action, '', count(*)::text FROM audit_log GROUP BY 2
      ) AS rows WHERE n <> '0' ORDER BY 1, 2, 3`.execute(db());
    // Each list's totals per filter value, whatever the day (list_totals), add the days up.
    const totals = await sql<{ list: string; status: string; kind: string; n: string }>`
      SELECT list, status, kind, n::text AS n FROM list_totals WHERE n <> 0 ORDER BY 1, 2, 3`.execute(db());
    const days = await sql<{ list: string; status: string; kind: string; n: string }>`
      SELECT list, status, kind, sum(n)::text AS n FROM list_counts GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3`.execute(
      db(),
    );
    expect(totals.rows).toEqual(days.rows);
    // Each day's hours (list_hour_counts) add up to the day, for every list and filter value.
    const byDay = sql`SELECT list, day::text AS day, status, kind, n::text AS n FROM list_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4`;
    const byHours = sql`
      SELECT list, hour::date::text AS day, status, kind, sum(n)::text AS n FROM list_hour_counts
      GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4`;
    expect((await byHours.execute(db())).rows).toEqual((await byDay.execute(db())).rows);
    return { kept: kept.rows, counted: counted.rows };
  }

  it('keeps every list total equal to its rows through inserts, updates, deletes and a rebuild', async () => {
    const before = await countsAgainstRows();
    expect(before.kept).toEqual(before.counted);

    const payer = await db()
      .selectFrom('users')
      .select('id')
      .where('is_influencer', '=', false)
      .executeTakeFirstOrThrow();
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`
        INSERT INTO transactions (transaction_id, user_id, type, status, amount_cents, payable_amount_cents, created_at)
        SELECT 'txn_scale_' || i, ${payer.id}, 'tip', 'pending', 100 * i, 90 * i, now() - make_interval(days => i)
        FROM generate_series(1, 40) AS i`.execute(trx);
        // a status change, a move to another day, and one that changes nothing counted
        await sql`UPDATE transactions SET status = 'completed' WHERE transaction_id LIKE 'txn\\_scale\\_1%'`.execute(
          trx,
        );
        await sql`UPDATE transactions SET created_at = created_at - interval '3 days' WHERE transaction_id = 'txn_scale_2'`.execute(
          trx,
        );
        // a move of a few hours, within its day or not (the hours kept beside the days)
        await sql`UPDATE transactions SET created_at = created_at - interval '2 hours' WHERE transaction_id = 'txn_scale_5'`.execute(
          trx,
        );
        await sql`UPDATE transactions SET query = 'x' WHERE transaction_id LIKE 'txn\\_scale\\_%'`.execute(trx);
        await sql`DELETE FROM transactions WHERE transaction_id IN ('txn_scale_3', 'txn_scale_4')`.execute(trx);
        await sql`UPDATE users SET status = '0' WHERE id = ${payer.id}`.execute(trx);
        await sql`UPDATE notifications SET is_read = NOT is_read`.execute(trx);
        // the audit log only grows
        await sql`INSERT INTO audit_log (action, actor_email, created_at)
          SELECT 'auth.signInFailed', 'scale' || i || '@example.com', now() - make_interval(days => i)
          FROM generate_series(1, 5) AS i`.execute(trx);
        // discount codes: a new one, a status and a type changed, one deleted if it was never redeemed
        await sql`INSERT INTO discount_codes (code_name, type, amount_cents, redeem_limit, status)
          VALUES ('SCALE-COUNT', 'wallet_top_up', 500, 10, 'Active')`.execute(trx);
        await sql`UPDATE discount_codes SET status = 'Inactive', type = 'signup' WHERE code_name = 'SCALE-COUNT'`.execute(
          trx,
        );
        await sql`UPDATE discount_codes SET status = CASE status WHEN 'Active' THEN 'Inactive' ELSE 'Active' END
          WHERE id IN (SELECT id FROM discount_codes WHERE type <> 'influencer_discount_code' ORDER BY id LIMIT 3)`.execute(
          trx,
        );
        await sql`DELETE FROM discount_codes WHERE id IN (
          SELECT id FROM discount_codes dc WHERE NOT EXISTS (SELECT 1 FROM redemptions r WHERE r.discount_code_id = dc.id)
          ORDER BY id LIMIT 1)`.execute(trx);
      });
    // a transaction rolled back leaves the totals as they were
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await sql`DELETE FROM notifications`.execute(trx);
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');

    const after = await countsAgainstRows();
    expect(after.kept).toEqual(after.counted);
    expect(after.kept).not.toEqual(before.kept);

    const kept =
      await sql`SELECT list, day::text, status, kind, n::text FROM list_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4`.execute(
        db(),
      );
    await sql`SELECT rebuild_list_counts()`.execute(db());
    const rebuilt =
      await sql`SELECT list, day::text, status, kind, n::text FROM list_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4`.execute(
        db(),
      );
    expect(rebuilt.rows).toEqual(kept.rows);
    const hours = sql`SELECT list, hour::text, status, kind, n::text FROM list_hour_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4`;
    const keptHours = await hours.execute(db());
    await sql`SELECT rebuild_list_counts()`.execute(db());
    expect((await hours.execute(db())).rows).toEqual(keptHours.rows);
    expect(keptHours.rows.length).toBeGreaterThan(kept.rows.length);
  });

  it("keeps each person's searchable names and roles equal to their rows through every write and a rebuild, and a search finds a renamed payer by the new name and a new applicant and sender", async () => {
    const computed = sql<{
      id: string;
      is_influencer: boolean;
      names: string;
      person: string;
      applicant: boolean;
      sender: boolean;
      created_at: Date;
      paid: string;
      redeemed: string;
    }>`
      SELECT id, is_influencer, lower(user_name::text || E'\\x1f' || display_name) AS names,
        lower(user_name::text || E'\\x1f' || display_name || E'\\x1f' || email::text || E'\\x1f' || first_name || ' ' || last_name) AS person,
        EXISTS (SELECT 1 FROM influencer_requests r WHERE r.user_id = u.id) AS applicant,
        EXISTS (SELECT 1 FROM notifications n WHERE n.sender_id = u.id) AS sender,
        created_at,
        (SELECT count(*) || ' ' || coalesce(sum(amount_cents), 0) || ' ' || coalesce(sum(payable_amount_cents), 0)
          FROM transactions t WHERE t.user_id = u.id) AS paid,
        (SELECT count(*)::text FROM redemptions r WHERE r.user_id = u.id) AS redeemed
      FROM users u ORDER BY id`;
    const kept = sql`SELECT id, is_influencer, names, person, applicant, sender, created_at,
        paid_count || ' ' || paid_amount_cents || ' ' || paid_payable_cents AS paid, redeemed_count::text AS redeemed
      FROM people_names ORDER BY id`;
    expect((await kept.execute(db())).rows).toEqual((await computed.execute(db())).rows);

    const payer = await db()
      .selectFrom('transactions as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select('u.id')
      .executeTakeFirstOrThrow();
    const search = (term: string) => list('/transaction/getAll', { search: term, limit: 100 });
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO users (user_name, email, display_name, first_name, last_name)
          SELECT 'names_' || i, 'names' || i || '@example.com', 'Names ' || i, 'First' || i, 'Last' || i
          FROM generate_series(1, 3) AS i`.execute(trx);
        await sql`UPDATE users SET display_name = 'Quillon Vantrebe', last_name = 'Vantrebe' WHERE id = ${payer.id}`.execute(
          trx,
        );
        await sql`UPDATE users SET is_influencer = true WHERE user_name = 'names_1'`.execute(trx);
        // when a user joined, corrected (the fans and influencers lists' searches sort by it)
        await sql`UPDATE users SET created_at = created_at - interval '1 day' WHERE user_name = 'names_1'`.execute(trx);
        // names_2 pays three times in one statement; one payment's amount and status change, one goes
        await sql`INSERT INTO transactions (transaction_id, user_id, type, status, amount_cents, payable_amount_cents)
          SELECT 'txn_names_' || i, id, 'tip', 'pending', 100 * i, 90 * i
          FROM users, generate_series(1, 3) AS i WHERE user_name = 'names_2'`.execute(trx);
        await sql`UPDATE transactions SET amount_cents = 5000, payable_amount_cents = 4500, status = 'completed'
          WHERE transaction_id = 'txn_names_2'`.execute(trx);
        await sql`DELETE FROM transactions WHERE transaction_id = 'txn_names_3'`.execute(trx);
        // names_2 redeems three codes; one redemption is moved to names_1, one goes
        await sql`INSERT INTO redemptions (user_id, discount_amount_cents)
          SELECT id, 100 + i FROM users, generate_series(1, 3) AS i WHERE user_name = 'names_2'`.execute(trx);
        await sql`UPDATE redemptions SET user_id = (SELECT id FROM users WHERE user_name = 'names_1')
          WHERE discount_amount_cents = 102 AND user_id = (SELECT id FROM users WHERE user_name = 'names_2')`.execute(
          trx,
        );
        await sql`DELETE FROM redemptions
          WHERE discount_amount_cents = 103 AND user_id = (SELECT id FROM users WHERE user_name = 'names_2')`.execute(
          trx,
        );
        // a write that changes no name (a sign-in) leaves the names as they are
        await sql`UPDATE users SET last_login_at = now() WHERE user_name = 'names_2'`.execute(trx);
        await sql`DELETE FROM users WHERE user_name = 'names_3'`.execute(trx);
        // names_1 applies, names_2 sends two notifications: each flagged where its rows are searched
        await sql`INSERT INTO influencer_requests (user_id) SELECT id FROM users WHERE user_name = 'names_1'`.execute(
          trx,
        );
        await sql`INSERT INTO notifications (description, sender_id)
          SELECT 'Names notice ' || i, id FROM users, generate_series(1, 2) AS i WHERE user_name = 'names_2'`.execute(
          trx,
        );
        // one of them moved to names_1, who is then a sender too
        await sql`UPDATE notifications SET sender_id = (SELECT id FROM users WHERE user_name = 'names_1')
          WHERE description = 'Names notice 2'`.execute(trx);
      });
    expect((await kept.execute(db())).rows).toEqual((await computed.execute(db())).rows);
    const renamed = await search('quillon vant');
    expect(renamed.status).toBe(200);
    expect(renamed.body.total).toBeGreaterThan(0);
    expect((renamed.body.data as TransactionRow[]).every((r) => r.userId === payer.id)).toBe(true);
    // Flagged as they wrote their first rows, the new applicant and sender are found by name.
    expect((await list('/admin/getAllRequests', { search: 'names_1', limit: 100 })).body.total).toBe(1);
    expect((await list('/notification/getAll', { search: 'names_2', limit: 100 })).body.total).toBe(1);
    expect((await list('/notification/getAll', { search: 'names_1', limit: 100 })).body.total).toBe(1);
    // The names are kept in lower case; a search in any case finds them, as ILIKE would.
    const shouted = await search('QUILLON VANT');
    expect(shouted.body.total).toBe(renamed.body.total);
    // A search holding the parts' separator matches no more than it would name by name.
    const across = await search('Quillon Vantrebe\u001f');
    expect(across.status).toBe(200);
    expect(across.body.total).toBe(0);

    // The payments' sums beside the names are what a payments search totals.
    const totals = await api.call('GET', '/transaction/getTotals', { token, query: { search: 'names_2' } });
    expect(totals.body.data).toMatchObject({ count: 2, totalTransactionAmount: 51, totalPayableAmount: 45.9 });

    const before = (await kept.execute(db())).rows;
    await sql`SELECT rebuild_people_names()`.execute(db());
    expect((await kept.execute(db())).rows).toEqual(before);
    // Gone again, so that the tests after this one count the payments they made, and only those.
    expect((await list('/redemption/getAll', { search: 'names_2', limit: 100 })).body.total).toBe(1);
    expect((await list('/redemption/getAll', { search: 'names_1', limit: 100 })).body.total).toBe(1);
    await sql`DELETE FROM transactions WHERE transaction_id LIKE 'txn\_names\_%'`.execute(db());
    await sql`DELETE FROM redemptions WHERE user_id IN (SELECT id FROM users WHERE user_name IN ('names_1', 'names_2'))`.execute(
      db(),
    );
    expect((await kept.execute(db())).rows).toEqual((await computed.execute(db())).rows);
  });

  it('empties a list total with its table on TRUNCATE', async () => {
    const notifications = () => sql<{ n: string }>`
      SELECT coalesce(sum(n), 0)::text AS n FROM list_counts WHERE list = 'notifications'`;
    expect((await notifications().execute(db())).rows[0]!.n).not.toBe('0');
    // Rolled back at the end, so that the notifications stay for the tests after this one.
    const undo = new Error('undo the truncate');
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await sql`TRUNCATE notifications`.execute(trx);
          expect((await notifications().execute(trx)).rows[0]!.n).toBe('0');
          const hours = await sql<{ n: string }>`
            SELECT count(*)::text AS n FROM list_hour_counts WHERE list = 'notifications'`.execute(trx);
          expect(hours.rows[0]!.n).toBe('0');
          throw undo;
        }),
    ).rejects.toBe(undo);
  });

  it.each([
    ['displayName', 'u.display_name'],
    ['discountCode', 'dc.code_name'],
    ['discountCodeType', 'dc.type'],
  ])('sorts redemptions by %s as their user and code read now, after a rename', async (sortBy, column) => {
    const redeemer = await db()
      .selectFrom('redemptions')
      .select(['user_id', 'discount_code_id'])
      .where('user_id', 'is not', null)
      .where('discount_code_id', 'is not', null)
      .executeTakeFirstOrThrow();
    await sql`UPDATE users SET display_name = 'Aaaa renamed' WHERE id = ${redeemer.user_id}`.execute(db());
    await sql`UPDATE discount_codes SET code_name = ${`AAAA-${sortBy}`}, type = 'wallet_top_up' WHERE id = ${redeemer.discount_code_id}`.execute(
      db(),
    );
    for (const order of ['asc', 'desc'] as const) {
      const r = await list('/redemption/getAll', { sortBy, sortOrder: order, page: 1, limit: 25 });
      expect(r.status).toBe(200);
      const { rows } = await sql<{ id: string }>`
        SELECT r.id FROM redemptions r
        LEFT JOIN users u ON u.id = r.user_id LEFT JOIN discount_codes dc ON dc.id = r.discount_code_id
        ORDER BY ${sql.raw(column)} ${sql.raw(order)} NULLS LAST, r.id ${sql.raw(order)} LIMIT 25`.execute(db());
      expect((r.body.data as Array<{ _id: string }>).map((x) => x._id)).toEqual(rows.map((x) => x.id));
    }
  });

  it.each([
    ['name', 'u.first_name, u.last_name'],
    ['userName', 'u.user_name'],
    ['email', 'u.email'],
    ['createdAt', 'u.created_at'],
  ])('sorts influencer requests by their applicant %s as it reads now, after a change', async (sortBy, columns) => {
    const applicant = await db().selectFrom('influencer_requests').select('user_id').executeTakeFirstOrThrow();
    await sql`
      UPDATE users SET first_name = 'Aaron', last_name = ${`A ${sortBy}`}, user_name = ${`AAA.${sortBy}`},
        email = ${`AAA.${sortBy}@example.com`}
      WHERE id = ${applicant.user_id}`.execute(db());
    for (const order of ['asc', 'desc'] as const) {
      const r = await list('/admin/getAllRequests', { sortBy, sortOrder: order, page: 1, limit: 25 });
      expect(r.status).toBe(200);
      const by = columns
        .split(', ')
        .map((c) => `${c} ${order}`)
        .join(', ');
      const { rows } = await sql<{ id: string }>`
        SELECT r.id FROM influencer_requests r JOIN users u ON u.id = r.user_id
        ORDER BY ${sql.raw(by)}, r.id ${sql.raw(order)} LIMIT 25`.execute(db());
      expect((r.body.data as Array<{ _id: string }>).map((x) => x._id)).toEqual(rows.map((x) => x.id));
    }
  });

  /** The ids of one page of transactions as OFFSET over the same order gives them. */
  async function referencePage(where: string, orderBy: string, page: number, limit: number) {
    const { rows } = await sql<{ id: string }>`
      SELECT t.id FROM transactions t JOIN users u ON u.id = t.user_id
      WHERE ${sql.raw(where)} ORDER BY ${sql.raw(orderBy)} LIMIT ${limit} OFFSET ${(page - 1) * limit}`.execute(db());
    return rows.map((r) => r.id);
  }

  it('has more transactions than a deep page skips, over many days and statuses', async () => {
    // Deep pages (from DEEP_PAGE_OFFSET rows in) are found from list_counts and from the far end:
    // the pages below must reach that deep, on both sides of the middle.
    const payer = await db()
      .selectFrom('users')
      .select('id')
      .where('is_influencer', '=', true)
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO transactions (transaction_id, user_id, type, status, amount_cents, payable_amount_cents, created_at)
      SELECT 'txn_deep_' || i, ${payer.id}, (ARRAY['tip', 'video_call', 'refund'])[1 + i % 3],
             (ARRAY['completed', 'pending', 'completed', 'failed'])[1 + i % 4], 100 + 37 * i % 5000, (100 + 37 * i % 5000) * 9 / 10,
             now() - make_interval(hours => i * 7)
      FROM generate_series(1, ${4 * DEEP_PAGE_OFFSET}) AS i`.execute(db());
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM transactions`.execute(db());
    expect(Number(rows[0]!.n)).toBeGreaterThan(4 * DEEP_PAGE_OFFSET);
  });

  it.each([
    ['newest first', {}, 'true', 't.created_at DESC, t.id DESC'],
    ['oldest first', { sortOrder: 'asc' }, 'true', 't.created_at ASC, t.id ASC'],
    ['one status', { status: 'completed' }, "t.status = 'completed'", 't.created_at DESC, t.id DESC'],
    [
      'one type, oldest first',
      { type: 'video_call', sortOrder: 'asc' },
      "t.type = 'video_call'",
      't.created_at ASC, t.id ASC',
    ],
    ['by amount', { sortBy: 'amount' }, 'true', 't.amount_cents DESC, t.id DESC'],
    ['by payer email', { sortBy: 'email', sortOrder: 'asc' }, 'true', 'u.email ASC, t.id ASC'],
  ])('transactions %s: first, middle, last and past-the-end pages are exact', async (_label, query, where, orderBy) => {
    const limit = 7;
    const first = await list('/transaction/getAll', { ...query, page: 1, limit });
    expect(first.status).toBe(200);
    expect(first.body.totalIs).toBeUndefined();
    const total = first.body.total!;
    const { rows } = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM transactions t WHERE ${sql.raw(where)}`.execute(db());
    expect(total).toBe(Number(rows[0]!.n));
    const last = Math.ceil(total / limit);
    expect(last).toBeGreaterThan(4);
    for (const page of [1, 2, Math.floor(last / 2), Math.ceil(last / 2) + 1, last - 1, last, last + 1]) {
      const r = await list('/transaction/getAll', { ...query, page, limit });
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(total);
      expect((r.body.data as TransactionRow[]).map((t) => t._id)).toEqual(
        await referencePage(where, orderBy, page, limit),
      );
    }
  });

  it('says a list too large to count is "about" so many, and still pages through it', async () => {
    const payer = await db()
      .insertInto('users')
      .values({ user_name: 'zyx.scale', email: 'zyx.scale@example.com', display_name: 'Zyxwv Scale' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const extra = EXACT_COUNT_LIMIT + 50;
    await sql`
      INSERT INTO transactions (transaction_id, user_id, type, status, amount_cents, payable_amount_cents, created_at)
      SELECT 'txn_zyx_' || i, ${payer.id}, 'tip', 'completed', 500, 450, now() - make_interval(mins => i)
      FROM generate_series(1, ${extra}) AS i`.execute(db());
    await sql`ANALYZE transactions`.execute(db());

    const first = await list('/transaction/getAll', { search: 'zyxwv', page: 1, limit: 10 });
    expect(first.status).toBe(200);
    expect(['about', 'atLeast']).toContain(first.body.totalIs);
    expect(first.body.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const newest = await referencePage(`t.user_id = '${payer.id}'`, 't.created_at DESC, t.id DESC', 1, 20);
    expect((first.body.data as TransactionRow[]).map((t) => t._id)).toEqual(newest.slice(0, 10));
    const second = await list('/transaction/getAll', { search: 'zyxwv', page: 2, limit: 10 });
    expect((second.body.data as TransactionRow[]).map((t) => t._id)).toEqual(newest.slice(10, 20));

    // The same rows counted by the database itself (no search) are exact, however many.
    const all = await list('/transaction/getAll', { type: 'tip', page: 1, limit: 10 });
    expect(all.body.totalIs).toBeUndefined();
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM transactions WHERE type = 'tip'`.execute(
      db(),
    );
    expect(all.body.total).toBe(Number(rows[0]!.n));

    // A selective search is counted exactly.
    const one = await list('/transaction/getAll', { search: 'txn_zyx_77', page: 1, limit: 10 });
    expect(one.body.totalIs).toBeUndefined();
    const { rows: ids } = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM transactions WHERE transaction_id LIKE 'txn\_zyx\_77%'`.execute(db());
    expect(one.body.total).toBe(Number(ids[0]!.n));
    expect(one.body.total).toBeGreaterThan(1);
  });

  /**
   * A search through people reads its page by one of two plans, chosen by how many people match
   * (peopleSearchPageIds): each person's newest rows when few match, a walk of the whole list in
   * date order when many do. Both must give the pages OFFSET gives over every match.
   */
  const USERS = `SELECT greatest(reltuples, 1)::float8 AS n FROM pg_class WHERE oid = 'users'::regclass`;
  // `person`: the list's table and the column that names the person its rows are searched by.
  const SEARCHED_LISTS: Array<{
    path: string;
    people: string;
    population: string;
    matches: string;
    person: readonly [string, string];
  }> = [
    {
      path: '/transaction/getAll',
      person: ['transactions', 'user_id'],
      people: `u.display_name ILIKE $1 OR u.user_name ILIKE $1 OR u.email ILIKE $1 OR (u.first_name || ' ' || u.last_name) ILIKE $1`,
      population: USERS,
      matches: `SELECT t.id FROM transactions t JOIN users u ON u.id = t.user_id
        WHERE PEOPLE OR t.transaction_id ILIKE $1 ORDER BY t.created_at DESC, t.id DESC`,
    },
    {
      path: '/videoCall/getAll',
      person: ['video_calls', 'host_id'],
      people: `u.display_name ILIKE $1 OR u.user_name ILIKE $1`,
      population: USERS,
      matches: `SELECT c.id FROM video_calls c
        WHERE EXISTS (SELECT 1 FROM users u WHERE u.id IN (c.host_id, c.receiver_id) AND (PEOPLE))
        ORDER BY c.created_at DESC, c.id DESC`,
    },
    {
      path: '/payout/getAll',
      person: ['payouts', 'influencer_id'],
      people: `u.is_influencer AND (u.display_name ILIKE $1 OR u.user_name ILIKE $1 OR u.email ILIKE $1 OR (u.first_name || ' ' || u.last_name) ILIKE $1)`,
      population: `SELECT count(*)::float8 AS n FROM users WHERE is_influencer`,
      matches: `SELECT po.id FROM payouts po JOIN users u ON u.id = po.influencer_id
        WHERE PEOPLE OR po.reference ILIKE $1 ORDER BY po.paid_at DESC, po.id DESC`,
    },
    {
      path: '/redemption/getAll',
      person: ['redemptions', 'user_id'],
      people: `u.display_name ILIKE $1 OR u.user_name ILIKE $1`,
      population: USERS,
      matches: `SELECT r.id FROM redemptions r LEFT JOIN users u ON u.id = r.user_id
        LEFT JOIN discount_codes dc ON dc.id = r.discount_code_id
        WHERE PEOPLE OR dc.code_name ILIKE $1 ORDER BY r.created_at DESC, r.id DESC`,
    },
    {
      path: '/payout/getAllRequests',
      person: ['payout_requests', 'influencer_id'],
      people: `u.is_influencer AND (u.display_name ILIKE $1 OR u.user_name ILIKE $1 OR u.email ILIKE $1 OR (u.first_name || ' ' || u.last_name) ILIKE $1)`,
      population: `SELECT count(*)::float8 AS n FROM users WHERE is_influencer`,
      matches: `SELECT pr.id FROM payout_requests pr JOIN users u ON u.id = pr.influencer_id
        WHERE PEOPLE ORDER BY pr.created_at DESC, pr.id DESC`,
    },
    {
      path: '/admin/getAllRequests',
      person: ['influencer_requests', 'user_id'],
      people: `u.id IN (SELECT user_id FROM influencer_requests) AND (u.display_name ILIKE $1 OR u.user_name ILIKE $1 OR u.email ILIKE $1 OR (u.first_name || ' ' || u.last_name) ILIKE $1)`,
      population: `SELECT count(*)::float8 AS n FROM influencer_requests`,
      matches: `SELECT r.id FROM influencer_requests r JOIN users u ON u.id = r.user_id
        WHERE PEOPLE ORDER BY r.updated_at DESC, r.id DESC`,
    },
    {
      path: '/notification/getAll',
      person: ['notifications', 'sender_id'],
      people: `u.id IN (SELECT sender_id FROM notifications) AND (u.display_name ILIKE $1 OR u.user_name ILIKE $1)`,
      population: `SELECT count(*)::float8 AS n FROM notifications`,
      matches: `SELECT n.id FROM notifications n LEFT JOIN users u ON u.id = n.sender_id
        WHERE PEOPLE OR n.description ILIKE $1 ORDER BY n.created_at DESC, n.id DESC`,
    },
  ];

  it('pages a name search the same whether few or many people match, in every list searched by people', async () => {
    // Many (the lookup walk): three in four of the users and of the influencers, and every applicant
    // and sender. Between (the hashed walk): in each list, about √(limit × population) people, its
    // busiest first. Few (each person's rows): in each list, the one person with most rows there.
    // 60 influencers who applied and sent a notice, so that each plan can be taken among the demo's
    // few influencers, applicants and senders.
    await sql`INSERT INTO users (user_name, email, display_name, is_influencer)
      SELECT 'qzcrowd.' || i, 'qzcrowd.' || i || '@example.com', 'Crowd ' || i, true
      FROM generate_series(1, 60) AS i`.execute(db());
    await sql`INSERT INTO influencer_requests (user_id, status)
      SELECT id, 'rejected' FROM users WHERE user_name LIKE 'qzcrowd.%'`.execute(db());
    await sql`INSERT INTO notifications (description, sender_id)
      SELECT 'Crowd notice', id FROM users WHERE user_name LIKE 'qzcrowd.%'`.execute(db());
    await sql`UPDATE users SET display_name = 'Qzwalk ' || display_name
      WHERE id IN (SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY is_influencer ORDER BY id) AS nth FROM users) AS numbered
          WHERE nth % 4 <> 0)
        OR id IN (SELECT user_id FROM influencer_requests) OR id IN (SELECT sender_id FROM notifications)`.execute(
      db(),
    );
    const limit = 2;
    const pool = db();
    for (const [i, { person, population: populationOf }] of SEARCHED_LISTS.entries()) {
      const [table, column] = person;
      const rows = sql`(SELECT count(*) FROM ${sql.table(table)} AS l WHERE l.${sql.ref(column)} = u.id)`;
      await sql`UPDATE users SET display_name = ${`Qzfew${i} `} || display_name WHERE id = (
        SELECT u.id FROM users u ORDER BY ${rows} DESC, u.id LIMIT 1)`.execute(pool);
      const population = Number((await sql<{ n: number }>`${sql.raw(populationOf)}`.execute(pool)).rows[0]!.n);
      const between = Math.round(Math.sqrt(limit * population));
      // The payout lists name influencers only, and count them among influencers.
      const influencers = populationOf.includes('WHERE is_influencer') ? sql`u.is_influencer` : sql`true`;
      await sql`UPDATE users SET display_name = ${`Qzmid${i} `} || display_name WHERE id IN (
        SELECT u.id FROM users u WHERE ${influencers}
        ORDER BY ${rows} DESC, u.id LIMIT ${between})`.execute(pool);
    }
    await sql`ANALYZE users`.execute(db());
    // The plan a search takes for its first page (see peopleSearchPageIds).
    const planOf = (m: number, population: number) =>
      m >= Math.ceil(Math.sqrt(PERSON_LOOKUP_COST_IN_MATCHES * limit * population))
        ? 'lookup'
        : m * m * PERSON_READ_COST_IN_ROWS > limit * population
          ? 'hashed'
          : 'people';
    for (const [n, { path, people, population, matches }] of SEARCHED_LISTS.entries()) {
      const users = Number((await sql<{ n: number }>`${sql.raw(population)}`.execute(pool)).rows[0]!.n);
      for (const [term, plan] of [
        ['qzwalk', 'lookup'],
        [`qzmid${n}`, 'hashed'],
        [`qzfew${n}`, 'people'],
      ] as const) {
        const pattern = `%${term}%`;
        const count = await sql<{ n: string }>`SELECT count(*)::text AS n FROM users u WHERE ${sql.raw(
          people.replaceAll('$1', `'${pattern}'`),
        )}`.execute(pool);
        const m = Number(count.rows[0]!.n);
        expect({ path, term, plan: planOf(m, users) }).toEqual({ path, term, plan });
        const expected = await sql<{ id: string }>`${sql.raw(
          matches.replaceAll('PEOPLE', `(${people})`).replaceAll('$1', `'${pattern}'`),
        )}`.execute(pool);
        const ids = expected.rows.map((r) => r.id);
        // More than one page when many match; one person may have a single request.
        expect({ path, term, enough: ids.length > (plan === 'people' ? 0 : limit) }).toEqual({
          path,
          term,
          enough: true,
        });
        // The last page, and one past it, which is counted apart (no row to carry the count).
        for (const page of new Set([1, 2, 3, Math.ceil(ids.length / limit), Math.ceil(ids.length / limit) + 1])) {
          const r = await list(path, { search: term, page, limit });
          expect(r.status).toBe(200);
          expect({
            path,
            term,
            page,
            ids: (r.body.data as Array<{ _id: string }>).map((x) => x._id),
            total: r.body.total,
            totalIs: r.body.totalIs,
          }).toEqual({
            path,
            term,
            page,
            ids: ids.slice((page - 1) * limit, page * limit),
            ...(ids.length <= EXACT_COUNT_LIMIT
              ? { total: ids.length }
              : { total: EXACT_COUNT_LIMIT + 1, totalIs: 'atLeast' }),
          });
        }
      }
    }
  });

  it("pages a redemptions search by its codes' names code by code when few codes match, walking the list when many do", async () => {
    const pool = db();
    // 3,000 recent redemptions of no matching code, then two codes of 20 redemptions each, older
    // than all of them, and 60 codes of 3 each spread among them: with 2 codes of 65, each code's
    // own rows are read (2² × PERSON_READ_COST_IN_ROWS ≤ 2 × 65); with 60, the list is walked.
    await sql`INSERT INTO redemptions (user_id, discount_amount_cents, created_at)
      SELECT (SELECT id FROM users ORDER BY id LIMIT 1), 1, now() - make_interval(mins => i)
      FROM generate_series(1, 3000) AS i`.execute(pool);
    await sql`INSERT INTO discount_codes (code_name, type, amount_cents, redeem_limit)
      SELECT 'QZKEYFEW-' || i, 'promo_code', 100, 1000 FROM generate_series(1, 2) AS i
      UNION ALL SELECT 'QZKEYMANY-' || i, 'promo_code', 100, 1000 FROM generate_series(1, 60) AS i`.execute(pool);
    await sql`INSERT INTO redemptions (discount_code_id, discount_amount_cents, created_at)
      SELECT dc.id, 2, now() - interval '3 years' - make_interval(mins => i)
      FROM discount_codes dc, generate_series(1, 20) AS i WHERE dc.code_name LIKE 'QZKEYFEW-%'`.execute(pool);
    await sql`INSERT INTO redemptions (discount_code_id, discount_amount_cents, created_at)
      SELECT dc.id, 3, now() - make_interval(mins => (i * 997 + length(dc.code_name::text) * 31) % 3000)
      FROM discount_codes dc, generate_series(1, 3) AS i WHERE dc.code_name LIKE 'QZKEYMANY-%'`.execute(pool);
    const codes = Number(
      (await sql<{ n: string }>`SELECT sum(n)::text AS n FROM list_totals WHERE list = 'discount_codes'`.execute(pool))
        .rows[0]!.n,
    );
    const limit = 2;
    expect(
      2 * 2 * PERSON_READ_COST_IN_ROWS <= limit * codes && 60 * 60 * PERSON_READ_COST_IN_ROWS > limit * codes,
    ).toBe(true);
    for (const [term, matched] of [
      ['qzkeyfew', 40],
      ['qzkeymany', 180],
    ] as const) {
      const { rows } = await sql<{ id: string }>`SELECT r.id FROM redemptions r
        LEFT JOIN users u ON u.id = r.user_id LEFT JOIN discount_codes dc ON dc.id = r.discount_code_id
        WHERE u.display_name ILIKE ${`%${term}%`} OR u.user_name ILIKE ${`%${term}%`} OR dc.code_name ILIKE ${`%${term}%`}
        ORDER BY r.created_at DESC, r.id DESC`.execute(pool);
      const ids = rows.map((r) => r.id);
      expect({ term, matched: ids.length }).toEqual({ term, matched });
      const last = Math.ceil(ids.length / limit);
      for (const page of [1, 2, last, last + 1]) {
        const r = await list('/redemption/getAll', { search: term, page, limit });
        expect({
          term,
          page,
          ids: (r.body.data as Array<{ _id: string }>).map((x) => x._id),
          total: r.body.total,
        }).toEqual({ term, page, ids: ids.slice((page - 1) * limit, page * limit), total: ids.length });
      }
    }
    // The two codes' first page reads their own rows (and counts them), not the 3,000 newer rows
    // walked until theirs; a walk there reads every one of them.
    const recorder = recordStatements();
    await list('/redemption/getAll', { search: 'qzkeyfew', page: 1, limit }).finally(recorder.stop);
    let read = 0;
    for (const statement of recorder.statements) read += await rowsRead(statement, 'redemptions');
    expect(read).toBeLessThan(200);
    await sql`DELETE FROM redemptions WHERE discount_amount_cents IN (1, 2, 3) AND created_at > now() - interval '4 years'
      AND (discount_code_id IS NULL OR discount_code_id IN (SELECT id FROM discount_codes WHERE code_name LIKE 'QZKEY%'))`.execute(
      pool,
    );
    await sql`DELETE FROM discount_codes WHERE code_name LIKE 'QZKEY%'`.execute(pool);
  });

  it('counts and pages a search of up to EXACT_COUNT_LIMIT matches from one read, and one more as "more than"', async () => {
    const fans = (from: number, to: number) => sql`
      INSERT INTO users (user_name, email, display_name, created_at)
      SELECT 'qzsmall.' || i, 'qzsmall.' || i || '@example.com', 'Qzsmall ' || i, now() - make_interval(mins => i)
      FROM generate_series(${from}::int, ${to}::int) AS i`;
    await fans(1, EXACT_COUNT_LIMIT).execute(db());
    const limit = 10;
    const newest = async (page: number) =>
      (
        await sql<{ id: string }>`SELECT id FROM users WHERE user_name LIKE 'qzsmall.%'
          ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`.execute(db())
      ).rows.map((r) => r.id);
    const ids = (r: { body: { data?: unknown } }) => (r.body.data as Array<{ _id: string }>).map((x) => x._id);
    const last = EXACT_COUNT_LIMIT / limit;
    for (const page of [1, 2, last / 2, last, last + 1]) {
      const r = await list('/admin/getAllFans', { search: 'qzsmall', page, limit });
      expect(r.status).toBe(200);
      expect({ page, total: r.body.total, totalIs: r.body.totalIs }).toEqual({
        page,
        total: EXACT_COUNT_LIMIT,
        totalIs: undefined,
      });
      expect(ids(r)).toEqual(await newest(page));
    }
    // One more match than is counted one by one: the same pages, and "more than" the limit.
    await fans(EXACT_COUNT_LIMIT + 1, EXACT_COUNT_LIMIT + 1).execute(db());
    for (const page of [1, last / 2, last + 1]) {
      const r = await list('/admin/getAllFans', { search: 'qzsmall', page, limit });
      expect(r.status).toBe(200);
      expect({ page, total: r.body.total, totalIs: r.body.totalIs }).toEqual({
        page,
        total: EXACT_COUNT_LIMIT + 1,
        totalIs: 'atLeast',
      });
      expect(ids(r)).toEqual(await newest(page));
    }
  });

  /** What one plan node did, from EXPLAIN (ANALYZE, FORMAT JSON). */
  interface PlanNode {
    'Node Type': string;
    'Relation Name'?: string;
    'Actual Rows': number;
    'Actual Loops': number;
    'Rows Removed by Filter'?: number;
    'Rows Removed by Index Recheck'?: number;
    Plans?: PlanNode[];
  }

  /**
   * What a statement read, run for real: the rows of `table` fetched (kept or not), or with `table`
   * undefined every table's rows and every index entry a bitmap was made of.
   */
  async function rowsRead(statement: CompiledQuery, table: string | undefined): Promise<number> {
    const { rows } = await db().executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, [...statement.parameters]),
    );
    const raw = rows[0]!['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    // A bitmap index scan names no table: it counts only when every read does.
    const scans =
      table === undefined
        ? /^(Seq Scan|Index Scan|Index Only Scan|Bitmap Heap Scan|Bitmap Index Scan)$/
        : /^(Seq Scan|Index Scan|Index Only Scan|Bitmap Heap Scan)$/;
    const read = (n: PlanNode): number =>
      ((table === undefined || n['Relation Name'] === table) && scans.test(n['Node Type'])
        ? (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) *
          n['Actual Loops']
        : 0) + (n.Plans ?? []).reduce((sum, c) => sum + read(c), 0);
    return read(plan[0]!.Plan);
  }

  /**
   * A search's first page of `limit`, checked against `newest` (its expected ids) and counted as
   * "more than" the limit, and the rows its statements read from `table`.
   */
  async function searchReads(
    path: string,
    search: string,
    limit: number,
    newest: RawBuilder<{ id: string }>,
    table: string,
  ) {
    const recorder = recordStatements();
    const r = await list(path, { search, page: 1, limit }).finally(recorder.stop);
    expect(r.status).toBe(200);
    const { rows } = await newest.execute(db());
    expect({ total: r.body.total, totalIs: r.body.totalIs }).toEqual({
      total: EXACT_COUNT_LIMIT + 1,
      totalIs: 'atLeast',
    });
    expect((r.body.data as Array<{ _id: string }>).map((x) => x._id)).toEqual(rows.map((x) => x.id));
    let read = 0;
    for (const statement of recorder.statements) read += await rowsRead(statement, table);
    return read;
  }

  /** A payments search for the payers named `name` followed by a number: its reads of people_names. */
  const payerSearchReads = (name: string, limit: number) =>
    searchReads(
      '/transaction/getAll',
      name.toLowerCase(),
      limit,
      sql<{ id: string }>`SELECT t.id FROM transactions t JOIN users u ON u.id = t.user_id
        WHERE u.display_name LIKE ${`${name} %`} ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit}`,
      'people_names',
    );

  // On PostgreSQL, production's database, whose planner the test is about: registered there only,
  // so that no run reports it skipped.
  const onPostgres = backend === 'postgres' ? it : () => undefined;
  onPostgres(
    'reads about as many rows for a fans search whether a thousand or ten thousand fans match',
    async () => {
      // 20,000 fans who do not match, then 1,500 who do and then 13,500 more, all spread over the
      // same weeks, so that every way to the page meets the matches among the rest. The planner's
      // statistics are from before any match, as after a bulk import: it guesses that hardly any
      // fan matches, and the plan must not depend on that guess.
      const fans = (from: number, to: number, name: string) => sql`
        INSERT INTO users (user_name, email, display_name, created_at)
        SELECT 'qzc.' || i, 'qzc.' || i || '@example.com', ${name} || ' ' || i,
               now() - make_interval(mins => (i * 7919) % 40000)
        FROM generate_series(${from}::int, ${to}::int) AS i`;
      const limit = 10;
      // The fans' names are where the search counts and walks (people_names); of users it reads the page.
      const search = (table: string) =>
        searchReads(
          '/admin/getAllFans',
          'qzcommon',
          limit,
          sql<{ id: string }>`SELECT id FROM users WHERE NOT is_influencer AND display_name LIKE 'Qzcommon %'
            ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
          table,
        );
      await fans(1, 20_000, 'Plain').execute(db());
      await sql`ANALYZE users`.execute(db());
      await fans(20_001, 21_500, 'Qzcommon').execute(db());
      const few = await search('people_names');
      await fans(21_501, 35_000, 'Qzcommon').execute(db());
      const many = await search('people_names');
      // Reading the matches (or a share of them) would read 10 times as many rows the second time.
      expect({ few, many, flat: many <= 1.5 * few }).toEqual({ few, many, flat: true });
      expect(many).toBeLessThan(15_000 / 5);
      expect(await search('users')).toBe(limit);
    },
    60_000,
  );

  onPostgres(
    'reads about as many names for a payments search whether a thousand or ten thousand payers match',
    async () => {
      // 1,500 payers who match, then 13,500 more, one payment each, spread over the same weeks as
      // everyone's: past √(5 × n × U) matches the search stops finding them and tests the payments it
      // walks by their payer's id (see peopleSearchPageIds); the count stops at 1,001 payments.
      const payers = (from: number, to: number) => sql`
        WITH payer AS (
          INSERT INTO users (user_name, email, display_name, created_at)
          SELECT 'qzp.' || i, 'qzp.' || i || '@example.com', 'Qzpayer ' || i, now() - make_interval(days => 60)
          FROM generate_series(${from}::int, ${to}::int) AS i
          RETURNING id, user_name)
        INSERT INTO transactions (transaction_id, user_id, type, status, amount_cents, payable_amount_cents, created_at)
        SELECT 'txn_' || user_name, id, 'tip', 'completed', 500, 450,
               now() - make_interval(mins => (substr(user_name, 5)::int * 7919) % 40000)
        FROM payer`;
      const limit = 10;
      const search = () => payerSearchReads('Qzpayer', limit);
      let few: number;
      let many: number;
      try {
        await payers(1, 1_500).execute(db());
        await sql`ANALYZE users`.execute(db());
        few = await search();
        await payers(1_501, 15_000).execute(db());
        await sql`ANALYZE users`.execute(db());
        many = await search();
      } finally {
        // Gone again, so that the tests after this one page the payments they made, and only those.
        await sql`DELETE FROM transactions WHERE transaction_id LIKE 'txn\_qzp.%'`.execute(db());
        await sql`DELETE FROM users WHERE user_name LIKE 'qzp.%'`.execute(db());
      }
      // Finding every match would read 10 times as many names the second time.
      expect({ few, many, flat: many <= 1.5 * few }).toEqual({ few, many, flat: true });
      expect(many).toBeLessThan(15_000 / 5);
    },
    60_000,
  );

  onPostgres(
    'tests a sample of everyone, not a probe of thousands, when a payments search matches many among many',
    async () => {
      // 30,000 payers who match, one payment each and the newest, among 10,000 who do not: a page of
      // 100 would probe √(5 × 100 × U) > PEOPLE_SAMPLE_FROM_PROBE of them to learn that many match.
      await sql`INSERT INTO users (user_name, email, display_name)
        SELECT 'qzs.' || i, 'qzs.' || i || '@example.com', CASE WHEN i % 4 = 0 THEN 'Plain ' ELSE 'Qzsample ' END || i
        FROM generate_series(1, 40000) AS i`.execute(db());
      await sql`INSERT INTO transactions (transaction_id, user_id, type, status, amount_cents, payable_amount_cents, created_at)
        SELECT 'txn_' || user_name, id, 'tip', 'completed', 500, 450,
               now() + make_interval(secs => substr(user_name, 5)::int)
        FROM users WHERE display_name LIKE 'Qzsample %'`.execute(db());
      await sql`ANALYZE users`.execute(db());
      await sql`ANALYZE people_names`.execute(db());
      const limit = 100;
      try {
        const users = Number((await sql<{ n: number }>`${sql.raw(USERS)}`.execute(db())).rows[0]!.n);
        const probe = Math.ceil(Math.sqrt(PERSON_LOOKUP_COST_IN_MATCHES * limit * users));
        expect(probe).toBeGreaterThanOrEqual(PEOPLE_SAMPLE_FROM_PROBE);
        await payerSearchReads('Qzsample', limit);
        // How many matching people the page's statement found: the count's 1,001 payers, not the probe.
        const recorder = recordStatements();
        await list('/transaction/getAll', { search: 'qzsample', page: 1, limit }).finally(recorder.stop);
        let found = 0;
        for (const statement of recorder.statements) {
          const { rows } = await db().executeQuery<{ 'QUERY PLAN': unknown }>(
            CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, [...statement.parameters]),
          );
          const raw = rows[0]!['QUERY PLAN'];
          const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
          const visit = (n: PlanNode & { 'Subplan Name'?: string }): void => {
            if (n['Subplan Name'] === 'CTE found') found = Math.max(found, n['Actual Rows']);
            for (const c of n.Plans ?? []) visit(c);
          };
          visit(plan[0]!.Plan);
        }
        expect({ found, probe, fewer: found > 0 && found < probe }).toEqual({ found, probe, fewer: true });
      } finally {
        await sql`DELETE FROM transactions WHERE transaction_id LIKE 'txn\_qzs.%'`.execute(db());
        await sql`DELETE FROM users WHERE user_name LIKE 'qzs.%'`.execute(db());
      }
    },
    240_000,
  );

  onPostgres(
    "reads only influencers' rows for an influencers search, however many fans share the name",
    async () => {
      // 40 influencers and 6,000 fans of one name among 3,000 other influencers: the users' trigram
      // indexes hold fans and influencers alike, so that finding the 40 there reads every fan of the
      // name as well (or every influencer, through their role's index).
      const users = (from: number, to: number, name: string, influencer: boolean) => sql`
        INSERT INTO users (user_name, email, display_name, is_influencer, created_at)
        SELECT 'qzs.' || i, 'qzs.' || i || '@example.com', ${name} || ' ' || i, ${influencer},
               now() - make_interval(mins => (i * 7919) % 40000)
        FROM generate_series(${from}::int, ${to}::int) AS i`;
      try {
        await users(1, 40, 'Qzshared', true).execute(db());
        await users(41, 6_040, 'Qzshared', false).execute(db());
        await users(6_041, 9_040, 'Qzother', true).execute(db());
        // As autovacuum leaves the tables after such an import: which of people_names' two indexes
        // of names (everyone's, influencers') is the cheaper is read from their statistics.
        await sql`VACUUM ANALYZE users, people_names`.execute(db());
        const recorder = recordStatements();
        const r = await list('/admin/getAllInfluencers', { search: 'QZSHARED', page: 2, limit: 15 }).finally(
          recorder.stop,
        );
        expect(r.status).toBe(200);
        const { rows } = await sql<{ id: string }>`SELECT id FROM users
          WHERE is_influencer AND display_name LIKE 'Qzshared %' ORDER BY created_at DESC, id DESC LIMIT 15 OFFSET 15`.execute(
          db(),
        );
        expect({ total: r.body.total, totalIs: r.body.totalIs }).toEqual({ total: 40, totalIs: undefined });
        expect((r.body.data as Array<{ _id: string }>).map((x) => x._id)).toEqual(rows.map((x) => x.id));
        let read = 0;
        for (const statement of recorder.statements) read += await rowsRead(statement, undefined);
        // The 40 influencers' names and rows and the page's, not the 6,040 people who share the name
        // (each of the users' four trigram indexes holds them all) nor every influencer's entry.
        expect(read).toBeLessThan(1_000);
      } finally {
        await sql`DELETE FROM users WHERE user_name LIKE 'qzs.%'`.execute(db());
      }
    },
    60_000,
  );

  it("counts and sorts a fans search from the fans' names alone, reading no user row but the page's", async () => {
    // 300 fans of one name and 20 influencers of the same name among 5,000 other fans: fewer than
    // the count's limit, so that every match is counted and the page sorted from them.
    const users = (from: number, to: number, influencer: boolean, name = 'Qzlisted') => sql`
      INSERT INTO users (user_name, email, display_name, is_influencer, status, created_at)
      SELECT 'qzl.' || i, 'qzl.' || i || '@example.com', ${name} || ' ' || i, ${influencer},
             CASE WHEN i % 3 = 0 THEN '0' ELSE '1' END, now() - make_interval(mins => (i * 7919) % 40000)
      FROM generate_series(${from}::int, ${to}::int) AS i`;
    const expected = (where: string, offset: number) =>
      sql<{ id: string }>`SELECT id FROM users
        WHERE NOT is_influencer AND display_name LIKE 'Qzlisted %' AND ${sql.raw(where)}
        ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET ${offset}`.execute(db());
    const ids = (r: { body: { data?: unknown } }) => (r.body.data as Array<{ _id: string }>).map((x) => x._id);
    try {
      await users(1, 300, false).execute(db());
      await users(301, 320, true).execute(db());
      await users(321, 5_320, false, 'Qzother').execute(db());
      // The fans list shows no full name, and is not searched by it.
      await sql`INSERT INTO users (user_name, email, display_name, first_name, last_name)
        VALUES ('qzl.hidden', 'qzl.hidden@example.com', 'Hidden', 'Qzlisted', 'Byname')`.execute(db());
      await sql`ANALYZE users, people_names`.execute(db());
      const recorder = recordStatements();
      const r = await list('/admin/getAllFans', { search: 'QZLISTED', page: 2, limit: 10 }).finally(recorder.stop);
      expect(r.status).toBe(200);
      expect({ total: r.body.total, totalIs: r.body.totalIs }).toEqual({ total: 300, totalIs: undefined });
      expect(ids(r)).toEqual((await expected('true', 10)).rows.map((x) => x.id));
      let read = 0;
      for (const statement of recorder.statements) read += await rowsRead(statement, 'users');
      // The page's ten, by id: the 300 matches are counted and sorted from people_names.
      expect(read).toBe(10);

      // Within a created-on range, and by status (which people_names does not hold), the same rows.
      const [{ from }] = (
        await sql<{ from: string }>`SELECT to_char((now() - interval '14 days') AT TIME ZONE 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS from`.execute(db())
      ).rows as [{ from: string }];
      const recent = await list('/admin/getAllFans', { search: 'qzlisted', from, limit: 10 });
      const inRange = (await expected(`created_at >= '${from}'`, 0)).rows.map((x) => x.id);
      expect(inRange.length).toBeGreaterThan(0);
      expect(ids(recent)).toEqual(inRange);
      const inactive = await list('/admin/getAllFans', { search: 'qzlisted', status: '0', limit: 10 });
      expect(inactive.body.total).toBe(100);
      expect(ids(inactive)).toEqual((await expected(`status = '0'`, 0)).rows.map((x) => x.id));
    } finally {
      await sql`DELETE FROM users WHERE user_name LIKE 'qzl.%'`.execute(db());
    }
  });

  /**
   * Days of more than HOUR_GRAIN_FROM rows (tens of thousands a day at scale 500): a deep page that
   * starts in one is found by its hour (list_hour_counts) and skips at most that hour's rows. Two
   * such days, one in each half of the list, so that pages are read from either end.
   */
  describe('days of many rows', () => {
    // Above HOUR_GRAIN_FROM also in one status (nine in ten) or one type (four in five).
    const perDay = 3_000;
    const limit = 7;
    const CASES = [
      ['newest first', {}, 'true', 't.created_at DESC, t.id DESC'],
      ['oldest first', { sortOrder: 'asc' }, 'true', 't.created_at ASC, t.id ASC'],
      ['one status', { status: 'completed' }, "t.status = 'completed'", 't.created_at DESC, t.id DESC'],
      ['one type, oldest first', { type: 'tip', sortOrder: 'asc' }, "t.type = 'tip'", 't.created_at ASC, t.id ASC'],
    ] as const;
    /** The list in one order: each row's id, UTC hour, and whether it is one of a day of many. */
    const ordered = async (where: string, orderBy: string) =>
      (
        await sql<{ id: string; hour: string; many: string | null }>`
          SELECT t.id, date_trunc('hour', t.created_at AT TIME ZONE 'UTC')::text AS hour,
                 substring(t.transaction_id FROM '^txn_hour_([a-z]+)_') AS many
          FROM transactions t WHERE ${sql.raw(where)} ORDER BY ${sql.raw(orderBy)}`.execute(db())
      ).rows;
    /** The bounds a request's statements compared an instant with that are an hour, not a day. */
    const hourBounds = (statements: ReadonlyArray<{ parameters: readonly unknown[] }>) =>
      statements.flatMap((s) =>
        s.parameters.filter((v) => typeof v === 'string' && /T(0[1-9]|1\d|2[0-3]):00:00\.000Z$/.test(v)),
      );

    it('has two days of many rows, every hour but the night, ties and hour boundaries included', async () => {
      const payer = await db()
        .selectFrom('users')
        .select('id')
        .where('is_influencer', '=', true)
        .executeTakeFirstOrThrow();
      for (const [tag, daysAgo] of [
        ['near', 30],
        ['far', 1_100],
      ] as const) {
        // Whole minutes (so that rows tie, and some fall on the hour), from 07:00 to 23:59, a quarter
        // in the last hour; every 97th a microsecond before its minute (the end of the hour before).
        await sql`
          INSERT INTO transactions (transaction_id, user_id, type, status, amount_cents, payable_amount_cents, created_at)
          SELECT 'txn_hour_' || ${tag} || '_' || i, ${payer.id}, CASE WHEN i % 5 = 0 THEN 'refund' ELSE 'tip' END,
                 CASE WHEN i % 10 = 0 THEN 'failed' ELSE 'completed' END, 100 + i, 90 + i,
                 (date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => ${daysAgo})) AT TIME ZONE 'UTC'
                   + make_interval(mins => CASE WHEN i % 4 = 0 THEN 23 * 60 + i % 60 ELSE 7 * 60 + (i * 7919) % (17 * 60) END)
                   - CASE WHEN i % 97 = 0 THEN interval '1 microsecond' ELSE interval '0' END
          FROM generate_series(1, ${perDay}) AS i`.execute(db());
      }
      const { rows } = await sql<{ list: string; n: string }>`
        SELECT 'days' AS list, sum(n)::text AS n FROM list_counts WHERE list = 'transactions'
        UNION ALL SELECT 'hours', sum(n)::text FROM list_hour_counts WHERE list = 'transactions'
        UNION ALL SELECT 'rows', count(*)::text FROM transactions`.execute(db());
      const [days, hours, all] = rows.map((r) => r.n);
      expect({ days, hours }).toEqual({ days: all, hours: all });
    });

    type OrderedRow = { id: string; hour: string; many: string | null };
    /**
     * The pages of a list that start or end at each hour boundary of its days of many rows (the
     * rows whose `many` is one of `tags`) against the same rows as OFFSET gives them; `byHour`: how
     * many of those pages, at least, must have been found by their hour.
     */
    async function pagesAcrossHours(
      path: string,
      query: Record<string, string | number>,
      rows: OrderedRow[],
      tags: readonly string[],
      byHourAtLeast: (pages: number) => number,
    ) {
      const ids = rows.map((r) => r.id);
      const recorder = recordStatements();
      try {
        for (const tag of tags) {
          const first = rows.findIndex((r) => r.many === tag);
          const end = rows.findLastIndex((r) => r.many === tag) + 1;
          expect(end - first).toBeGreaterThan(HOUR_GRAIN_FROM);
          // Where each hour of the day starts, and where the day ends.
          const edges = [first, end];
          for (let k = first + 1; k < end; k++) if (rows[k]!.hour !== rows[k - 1]!.hour) edges.push(k);
          const pages = new Set(edges.flatMap((k) => [Math.floor(k / limit), Math.floor(k / limit) + 1]));
          let byHour = 0;
          for (const page of [...pages].filter((p) => p >= 1).sort((a, b) => a - b)) {
            recorder.statements.length = 0;
            const r = await list(path, { ...query, page, limit });
            expect(r.status).toBe(200);
            expect(r.body.total).toBe(rows.length);
            expect({ tag, page, ids: (r.body.data as Array<{ _id: string }>).map((t) => t._id) }).toEqual({
              tag,
              page,
              ids: ids.slice((page - 1) * limit, page * limit),
            });
            if (hourBounds(recorder.statements).length > 0) byHour++;
          }
          expect({ tag, byHour: byHour >= byHourAtLeast(pages.size) }).toEqual({ tag, byHour: true });
        }
      } finally {
        recorder.stop();
      }
    }

    it.each(CASES)(
      'transactions %s: pages across every hour boundary of a day of many rows are exact',
      async (_label, query, where, orderBy) => {
        // Most of these pages lie deep enough in their day, from the nearer end, to be found by the hour.
        await pagesAcrossHours('/transaction/getAll', query, await ordered(where, orderBy), ['near', 'far'], (n) =>
          Math.ceil(n / 3),
        );
      },
    );

    it('pages notifications and fans across the hours of a day of many rows', async () => {
      // One day of each, 200 days ago; the same minutes as the transactions above.
      const at = sql`(date_trunc('day', now() AT TIME ZONE 'UTC') - interval '200 days') AT TIME ZONE 'UTC'
        + make_interval(mins => CASE WHEN i % 4 = 0 THEN 23 * 60 + i % 60 ELSE 7 * 60 + (i * 7919) % (17 * 60) END)`;
      await sql`INSERT INTO notifications (description, is_read, created_at)
        SELECT 'qzhour ' || i, i % 10 = 0, ${at} FROM generate_series(1, ${perDay}) AS i`.execute(db());
      await sql`INSERT INTO users (user_name, email, display_name, created_at)
        SELECT 'qzhour.' || i, 'qzhour.' || i || '@example.com', 'Qzhour ' || i, ${at}
        FROM generate_series(1, ${perDay}) AS i`.execute(db());
      const notifications = (where: string, order: 'ASC' | 'DESC') => sql<OrderedRow>`
        SELECT n.id, date_trunc('hour', n.created_at AT TIME ZONE 'UTC')::text AS hour,
               CASE WHEN n.description LIKE 'qzhour %' THEN 'day' END AS many
        FROM notifications n WHERE ${sql.raw(where)} ORDER BY n.created_at ${sql.raw(order)}, n.id ${sql.raw(order)}`;
      const fans = (order: 'ASC' | 'DESC') => sql<OrderedRow>`
        SELECT id, date_trunc('hour', created_at AT TIME ZONE 'UTC')::text AS hour,
               CASE WHEN user_name LIKE 'qzhour.%' THEN 'day' END AS many
        FROM users WHERE NOT is_influencer ORDER BY created_at ${sql.raw(order)}, id ${sql.raw(order)}`;
      const some = () => 1;
      for (const [path, query, rows] of [
        ['/notification/getAll', {}, notifications('true', 'DESC')],
        ['/notification/getAll', { sortOrder: 'asc' }, notifications('true', 'ASC')],
        ['/notification/getAll', { unread: 'true' }, notifications('NOT n.is_read', 'DESC')],
        ['/admin/getAllFans', {}, fans('DESC')],
        ['/admin/getAllFans', { sortOrder: 'asc' }, fans('ASC')],
      ] as const) {
        await pagesAcrossHours(path, query, (await rows.execute(db())).rows, ['day'], some);
      }
    });

    /** Rows a statement's plan read from `table`, by EXPLAIN ANALYZE: those kept and those filtered out, every loop. */
    async function rowsRead(statement: { sql: string; parameters: readonly unknown[] }, table: string) {
      const { rows } = await db().executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.sql}`, [...statement.parameters]),
      );
      const raw = rows[0]!['QUERY PLAN'];
      type Node = Record<string, unknown> & { Plans?: Node[] };
      const [{ Plan }] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: Node }];
      let read = 0;
      const walk = (node: Node) => {
        if (node['Relation Name'] === table) {
          const kept = Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0);
          read += kept * Number(node['Actual Loops'] ?? 1);
        }
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(Plan);
      return read;
    }

    it('reads about one hour of the day, not the day, for a page late in a day of many rows', async () => {
      const list_ = await ordered('true', 't.created_at DESC, t.id DESC');
      // Newest first, the near day's last hour read is its first (07:00): the page that ends the day,
      // which with a day's grain skipped every other row of the day.
      const end = list_.findLastIndex((r) => r.many === 'near') + 1;
      const page = Math.ceil(end / limit);
      expect(list_[(page - 1) * limit]!.hour).toMatch(/ 07:00:00$/);
      expect((page - 1) * limit).toBeGreaterThan(DEEP_PAGE_OFFSET);
      const { rows } = await sql<{ hour: string; n: string }>`
        SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC')::text AS hour, count(*)::text AS n
        FROM transactions WHERE transaction_id LIKE 'txn\_hour\_near\_%' GROUP BY 1`.execute(db());
      const firstHour = Number(rows.find((r) => r.hour.endsWith(' 07:00:00'))!.n);
      const recorder = recordStatements();
      let statements;
      try {
        const r = await list('/transaction/getAll', { page, limit });
        expect(r.status).toBe(200);
        statements = [...recorder.statements];
      } finally {
        recorder.stop();
      }
      const ids = statements.filter((s) => s.sql.includes('page_id') && hourBounds([s]).length > 0);
      expect(ids).toHaveLength(1);
      // The page's day is found from the newest day down, not by summing every day first.
      const position = statements.filter((s) => s.sql.includes('FROM list_counts'));
      expect(position).toHaveLength(1);
      const { rows: days } = await sql<{ all: string; newer: string }>`
        SELECT count(*)::text AS all, count(*) FILTER (WHERE day >= ${list_[(page - 1) * limit]!.hour.slice(0, 10)})::text AS newer
        FROM list_counts WHERE list = 'transactions'`.execute(db());
      expect(Number(days[0]!.newer)).toBeLessThan(Number(days[0]!.all) / 2);
      // (and the first row of the day after it, which closes the page's day)
      expect(await rowsRead(position[0]!, 'list_counts')).toBeLessThanOrEqual(Number(days[0]!.newer) + 1);
      const read = await rowsRead(ids[0]!, 'transactions');
      // The page's rows are read again by id; the rows skipped are those of its hour before it.
      expect(read).toBeGreaterThan(limit);
      expect(read).toBeLessThanOrEqual(firstHour + 2 * limit);
      expect(read).toBeLessThan(perDay / 4);
    });
  });
});
