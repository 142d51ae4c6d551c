import crypto from 'node:crypto';
import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { Socket } from 'socket.io-client';
import { PAYMENT_MESSAGES, PayoutRequestRow, PayoutRow, serverEvents } from '@backoffice/shared-api/contract';
import { loadConfig } from '../src/config';
import * as payoutEarnings from '../src/db/migrations/0014_payout_earnings';
import type { PayoutRequestsTable, PayoutsTable } from '../src/db/schema';
import { markCredentialsReset } from '../src/modules/auth/credentials';
import { hashPassword } from '../src/modules/auth/passwords';
import { TEST_ADMIN } from './helpers/constants';
import { allPages, expectMalformedId } from './helpers/expect';
import { collectEvents, nextEvent, nextEventOf, startWithAdminSocket } from './helpers/sockets';
import { BOTH_BACKENDS, eventually, type TestApi } from './helpers/test-api';
import { roleByKey } from '../src/modules/admins/roles';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const ALREADY =
  /^This payout request was already (approved|rejected) by (.+) on (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC\.$/;

type RequestRow = PayoutRequestRow;
type HistoryRow = PayoutRow;

const key = () => crypto.randomUUID();
const cents = (dollars: number) => Math.round(dollars * 100);
const usd = (c: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(c / 100);
const utcMinute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DAY_MS = 86_400_000;

/** What each payout request sort means, written against the database: '' for a missing earning. */
const REQUEST_ORDER: Record<string, RawBuilder<unknown>> = {
  createdAt: sql`pr.created_at`,
  displayName: sql`u.display_name`,
  preference: sql`coalesce(t.preference, '')`,
  query: sql`coalesce(t.query, '')`,
  amount: sql`pr.amount_cents`,
  payableAmount: sql`pr.payable_amount_cents`,
  platformFee: sql`pr.amount_cents - pr.payable_amount_cents`,
  email: sql`u.email`,
  // newest first within a status, as the transactions list does
  status: sql`(pr.status, pr.created_at)`,
};

/** The row value a sort orders by, for the sorts whose order JavaScript can check on its own. */
const COMPARABLE: Record<string, (r: RequestRow) => number | string> = {
  createdAt: (r) => Date.parse(r.createdAt),
  amount: (r) => cents(r.amount),
  payableAmount: (r) => cents(r.payable_amount),
  platformFee: (r) => cents(r.platformFee),
  status: (r) => r.status,
};

const HISTORY_ORDER: Record<string, string> = {
  paidAt: 'po.paid_at',
  displayName: 'u.display_name',
  email: 'u.email',
  amount: 'po.amount_cents',
  reference: 'po.reference',
  approvedAt: 'pr.decided_at',
};

function expectOrdered<T>(values: T[], order: 'asc' | 'desc') {
  for (let i = 1; i < values.length; i++) {
    if (order === 'asc') expect(values[i - 1]! <= values[i]!).toBe(true);
    else expect(values[i - 1]! >= values[i]!).toBe(true);
  }
}

describe('PAYOUT_SECOND_APPROVAL_ABOVE', () => {
  const threshold = (value?: string) =>
    loadConfig({ SEED: 'false', ...(value === undefined ? {} : { PAYOUT_SECOND_APPROVAL_ABOVE: value }) })
      .payoutSecondApprovalAboveCents;

  it('is off unless set, and read in dollars', () => {
    expect(threshold()).toBeNull();
    expect(threshold('')).toBeNull();
    expect(threshold('5000')).toBe(500000);
    expect(threshold(' 2500.5 ')).toBe(250050);
    expect(threshold('0.01')).toBe(1);
  });

  it.each(['12.345', '-1', '1e3', '$500', 'five', '1,000'])('refuses %p at start, saying what it takes', (value) => {
    expect(() => threshold(value)).toThrow(
      `PAYOUT_SECOND_APPROVAL_ABOVE must be an amount in dollars with at most 2 decimals, such as 5000 or 2500.50, got "${value}". Leave it unset for one approval per payout.`,
    );
  });
});

describe.each(BOTH_BACKENDS)('payout requests and payouts on %s', (backend) => {
  let api: TestApi;
  let token: string;
  let socket: Socket;
  let adminId: string;
  let fanId: string;
  let people = 0;
  const db = () => api.database.db;

  /** An influencer of its own for each test that files or decides, so that tests share no email. */
  async function newUser(isInfluencer = true): Promise<string> {
    const n = ++people;
    const user = await db()
      .insertInto('users')
      .values({
        first_name: ['Percy', 'Quinn', 'Rhea', 'Silas'][n % 4]!,
        last_name: `Payee${String.fromCharCode(65 + (n % 26))}`,
        user_name: `payee.${n}`,
        email: `payee.${n}@example.org`,
        display_name: `Creator ${(n * 7) % 11}`,
        is_influencer: isInfluencer,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return user.id;
  }

  /** A payment to the influencer; by default a completed one that earned its payable amount. */
  async function newEarning(
    influencerId: string,
    n: number,
    opts: { earning?: number; status?: 'pending' | 'completed' | 'failed' | 'refunded' } = {},
  ): Promise<string> {
    const payable = Math.max(4000 + n * 100, opts.earning ?? 0);
    const t = await db()
      .insertInto('transactions')
      .values({
        transaction_id: `txn_payout_test_${n}_${crypto.randomBytes(4).toString('hex')}`,
        user_id: fanId,
        influencer_id: influencerId,
        type: 'video_call',
        status: opts.status ?? 'completed',
        preference: ['Zebra chat', 'Advice', '', 'Gaming'][n % 4]!,
        query: ['Morning call', '', 'Quick question', 'Long talk'][n % 4]!,
        amount_cents: payable + 1000,
        payable_amount_cents: payable,
        released_amount_cents: payable,
        earning_cents: opts.earning ?? payable,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return t.id;
  }

  /** An influencer of their own who has earned `earning` cents, in one completed payment. */
  async function earner(earning: number): Promise<string> {
    const influencerId = await newUser();
    await newEarning(influencerId, people, { earning });
    return influencerId;
  }

  beforeAll(async () => {
    ({ api, token, socket } = await startWithAdminSocket(backend));
    adminId = (
      await db().selectFrom('admins').select('id').where('email', '=', TEST_ADMIN.adminEmail).executeTakeFirstOrThrow()
    ).id;
    fanId = await newUser(false);
    // A dozen more requests than the seed's, in every status, some with an earning and some with
    // no fee, so that every column varies and lists span pages.
    const statuses = ['pending', 'approved', 'rejected'] as const;
    const requests: Array<Insertable<PayoutRequestsTable> & { id: string }> = [];
    const payouts: Insertable<PayoutsTable>[] = [];
    for (let i = 0; i < 12; i++) {
      const influencerId = await newUser();
      const status = statuses[i % 3]!;
      const at = new Date(Date.UTC(2025, 6, 1 + i, 10, 15));
      const amount = 1000 + ((i * 3791) % 9000);
      const id = crypto.randomUUID();
      requests.push({
        id,
        influencer_id: influencerId,
        transaction_id: i % 2 === 0 ? await newEarning(influencerId, i) : null,
        amount_cents: amount,
        payable_amount_cents: amount - (i % 4) * 125,
        status,
        reason: status === 'rejected' ? 'Bank details do not match' : '',
        decided_by: status === 'pending' ? null : adminId,
        decided_at: status === 'pending' ? null : at,
        created_at: new Date(at.getTime() - 86_400_000),
        updated_at: at,
      });
      if (status === 'approved') {
        payouts.push({
          payout_request_id: id,
          influencer_id: influencerId,
          amount_cents: amount - (i % 4) * 125,
          approved_by: adminId,
          reference: `po_${crypto.randomBytes(8).toString('hex')}`,
          paid_at: new Date(at.getTime() + 60_000),
        });
      }
    }
    await db().insertInto('payout_requests').values(requests).execute();
    await db().insertInto('payouts').values(payouts).execute();
  });
  afterAll(async () => {
    socket?.disconnect();
    await api?.close();
  });

  const list = (query: Record<string, string> = {}) => api.call('GET', '/payout/getAllRequests', { token, query });
  const detail = (id: string) => api.call('GET', '/payout/getRequestDetail', { token, query: { id } });
  // The marketplace files requests, with its own credential.
  const create = (body: Record<string, unknown>) =>
    api.call('POST', '/payout/createRequest', { marketplace: true, body });
  const decide = (body: Record<string, unknown>, as = token) =>
    api.call('PATCH', '/payout/decideRequest', { token: as, body });
  const history = (query: Record<string, string> = {}) => api.call('GET', '/payout/getAll', { token, query });

  const requestRow = (id: string) =>
    db().selectFrom('payout_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const payoutsOf = (id: string) =>
    db().selectFrom('payouts').selectAll().where('payout_request_id', '=', id).execute();
  const userRow = (id: string) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mailsTo = async (userId: string) => {
    const { email } = await userRow(userId);
    return (await api.outbox()).filter((m) => m.to === email);
  };
  const countRequests = async () =>
    Number(
      (
        await db()
          .selectFrom('payout_requests')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A pending request of an influencer no other test uses, filed through the API. */
  async function pendingRequest(amount = 80.25, payable = 64.5) {
    const influencerId = await earner(cents(payable));
    const r = await create({ influencerId, amount, payable_amount: payable });
    expect(r.status).toBe(200);
    return { id: r.body.data._id as string, influencerId, row: r.body.data as RequestRow };
  }

  /** The row the API should show for a request, read from the database column by column. */
  async function expectedRow(id: string): Promise<RequestRow> {
    const pr = await requestRow(id);
    const u = await userRow(pr.influencer_id);
    const t = pr.transaction_id
      ? await db().selectFrom('transactions').selectAll().where('id', '=', pr.transaction_id).executeTakeFirstOrThrow()
      : undefined;
    const a = pr.decided_by
      ? await db().selectFrom('admins').selectAll().where('id', '=', pr.decided_by).executeTakeFirstOrThrow()
      : undefined;
    const [po] = await payoutsOf(id);
    const first = pr.first_approved_by
      ? await db().selectFrom('admins').selectAll().where('id', '=', pr.first_approved_by).executeTakeFirstOrThrow()
      : undefined;
    const approvals = [
      ...(first
        ? [
            {
              by: { _id: first.id, firstName: first.first_name, lastName: first.last_name },
              at: pr.first_approved_at!.toISOString(),
            },
          ]
        : []),
      ...(a && pr.status === 'approved'
        ? [{ by: { _id: a.id, firstName: a.first_name, lastName: a.last_name }, at: pr.decided_at!.toISOString() }]
        : []),
    ];
    return {
      _id: pr.id,
      influencerId: u.id,
      name: `${u.first_name} ${u.last_name}`,
      displayName: u.display_name,
      email: u.email,
      preference: t?.preference ?? '',
      query: t?.query ?? '',
      amount: pr.amount_cents / 100,
      payable_amount: pr.payable_amount_cents / 100,
      platformFee: (pr.amount_cents - pr.payable_amount_cents) / 100,
      status: pr.status,
      reason: pr.reason,
      createdAt: pr.created_at.toISOString(),
      decidedAt: pr.decided_at ? pr.decided_at.toISOString() : null,
      decidedBy: a ? { _id: a.id, firstName: a.first_name, lastName: a.last_name } : null,
      approvalsNeeded: pr.approvals_needed,
      approvals,
      payout: po
        ? { _id: po.id, reference: po.reference, amount: po.amount_cents / 100, paidAt: po.paid_at.toISOString() }
        : null,
    };
  }

  const expectedRequestIds = async (sortBy: string, order: 'asc' | 'desc', status?: string) => {
    let q = db()
      .selectFrom('payout_requests as pr')
      .innerJoin('users as u', 'u.id', 'pr.influencer_id')
      .leftJoin('transactions as t', 't.id', 'pr.transaction_id')
      .select('pr.id');
    if (status) q = q.where('pr.status', '=', status as 'pending');
    q = q.orderBy(REQUEST_ORDER[sortBy]!, order).orderBy('pr.id', order);
    return (await q.execute()).map((r) => r.id);
  };

  describe('GET /payout/getAllRequests', () => {
    it('lists requests newest first with the payment columns, the decision and the payout', async () => {
      const expected = await expectedRequestIds('createdAt', 'desc');
      const r = await list();
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(expected.length);
      expect(r.body.data.map((row: RequestRow) => row._id)).toEqual(expected.slice(0, 10));
      expect(Object.keys(r.body.data[0]).sort()).toEqual(Object.keys(PayoutRequestRow.properties).sort());

      const rows = await allPages<RequestRow>(list, {}, 25);
      for (const row of rows) expect(row).toEqual(await expectedRow(row._id));
      // every kind of row is among them
      expect(rows.some((row) => row.payout !== null && row.preference !== '')).toBe(true);
      expect(rows.some((row) => row.status === 'rejected' && row.reason !== '')).toBe(true);
      expect(rows.some((row) => row.platformFee === 0)).toBe(true);
    });

    it('computes the platform fee as amount minus payable amount on every row', async () => {
      const rows = await allPages<RequestRow>(list, {}, 10);
      expect(rows.length).toBeGreaterThan(20);
      for (const row of rows) expect(cents(row.platformFee)).toBe(cents(row.amount) - cents(row.payable_amount));
    });

    it.each(Object.keys(REQUEST_ORDER).flatMap((s) => [[s, 'asc'] as const, [s, 'desc'] as const]))(
      'sorts by %s %s across pages, ties by id',
      async (sortBy, sortOrder) => {
        const rows = await allPages<RequestRow>(list, { sortBy, sortOrder }, 7);
        expect(rows.map((row) => row._id)).toEqual(await expectedRequestIds(sortBy, sortOrder));
        const value = COMPARABLE[sortBy];
        if (value) expectOrdered(rows.map(value), sortOrder);
        // no earning shows as '' and sorts as '', not after everything
        if (sortBy === 'preference' || sortBy === 'query') {
          const blanks = rows.filter((row) => row[sortBy] === '').length;
          expect(blanks).toBeGreaterThan(0);
          const edge = sortOrder === 'asc' ? rows.slice(0, blanks) : rows.slice(-blanks);
          for (const row of edge) expect(row[sortBy]).toBe('');
        }
      },
    );

    it.each(['pending', 'approved', 'rejected'])('filters by status %s', async (status) => {
      const rows = await allPages<RequestRow>(list, { status }, 4);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((row) => row._id)).toEqual(await expectedRequestIds('createdAt', 'desc', status));
      for (const row of rows) expect(row.status).toBe(status);
    });

    it("searches the influencer's full name, display name, user name and email", async () => {
      const some = (await list({ sortBy: 'email', sortOrder: 'asc', search: 'payee.' })).body.data[0] as RequestRow;
      const user = await userRow(some.influencerId);
      const mine = async (search: string) => {
        const rows = await allPages<RequestRow>(list, { search }, 10);
        expect(rows.map((row) => row._id)).toContain(some._id);
        return rows;
      };
      for (const row of await mine(` ${user.first_name} ${user.last_name} `.toUpperCase())) {
        expect(row.name.toLowerCase()).toContain(`${user.first_name} ${user.last_name}`.toLowerCase());
      }
      for (const row of await mine(user.email)) expect(row.email).toBe(user.email);
      await mine(user.user_name.toUpperCase());
      for (const row of await mine(user.display_name)) {
        expect(
          [row.displayName, row.email, row.name].some((v) => v.toLowerCase().includes(user.display_name.toLowerCase())),
        ).toBe(true);
      }
      const both = await list({ search: user.email, status: some.status });
      expect(both.body.data.map((row: RequestRow) => row._id)).toContain(some._id);
      // % and _ are literal characters, not wildcards (as wildcards these would match payee.1@…)
      for (const search of ['payee%1', 'payee_1', 'nobody-is-called-this']) {
        expect((await list({ search })).body).toMatchObject({ data: [], total: 0 });
      }
    });

    it('refuses an unknown status or sort, and needs a signed-in admin', async () => {
      const r = await list({ status: 'paid', sortBy: 'reason' });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual({
        status: 'status has an unsupported value',
        sortBy: 'sortBy has an unsupported value',
      });
      expect((await api.call('GET', '/payout/getAllRequests')).status).toBe(401);
    });
  });

  describe('GET /payout/getRequestDetail', () => {
    it('returns one request as the list shows it', async () => {
      for (const status of ['pending', 'approved', 'rejected']) {
        const row = (await list({ status })).body.data[0] as RequestRow;
        const r = await detail(row._id);
        expect(r.status).toBe(200);
        expect(r.body.data).toEqual(row);
        expect(r.body.data).toEqual(await expectedRow(row._id));
      }
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await detail(UNKNOWN_ID)).body).toEqual({ statusCode: 404, message: 'Payout request not found' });
      expectMalformedId(await detail('nope'));
    });
  });

  describe('POST /payout/createRequest', () => {
    it('files a pending request with its earning, replies its row and tells signed-in admins', async () => {
      const influencerId = await newUser();
      const transactionId = await newEarning(influencerId, 1, { earning: 100007 });
      const before = await countRequests();
      const announced = nextEvent<RequestRow>(socket, serverEvents.payoutRequestCreated.name);
      const r = await create({ influencerId, amount: 1234.5, payable_amount: 1000.07, transactionId });
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual(await expectedRow(r.body.data._id));
      const stored = await requestRow(r.body.data._id);
      expect(stored).toMatchObject({
        influencer_id: influencerId,
        transaction_id: transactionId,
        amount_cents: 123450,
        payable_amount_cents: 100007,
        status: 'pending',
        decided_by: null,
        decision_key: null,
      });
      expect(r.body.data).toMatchObject({ status: 'pending', platformFee: 234.43, payout: null, decidedBy: null });
      expect(r.body.data.preference).not.toBe('');
      await expect(announced).resolves.toEqual(r.body.data);
      expect(await countRequests()).toBe(before + 1);

      const listed = await list({ search: (await userRow(influencerId)).email, status: 'pending' });
      expect(listed.body.data).toEqual([r.body.data]);
    });

    it('files a request with no earning, its payment columns empty', async () => {
      const influencerId = await earner(2000);
      const r = await create({ influencerId, amount: 20, payable_amount: 20 });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ preference: '', query: '', amount: 20, payable_amount: 20, platformFee: 0 });
    });

    it.each([
      ['negative', -5],
      ['zero', 0],
      ['3 decimals', 12.345],
      ['not a number', 'twelve'],
      ['over the maximum', 100000.01],
    ])('refuses a %s amount with the field named, and files nothing', async (_what, amount) => {
      const influencerId = await newUser();
      const before = await countRequests();
      const r = await create({ influencerId, amount, payable_amount: 10 });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.errors ?? {})).toEqual(['amount']);
      const payable = await create({ influencerId, amount: 100, payable_amount: amount });
      expect(payable.status).toBe(400);
      expect(Object.keys(payable.body.errors ?? {})).toEqual(['payable_amount']);
      expect(await countRequests()).toBe(before);
    });

    it('accepts the largest amount', async () => {
      const r = await create({ influencerId: await earner(9999999), amount: 100000, payable_amount: 99999.99 });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ amount: 100000, payable_amount: 99999.99, platformFee: 0.01 });
    });

    it('refuses a payout amount over the amount', async () => {
      const before = await countRequests();
      const r = await create({ influencerId: await newUser(), amount: 50, payable_amount: 50.01 });
      expect(r.body).toEqual({
        statusCode: 400,
        message: 'The payout amount cannot be more than the amount',
        errors: { payable_amount: 'The payout amount cannot be more than the amount' },
      });
      expect(await countRequests()).toBe(before);
    });

    it('refuses an unknown influencer, a fan, an unknown or foreign earning and malformed ids', async () => {
      const before = await countRequests();
      const body = { amount: 10, payable_amount: 8 };
      const unknown = await create({ ...body, influencerId: UNKNOWN_ID });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Influencer not found');
      expect(unknown.body.errors).toEqual({ influencerId: 'Influencer not found' });

      const fan = await create({ ...body, influencerId: fanId });
      expect(fan.body).toEqual({
        statusCode: 400,
        message: 'This user is not an influencer',
        errors: { influencerId: 'This user is not an influencer' },
      });

      const influencerId = await newUser();
      const noTxn = await create({ ...body, influencerId, transactionId: UNKNOWN_ID });
      expect(noTxn.status).toBe(404);
      expect(noTxn.body.message).toBe('Transaction not found');

      const foreign = await create({ ...body, influencerId, transactionId: await newEarning(await newUser(), 2) });
      expect(foreign.status).toBe(400);
      expect(Object.keys(foreign.body.errors ?? {})).toEqual(['transactionId']);

      expectMalformedId(await create({ ...body, influencerId: 'x' }), 'influencerId');
      expectMalformedId(await create({ ...body, influencerId, transactionId: 'x' }), 'transactionId');
      expect(await countRequests()).toBe(before);
    });

    it("takes the marketplace's credential, never an admin session", async () => {
      const influencerId = await earner(5000);
      const before = await countRequests();
      const body = { influencerId, amount: 10, payable_amount: 10 };
      const asAdmin = await api.call('POST', '/payout/createRequest', { token, body });
      expect(asAdmin.status).toBe(403);
      expect((await api.call('POST', '/payout/createRequest', { body })).status).toBe(401);
      expect(await countRequests()).toBe(before);
    });
  });

  describe('PATCH /payout/decideRequest', () => {
    it('approves: pays the payable amount once, records who, emails the influencer and tells admins', async () => {
      const { id, influencerId, row: filed } = await pendingRequest(1234.5, 1000.25);
      const user = await userRow(influencerId);
      const decided = nextEventOf<{ _id: string }>(socket, serverEvents.payoutRequestDecided.name, (p) => p._id === id);
      const idempotencyKey = key();
      const r = await decide({ id, decision: 'approved', reason: 'ignored', idempotencyKey });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(`Payout of $1,000.25 to ${filed.name} approved. The influencer will be emailed.`);
      expect(r.body.data).toEqual(await expectedRow(id));
      expect(r.body.data).toMatchObject({
        status: 'approved',
        reason: '',
        decidedBy: { _id: adminId, firstName: 'Ada', lastName: 'Admin' },
        payout: { amount: 1000.25 },
      });
      expect(r.body.data.payout.reference).toMatch(/^po_[0-9a-f]{16}$/);
      expect(Date.parse(r.body.data.decidedAt)).toBeGreaterThan(Date.now() - 60_000);
      await expect(decided).resolves.toEqual({ _id: id, status: 'approved' });

      const stored = await requestRow(id);
      expect(stored).toMatchObject({ status: 'approved', decided_by: adminId, decision_key: idempotencyKey });
      const payouts = await payoutsOf(id);
      expect(payouts).toHaveLength(1);
      expect(payouts[0]).toMatchObject({
        influencer_id: influencerId,
        amount_cents: stored.payable_amount_cents,
        approved_by: adminId,
        reference: r.body.data.payout.reference,
      });

      const mails = await mailsTo(influencerId);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Your payout of ${usd(stored.payable_amount_cents)} is on its way`);
      expect(mails[0]!.text).toContain(`Hi ${user.first_name},`);
      expect(mails[0]!.text).toContain(`paid with reference ${payouts[0]!.reference}`);

      const shown = await history({ search: payouts[0]!.reference.toUpperCase() });
      expect(shown.body.total).toBe(1);
      expect(shown.body.data[0]).toEqual({
        _id: payouts[0]!.id,
        payoutRequestId: id,
        influencerId,
        name: filed.name,
        displayName: user.display_name,
        email: user.email,
        amount: stored.payable_amount_cents / 100,
        reference: payouts[0]!.reference,
        paidAt: payouts[0]!.paid_at.toISOString(),
        approvedAt: stored.decided_at!.toISOString(),
        approvedBy: { _id: adminId, firstName: 'Ada', lastName: 'Admin' },
      });
    });

    it('needs a reason to reject, and changes nothing without one', async () => {
      const { id, influencerId } = await pendingRequest();
      const before = await requestRow(id);
      for (const reason of [undefined, '', '   ']) {
        const r = await decide({
          id,
          decision: 'rejected',
          idempotencyKey: key(),
          ...(reason === undefined ? {} : { reason }),
        });
        expect(r.body).toEqual({
          statusCode: 400,
          message: 'Give the reason for the rejection',
          errors: { reason: 'Give the reason for the rejection' },
        });
      }
      expect(await requestRow(id)).toEqual(before);
      expect(await payoutsOf(id)).toHaveLength(0);
      expect(await mailsTo(influencerId)).toHaveLength(0);
    });

    it('rejects with the reason: nothing paid, the influencer emailed the reason', async () => {
      const { id, influencerId, row: filed } = await pendingRequest(40, 32.5);
      const decided = nextEventOf<{ _id: string }>(socket, serverEvents.payoutRequestDecided.name, (p) => p._id === id);
      const r = await decide({ id, decision: 'rejected', reason: '  Bank account closed.  ', idempotencyKey: key() });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(
        `Payout request of $32.50 from ${filed.name} rejected. The influencer will be emailed.`,
      );
      expect(r.body.data).toEqual(await expectedRow(id));
      expect(r.body.data).toMatchObject({ status: 'rejected', reason: 'Bank account closed.', payout: null });
      await expect(decided).resolves.toEqual({ _id: id, status: 'rejected' });
      expect(await payoutsOf(id)).toHaveLength(0);
      const mails = await mailsTo(influencerId);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Your payout request of $32.50 was not approved');
      expect(mails[0]!.text).toContain('Reason: Bank account closed.');
    });

    it('refuses a second decision with another key (409 naming who and when) and replays the same key', async () => {
      const { id, influencerId } = await pendingRequest();
      const idempotencyKey = key();
      const announced = nextEventOf<{ _id: string }>(
        socket,
        serverEvents.payoutRequestDecided.name,
        (p) => p._id === id,
      );
      const first = await decide({ id, decision: 'approved', idempotencyKey });
      expect(first.status).toBe(200);
      await announced;
      const before = await requestRow(id);
      const events = collectEvents(socket, serverEvents.payoutRequestDecided.name);

      for (const body of [
        { id, decision: 'approved', idempotencyKey: key() },
        { id, decision: 'rejected', reason: 'Changed my mind', idempotencyKey: key() },
        // the same key asking for the other decision is a second decision, not a retry
        { id, decision: 'rejected', reason: 'Changed my mind', idempotencyKey },
      ]) {
        const again = await decide(body);
        expect(again.status).toBe(409);
        const [, status, who, when] = ALREADY.exec(again.body.message) ?? [];
        expect({ status, who, when }).toEqual({
          status: 'approved',
          who: 'Ada Admin',
          when: utcMinute(before.decided_at!),
        });
      }

      const replay = await decide({ id, decision: 'approved', idempotencyKey });
      expect(replay.status).toBe(200);
      expect(replay.body.message).toBe('This payout was already approved; nothing was paid twice.');
      expect(replay.body.data).toEqual(first.body.data);

      expect(await requestRow(id)).toEqual(before);
      expect(await payoutsOf(id)).toHaveLength(1);
      expect(await mailsTo(influencerId)).toHaveLength(1);
      await pause(200);
      expect(events).toEqual([]);
    });

    it('replays a rejection retried with its key', async () => {
      const { id, influencerId } = await pendingRequest();
      const body = { id, decision: 'rejected', reason: 'Duplicate request', idempotencyKey: key() };
      const first = await decide(body);
      expect(first.status).toBe(200);
      const replay = await decide(body);
      expect(replay.status).toBe(200);
      expect(replay.body.message).toBe('This payout request was already rejected; nothing was changed.');
      expect(replay.body.data).toEqual(first.body.data);
      expect(await mailsTo(influencerId)).toHaveLength(1);
    });

    it('names the admin who decided, read from the database', async () => {
      const other = await db()
        .insertInto('admins')
        .values({
          role_id: roleByKey(db(), 'owner'),
          first_name: 'Grace',
          last_name: 'Hopper',
          email: `grace.${key()}@test.local`,
          password_hash: 'x',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id } = await pendingRequest();
      const at = new Date(Date.UTC(2026, 10, 20, 14, 5, 42));
      await db()
        .updateTable('payout_requests')
        .set({ status: 'rejected', reason: 'Fraud check', decided_by: other.id, decided_at: at, decision_key: key() })
        .where('id', '=', id)
        .execute();
      const r = await decide({ id, decision: 'approved', idempotencyKey: key() });
      expect(r.body).toEqual({
        statusCode: 409,
        message: 'This payout request was already rejected by Grace Hopper on 2026-11-20 14:05 UTC.',
      });
      expect(await payoutsOf(id)).toHaveLength(0);
    });

    it('lets exactly one of two simultaneous approvals with different keys through', async () => {
      const { id, influencerId } = await pendingRequest();
      const second = await api.signIn();
      const results = await Promise.all([
        decide({ id, decision: 'approved', idempotencyKey: key() }),
        decide({ id, decision: 'approved', idempotencyKey: key() }, second),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toMatch(ALREADY);
      expect(await payoutsOf(id)).toHaveLength(1);
      expect(await mailsTo(influencerId)).toHaveLength(1);

      const rival = await pendingRequest();
      const mixed = await Promise.all([
        decide({ id: rival.id, decision: 'approved', idempotencyKey: key() }),
        decide({ id: rival.id, decision: 'rejected', reason: 'Too late', idempotencyKey: key() }, second),
      ]);
      expect(mixed.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = mixed.find((r) => r.status === 200)!.body.data.status;
      expect((await requestRow(rival.id)).status).toBe(winner);
      expect(await payoutsOf(rival.id)).toHaveLength(winner === 'approved' ? 1 : 0);
    });

    it('answers both of two simultaneous approvals with the same key, paying once', async () => {
      const { id, influencerId } = await pendingRequest();
      const idempotencyKey = key();
      const results = await Promise.all([
        decide({ id, decision: 'approved', idempotencyKey }),
        decide({ id, decision: 'approved', idempotencyKey }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(results[0]!.body.data).toEqual(results[1]!.body.data);
      expect(results.map((r) => r.body.message)).toContain('This payout was already approved; nothing was paid twice.');
      expect(await payoutsOf(id)).toHaveLength(1);
      expect(await mailsTo(influencerId)).toHaveLength(1);
    });

    it("refuses a key already used for another request's decision", async () => {
      const a = await pendingRequest();
      const b = await pendingRequest();
      const idempotencyKey = key();
      expect((await decide({ id: a.id, decision: 'approved', idempotencyKey })).status).toBe(200);
      const before = await requestRow(b.id);
      const r = await decide({ id: b.id, decision: 'approved', idempotencyKey });
      expect(r.status).toBe(409);
      expect(Object.keys(r.body.errors ?? {})).toEqual(['idempotencyKey']);
      expect(await requestRow(b.id)).toEqual(before);
      expect(await payoutsOf(b.id)).toHaveLength(0);
    });

    it('keeps the decision when the email cannot be sent yet; the email leaves once it can', async () => {
      const { mailer } = api.server.mailOutbox;
      const send = mailer.send;
      mailer.send = async () => {
        throw new Error('SMTP is down');
      };
      const { id, influencerId, row: filed } = await pendingRequest(10, 9.99);
      try {
        const r = await decide({ id, decision: 'approved', idempotencyKey: key() });
        expect(r.status).toBe(200);
        expect(r.body.message).toBe(`Payout of $9.99 to ${filed.name} approved. The influencer will be emailed.`);
        expect((await requestRow(id)).status).toBe('approved');
        expect(await payoutsOf(id)).toHaveLength(1);
        expect(await mailsTo(influencerId)).toHaveLength(0);
      } finally {
        mailer.send = send;
      }
      // its retry, brought forward
      const { email } = await userRow(influencerId);
      await db()
        .updateTable('email_outbox')
        .set({ next_attempt_at: new Date() })
        .where('recipient', '=', email)
        .where('sent_at', 'is', null)
        .execute();
      expect(await mailsTo(influencerId)).toHaveLength(1);
    });

    it('answers 404 for an unknown request and 400 for malformed input', async () => {
      expect((await decide({ id: UNKNOWN_ID, decision: 'approved', idempotencyKey: key() })).body).toEqual({
        statusCode: 404,
        message: 'Payout request not found',
      });
      expectMalformedId(await decide({ id: 'x', decision: 'approved', idempotencyKey: key() }));
      expectMalformedId(await decide({ id: UNKNOWN_ID, decision: 'approved', idempotencyKey: 'x' }), 'idempotencyKey');
      const { id } = await pendingRequest();
      const noKey = await decide({ id, decision: 'approved' });
      expect(noKey.status).toBe(400);
      expect(noKey.body.errors).toEqual({ idempotencyKey: 'idempotencyKey is required' });
      const bad = await decide({ id, decision: 'paid', idempotencyKey: key() });
      expect(bad.body.errors).toEqual({ decision: 'decision has an unsupported value' });
      expect((await requestRow(id)).status).toBe('pending');
    });

    it('needs a signed-in admin', async () => {
      const r = await api.call('PATCH', '/payout/decideRequest', {
        body: { id: UNKNOWN_ID, decision: 'approved', idempotencyKey: key() },
      });
      expect(r.status).toBe(401);
    });
  });

  describe('what a payout request may ask for', () => {
    const auditOf = (recordId: string) =>
      db()
        .selectFrom('audit_log')
        .select(['action', 'actor_id', 'ip', 'before', 'after'])
        .where('record_id', '=', recordId)
        .orderBy('created_at')
        .execute();
    const claimsOf = async (influencerId: string) =>
      (
        await db()
          .selectFrom('payout_requests')
          .select(['payable_amount_cents', 'status'])
          .where('influencer_id', '=', influencerId)
          .execute()
      ).filter((r) => r.status !== 'rejected');

    it('refuses more than the unpaid earnings, saying what can be paid out, and writes nothing', async () => {
      const influencerId = await earner(10000);
      // Not earned: a payment still pending, one that failed, one refunded.
      for (const status of ['pending', 'failed', 'refunded'] as const) {
        await newEarning(influencerId, 3, { earning: 50000, status });
      }
      const before = await countRequests();
      const over = await create({ influencerId, amount: 200, payable_amount: 100.01 });
      const message =
        'The payout amount is more than this influencer has earned and not yet been paid: $100.00 can be paid out';
      expect(over.body).toEqual({ statusCode: 400, message, errors: { payable_amount: message } });
      expect(await countRequests()).toBe(before);

      expect((await create({ influencerId, amount: 80, payable_amount: 60 })).status).toBe(200);
      const rest = await create({ influencerId, amount: 50, payable_amount: 40.01 });
      expect(rest.status).toBe(400);
      expect(rest.body.message).toMatch(/: \$40\.00 can be paid out$/);
      // The platform fee is not the influencer's money: only the payout amount is held to the earnings.
      const exact = await create({ influencerId, amount: 90, payable_amount: 40 });
      expect(exact.status).toBe(200);
      expect((await create({ influencerId, amount: 1, payable_amount: 0.01 })).body.message).toMatch(
        /: \$0\.00 can be paid out$/,
      );
      expect(await countRequests()).toBe(before + 2);
      expect(await auditOf(exact.body.data._id)).toEqual([
        {
          action: 'payoutRequest.created',
          actor_id: null,
          ip: expect.any(String),
          before: null,
          after: { influencerId, transactionId: null, amount: 90, payable_amount: 40, approvalsNeeded: 1 },
        },
      ]);
    });

    it('counts pending and approved requests against the earnings; a rejected one frees its amount', async () => {
      const influencerId = await earner(5000);
      const first = await create({ influencerId, amount: 30, payable_amount: 30 });
      expect(first.status).toBe(200);
      expect((await decide({ id: first.body.data._id, decision: 'approved', idempotencyKey: key() })).status).toBe(200);
      const second = await create({ influencerId, amount: 20, payable_amount: 20 });
      expect(second.status).toBe(200);
      expect((await create({ influencerId, amount: 1, payable_amount: 1 })).status).toBe(400);
      const rejected = await decide({
        id: second.body.data._id,
        decision: 'rejected',
        reason: 'Wrong bank account',
        idempotencyKey: key(),
      });
      expect(rejected.status).toBe(200);
      expect((await create({ influencerId, amount: 20, payable_amount: 20 })).status).toBe(200);
    });

    it('holds a request to its own earning, and pays an earning out once: 409 naming it, until rejected', async () => {
      const influencerId = await newUser();
      const transactionId = await newEarning(influencerId, 5, { earning: 4200 });
      await newEarning(influencerId, 6, { earning: 100000 });
      const txn = await db()
        .selectFrom('transactions')
        .select('transaction_id')
        .where('id', '=', transactionId)
        .executeTakeFirstOrThrow();
      const before = await countRequests();

      const over = await create({ influencerId, amount: 50, payable_amount: 42.01, transactionId });
      const overMessage = 'The payout amount cannot be more than this earning: $42.00 of it can be paid out';
      expect(over.body).toEqual({ statusCode: 400, message: overMessage, errors: { payable_amount: overMessage } });

      const filed = await create({ influencerId, amount: 50, payable_amount: 42, transactionId });
      expect(filed.status).toBe(200);
      const again = await create({ influencerId, amount: 5, payable_amount: 1, transactionId });
      const claimed = `Earning ${txn.transaction_id} already has a payout request (pending); an earning is paid out once`;
      expect(again.body).toEqual({ statusCode: 409, message: claimed, errors: { transactionId: claimed } });
      expect(await countRequests()).toBe(before + 1);

      await decide({ id: filed.body.data._id, decision: 'rejected', reason: 'Amount disputed', idempotencyKey: key() });
      const refiled = await create({ influencerId, amount: 45, payable_amount: 40, transactionId });
      expect(refiled.status).toBe(200);
      await decide({ id: refiled.body.data._id, decision: 'approved', idempotencyKey: key() });
      const paid = await create({ influencerId, amount: 5, payable_amount: 1, transactionId });
      expect(paid.status).toBe(409);
      expect(paid.body.message).toBe(
        `Earning ${txn.transaction_id} already has a payout request (approved); an earning is paid out once`,
      );

      // An earning that has not settled pays nothing.
      const pendingTxn = await newEarning(influencerId, 7, { earning: 3000, status: 'pending' });
      const unsettled = await create({ influencerId, amount: 5, payable_amount: 1, transactionId: pendingTxn });
      expect(unsettled.body.message).toBe(
        'The payout amount cannot be more than this earning: $0.00 of it can be paid out',
      );
    });

    it('is guarded by the database too: a second claim on an earning written directly is refused', async () => {
      const influencerId = await newUser();
      const transactionId = await newEarning(influencerId, 8);
      const row = {
        influencer_id: influencerId,
        transaction_id: transactionId,
        amount_cents: 100,
        payable_amount_cents: 100,
      };
      await db().insertInto('payout_requests').values(row).execute();
      await expect(db().insertInto('payout_requests').values(row).execute()).rejects.toMatchObject({
        constraint: 'payout_requests_one_per_earning',
      });
      await db()
        .insertInto('payout_requests')
        .values({ ...row, status: 'rejected' })
        .execute();
    });

    it('never lets 20 simultaneous requests of one influencer claim more than was earned', async () => {
      const influencerId = await earner(10000);
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => create({ influencerId, amount: 8, payable_amount: 7 })),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(14);
      for (const r of replies.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(400);
        expect(r.body.message).toMatch(/: \$2\.00 can be paid out$/);
      }
      const claims = await claimsOf(influencerId);
      expect(claims.reduce((sum, c) => sum + c.payable_amount_cents, 0)).toBe(9800);

      // And of 20 for one earning, exactly one is filed.
      const other = await newUser();
      const transactionId = await newEarning(other, 9, { earning: 100000 });
      const same = await Promise.all(
        Array.from({ length: 20 }, () => create({ influencerId: other, amount: 8, payable_amount: 7, transactionId })),
      );
      expect(same.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
      expect(await claimsOf(other)).toHaveLength(1);
    });
  });

  describe('two approvals above the configured amount', () => {
    let grace: { id: string; token: string };
    const config = () => api.server.context.config;
    const withThreshold = async (dollars: number | null, run: () => Promise<void>) => {
      config().payoutSecondApprovalAboveCents = dollars === null ? null : cents(dollars);
      try {
        await run();
      } finally {
        config().payoutSecondApprovalAboveCents = null;
      }
    };
    const ADA = () => ({ _id: adminId, firstName: 'Ada', lastName: 'Admin' });
    const GRACE = () => ({ _id: grace.id, firstName: 'Grace', lastName: 'Second' });

    beforeAll(async () => {
      const email = `grace.second.${key()}@test.local`;
      const password = 'Grace-Second-Password-1';
      const { id } = await db()
        .insertInto('admins')
        .values({
          role_id: roleByKey(db(), 'owner'),
          first_name: 'Grace',
          last_name: 'Second',
          email,
          password_hash: await hashPassword(password),
          // an account of some standing: a new one may not approve yet (see "from two people")
          created_at: new Date(Date.now() - 3 * DAY_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      grace = { id, token: await api.signIn(email, password) };
    });

    it('is off by default: one approval pays', async () => {
      expect(config().payoutSecondApprovalAboveCents).toBeNull();
      const { id } = await pendingRequest(100000, 99999.99);
      const r = await decide({ id, decision: 'approved', idempotencyKey: key() });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ status: 'approved', approvalsNeeded: 1, approvals: [{ by: ADA() }] });
      expect(await payoutsOf(id)).toHaveLength(1);
    });

    it('first approval leaves it pending; the same admin is refused; another admin pays', async () => {
      await withThreshold(500, async () => {
        const { id, influencerId, row: filed } = await pendingRequest(700, 600);
        expect(filed).toMatchObject({ approvalsNeeded: 2, approvals: [] });
        const announced = nextEventOf<{ _id: string }>(
          socket,
          serverEvents.payoutRequestDecided.name,
          (p) => p._id === id,
        );
        const firstKey = key();
        const first = await decide({ id, decision: 'approved', idempotencyKey: firstKey });
        expect(first.status).toBe(200);
        expect(first.body.message).toBe(
          `Payout of $600.00 to ${filed.name} approved by Ada Admin; it needs the approval of another admin before it is paid.`,
        );
        expect(first.body.data).toEqual(await expectedRow(id));
        expect(first.body.data).toMatchObject({
          status: 'pending',
          decidedBy: null,
          payout: null,
          approvalsNeeded: 2,
          approvals: [{ by: ADA(), at: expect.any(String) }],
        });
        await expect(announced).resolves.toEqual({ _id: id, status: 'pending' });
        expect(await payoutsOf(id)).toHaveLength(0);
        expect(await mailsTo(influencerId)).toHaveLength(0);
        // The list shows it to every admin the same way.
        expect((await detail(id)).body.data).toEqual(first.body.data);

        const same = await decide({ id, decision: 'approved', idempotencyKey: key() });
        expect(same.body).toEqual({
          statusCode: 409,
          message: 'You approved this payout already; it needs the approval of another admin.',
        });
        const retry = await decide({ id, decision: 'approved', idempotencyKey: firstKey });
        expect(retry.status).toBe(200);
        expect(retry.body.message).toBe(
          'Your approval was already recorded; the payout needs the approval of another admin.',
        );
        expect(await payoutsOf(id)).toHaveLength(0);

        const second = await decide({ id, decision: 'approved', idempotencyKey: key() }, grace.token);
        expect(second.status).toBe(200);
        expect(second.body.message).toBe(
          `Payout of $600.00 to ${filed.name} approved by Ada Admin and Grace Second. The influencer will be emailed.`,
        );
        expect(second.body.data).toEqual(await expectedRow(id));
        expect(second.body.data).toMatchObject({
          status: 'approved',
          decidedBy: GRACE(),
          approvals: [{ by: ADA() }, { by: GRACE() }],
          payout: { amount: 600 },
        });
        const payouts = await payoutsOf(id);
        expect(payouts).toHaveLength(1);
        expect(payouts[0]).toMatchObject({ amount_cents: 60000, approved_by: grace.id });
        expect(await mailsTo(influencerId)).toHaveLength(1);
        // The first approval's retry, once paid, is answered as the approval it became part of.
        expect((await decide({ id, decision: 'approved', idempotencyKey: firstKey })).body.message).toBe(
          'This payout was already approved; nothing was paid twice.',
        );

        const audit = await db()
          .selectFrom('audit_log')
          .select(['action', 'actor_id', 'after'])
          .where('record_id', '=', id)
          .where('action', 'like', 'payoutRequest.%')
          .orderBy('created_at')
          .execute();
        expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
          ['payoutRequest.created', null],
          ['payoutRequest.firstApproval', adminId],
          // Ada's second try
          ['payoutRequest.approvalRefused', adminId],
          ['payoutRequest.approved', grace.id],
        ]);
        expect(audit[2]!.after).toEqual({ reason: 'sameAdmin', firstApprovedBy: adminId });
        expect(audit[3]!.after).toMatchObject({ status: 'approved', payoutReference: payouts[0]!.reference });
      });
    });

    it('needs only one approval at or below the amount', async () => {
      await withThreshold(500, async () => {
        const { id, row } = await pendingRequest(600, 500);
        expect(row.approvalsNeeded).toBe(1);
        const r = await decide({ id, decision: 'approved', idempotencyKey: key() });
        expect(r.body.data).toMatchObject({ status: 'approved', approvals: [{ by: ADA() }] });
      });
    });

    it('keeps needing two once filed so, and applies a stricter rule to requests filed before it', async () => {
      let filedWhileOn = '';
      await withThreshold(100, async () => {
        filedWhileOn = (await pendingRequest(300, 200)).id;
      });
      const r = await decide({ id: filedWhileOn, decision: 'approved', idempotencyKey: key() });
      expect(r.body.data).toMatchObject({ status: 'pending', approvals: [{ by: ADA() }] });

      const filedWhileOff = await pendingRequest(300, 200);
      expect(filedWhileOff.row.approvalsNeeded).toBe(1);
      await withThreshold(100, async () => {
        const first = await decide({ id: filedWhileOff.id, decision: 'approved', idempotencyKey: key() });
        expect(first.body.data).toMatchObject({ status: 'pending', approvalsNeeded: 2 });
      });
    });

    it('a rejection by anyone, the first approver included, rejects it at any point', async () => {
      await withThreshold(50, async () => {
        const { id } = await pendingRequest(100, 90);
        await decide({ id, decision: 'approved', idempotencyKey: key() });
        const r = await decide({ id, decision: 'rejected', reason: 'Second thoughts', idempotencyKey: key() });
        expect(r.status).toBe(200);
        expect(r.body.data).toMatchObject({ status: 'rejected', decidedBy: ADA(), approvals: [{ by: ADA() }] });
        expect(await payoutsOf(id)).toHaveLength(0);
        expect((await decide({ id, decision: 'approved', idempotencyKey: key() }, grace.token)).status).toBe(409);
      });
    });

    it('two admins approving at once give the two approvals; one payout', async () => {
      await withThreshold(50, async () => {
        const { id, influencerId } = await pendingRequest(100, 90);
        const replies = await Promise.all([
          decide({ id, decision: 'approved', idempotencyKey: key() }),
          decide({ id, decision: 'approved', idempotencyKey: key() }, grace.token),
        ]);
        expect(replies.map((r) => r.status)).toEqual([200, 200]);
        const row = (await detail(id)).body.data as RequestRow;
        expect(row.status).toBe('approved');
        expect(row.approvals.map((a) => a.by._id).sort()).toEqual([adminId, grace.id].sort());
        expect(await payoutsOf(id)).toHaveLength(1);
        expect(await mailsTo(influencerId)).toHaveLength(1);

        // The same admin from two tabs: one first approval, one refusal, nothing paid.
        const mine = await pendingRequest(100, 90);
        const both = await Promise.all([
          decide({ id: mine.id, decision: 'approved', idempotencyKey: key() }),
          decide({ id: mine.id, decision: 'approved', idempotencyKey: key() }),
        ]);
        expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
        expect(await payoutsOf(mine.id)).toHaveLength(0);
      });
    });

    describe('from two people: not through a second account, an invite or a reset', () => {
      const HOUR_MS = 3_600_000;
      /** The minute an account's cooling-off ends, as the refusal says it: rounded up. */
      const coolingOffEnds = (since: Date) =>
        `${utcMinute(new Date(Math.ceil((since.getTime() + DAY_MS) / 60_000) * 60_000))} UTC`;

      /** A Finance admin, signed in; by default created three days ago and never reset. */
      async function financeAdmin(opts: { invitedBy?: string; createdAt?: Date; resetAt?: Date } = {}) {
        const email = `finance.${key()}@test.local`;
        const password = 'Finance-Password-1';
        const { id } = await db()
          .insertInto('admins')
          .values({
            role_id: roleByKey(db(), 'finance'),
            first_name: 'Fin',
            last_name: email.slice(8, 14),
            email,
            password_hash: await hashPassword(password),
            invited_by: opts.invitedBy ?? null,
            created_at: opts.createdAt ?? new Date(Date.now() - 3 * DAY_MS),
            credentials_reset_at: opts.resetAt ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id, email, password, name: `Fin ${email.slice(8, 14)}`, token: await api.signIn(email, password) };
      }

      /** A request needing two approvals with Ada's (or `first`'s) first approval recorded. */
      async function firstApproved(first = token) {
        const { id, influencerId } = await pendingRequest(700, 600);
        const r = await decide({ id, decision: 'approved', idempotencyKey: key() }, first);
        expect(r.body.data).toMatchObject({ status: 'pending', approvals: [expect.anything()] });
        return { id, influencerId };
      }

      /** The refusal: 409 with the message, the request still pending and unpaid, and an audit entry. */
      async function expectRefused(id: string, as: { id: string; token: string }, message: string, reason: string) {
        const before = await requestRow(id);
        const r = await decide({ id, decision: 'approved', idempotencyKey: key() }, as.token);
        expect(r.body).toEqual({ statusCode: 409, message });
        const after = await requestRow(id);
        expect(after).toMatchObject({
          status: 'pending',
          first_approved_by: before.first_approved_by,
          decided_by: null,
        });
        expect(await payoutsOf(id)).toHaveLength(0);
        const refusal = await db()
          .selectFrom('audit_log')
          .select(['actor_id', 'after'])
          .where('record_id', '=', id)
          .where('action', '=', 'payoutRequest.approvalRefused')
          .orderBy('seq', 'desc')
          .executeTakeFirstOrThrow();
        expect(refusal).toEqual({ actor_id: as.id, after: { reason, firstApprovedBy: before.first_approved_by } });
      }

      it('refuses the second approval of an admin the first approver invited, and of their inviter', async () => {
        await withThreshold(500, async () => {
          const invitee = await financeAdmin({ invitedBy: adminId });
          const { id } = await firstApproved();
          await expectRefused(
            id,
            invitee,
            PAYMENT_MESSAGES.secondApprovalByInvitee('Ada Admin'),
            'invitedByFirstApprover',
          );

          const byInvitee = await firstApproved(invitee.token);
          await expectRefused(
            byInvitee.id,
            { id: adminId, token },
            PAYMENT_MESSAGES.secondApprovalByInviter(invitee.name),
            'invitedFirstApprover',
          );
          // someone independent of both pays either
          expect((await decide({ id, decision: 'approved', idempotencyKey: key() }, grace.token)).status).toBe(200);
          expect(await payoutsOf(id)).toHaveLength(1);
        });
      });

      it('refuses the second approval of an account created in the last 24 hours, saying from when it may', async () => {
        await withThreshold(500, async () => {
          const createdAt = new Date(Date.now() - 2 * HOUR_MS);
          const fresh = await financeAdmin({ createdAt });
          const { id } = await firstApproved();
          await expectRefused(
            id,
            fresh,
            PAYMENT_MESSAGES.approverCreatedRecently(coolingOffEnds(createdAt)),
            'createdRecently',
          );
          // nor can it give the first approval, which a taken-over account would give instead
          const other = await pendingRequest(700, 600);
          const first = await decide({ id: other.id, decision: 'approved', idempotencyKey: key() }, fresh.token);
          expect(first.body).toEqual({
            statusCode: 409,
            message: PAYMENT_MESSAGES.approverCreatedRecently(coolingOffEnds(createdAt)),
          });
          expect(await requestRow(other.id)).toMatchObject({ status: 'pending', first_approved_by: null });
        });
      });

      it('refuses the second approval of an account whose password was reset by link in the last 24 hours', async () => {
        await withThreshold(500, async () => {
          const admin = await financeAdmin();
          const from = (await api.outbox()).length;
          await api.call('POST', '/admin/forgotPassword', { body: { email: admin.email } });
          const mail = await eventually(async () => (await api.outbox()).slice(from).find((m) => m.to === admin.email));
          const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
          const newPassword = 'Taken-Over-Password-2';
          const reset = await api.call('POST', '/admin/resetPassword', {
            body: { token: resetToken, password: newPassword },
          });
          expect(reset.status).toBe(200);
          const { credentials_reset_at: resetAt } = await db()
            .selectFrom('admins')
            .select('credentials_reset_at')
            .where('id', '=', admin.id)
            .executeTakeFirstOrThrow();
          expect(resetAt).not.toBeNull();
          const { id } = await firstApproved();
          await expectRefused(
            id,
            { id: admin.id, token: await api.signIn(admin.email, newPassword) },
            PAYMENT_MESSAGES.approverResetRecently(coolingOffEnds(resetAt!)),
            'resetRecently',
          );
        });
      });

      it('refuses the second approval of an account whose second factor was reset in the last 24 hours', async () => {
        await withThreshold(500, async () => {
          const admin = await financeAdmin();
          // what the second-factor reset calls in its transaction
          await markCredentialsReset(db(), admin.id);
          const { credentials_reset_at: resetAt } = await db()
            .selectFrom('admins')
            .select('credentials_reset_at')
            .where('id', '=', admin.id)
            .executeTakeFirstOrThrow();
          const { id } = await firstApproved();
          await expectRefused(
            id,
            admin,
            PAYMENT_MESSAGES.approverResetRecently(coolingOffEnds(resetAt!)),
            'resetRecently',
          );
        });
      });

      it('lets an account reset more than 24 hours ago approve, and a new one approve a payout needing one', async () => {
        const fresh = await financeAdmin({ createdAt: new Date(Date.now() - HOUR_MS) });
        const single = await pendingRequest(100, 90);
        const alone = await decide({ id: single.id, decision: 'approved', idempotencyKey: key() }, fresh.token);
        expect(alone.body.data).toMatchObject({ status: 'approved', approvalsNeeded: 1 });

        await withThreshold(500, async () => {
          const settled = await financeAdmin({ resetAt: new Date(Date.now() - DAY_MS - HOUR_MS) });
          const { id } = await firstApproved();
          const r = await decide({ id, decision: 'approved', idempotencyKey: key() }, settled.token);
          expect(r.status).toBe(200);
          expect(r.body.data).toMatchObject({ status: 'approved', decidedBy: { _id: settled.id } });
          expect(await payoutsOf(id)).toHaveLength(1);
        });
      });
    });
  });

  describe('GET /payout/getAll', () => {
    const expectedPayoutIds = async (sortBy: string, order: 'asc' | 'desc') => {
      const rows = await db()
        .selectFrom('payouts as po')
        .innerJoin('users as u', 'u.id', 'po.influencer_id')
        .innerJoin('payout_requests as pr', 'pr.id', 'po.payout_request_id')
        .select('po.id')
        .orderBy(sql.ref(HISTORY_ORDER[sortBy]!), order)
        .orderBy('po.id', order)
        .execute();
      return rows.map((r) => r.id);
    };

    it('lists payouts newest first, with the influencer and who approved them', async () => {
      const expected = await expectedPayoutIds('paidAt', 'desc');
      const r = await history();
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(expected.length);
      expect(r.body.data.map((row: HistoryRow) => row._id)).toEqual(expected.slice(0, 10));
      expect(Object.keys(r.body.data[0]).sort()).toEqual(Object.keys(PayoutRow.properties).sort());
      const rows = await allPages<HistoryRow>(history, {}, 25);
      for (const row of rows) {
        const po = await db().selectFrom('payouts').selectAll().where('id', '=', row._id).executeTakeFirstOrThrow();
        const pr = await requestRow(po.payout_request_id);
        const u = await userRow(po.influencer_id);
        const a = po.approved_by
          ? await db().selectFrom('admins').selectAll().where('id', '=', po.approved_by).executeTakeFirstOrThrow()
          : undefined;
        expect(row).toEqual({
          _id: po.id,
          payoutRequestId: pr.id,
          influencerId: u.id,
          name: `${u.first_name} ${u.last_name}`,
          displayName: u.display_name,
          email: u.email,
          amount: po.amount_cents / 100,
          reference: po.reference,
          paidAt: po.paid_at.toISOString(),
          approvedAt: pr.decided_at ? pr.decided_at.toISOString() : null,
          approvedBy: a ? { _id: a.id, firstName: a.first_name, lastName: a.last_name } : null,
        });
      }
    });

    it.each(Object.keys(HISTORY_ORDER).flatMap((s) => [[s, 'asc'] as const, [s, 'desc'] as const]))(
      'sorts by %s %s across pages, ties by id',
      async (sortBy, sortOrder) => {
        const rows = await allPages<HistoryRow>(history, { sortBy, sortOrder }, 7);
        expect(rows.map((row) => row._id)).toEqual(await expectedPayoutIds(sortBy, sortOrder));
        if (sortBy === 'amount')
          expectOrdered(
            rows.map((row) => cents(row.amount)),
            sortOrder,
          );
        if (sortBy === 'paidAt')
          expectOrdered(
            rows.map((row) => Date.parse(row.paidAt)),
            sortOrder,
          );
      },
    );

    it('searches the influencer and the reference', async () => {
      const some = (await history({ search: 'payee.' })).body.data[0] as HistoryRow;
      const byRef = await history({ search: some.reference.slice(3, 12).toUpperCase() });
      expect(byRef.body.data.map((row: HistoryRow) => row._id)).toEqual([some._id]);
      const byEmail = await allPages<HistoryRow>(history, { search: some.email }, 10);
      expect(byEmail.map((row) => row._id)).toContain(some._id);
      for (const row of byEmail) expect(row.email).toBe(some.email);
      const byName = await allPages<HistoryRow>(history, { search: ` ${some.name} ` }, 10);
      expect(byName.map((row) => row._id)).toContain(some._id);
      for (const row of byName) expect(row.name.toLowerCase()).toContain(some.name.toLowerCase());
      // as wildcards these would match every reference, or payee.1@…
      for (const search of ['po%', 'p_', 'payee_1', 'po_zzzz']) {
        expect((await history({ search })).body).toMatchObject({ data: [], total: 0 });
      }
    });

    it('needs a signed-in admin', async () => {
      expect((await api.call('GET', '/payout/getAll')).status).toBe(401);
    });
  });

  // Last: it takes the migration down and up again on this database.
  describe('migration 0014 on a database that already pays an earning twice', () => {
    it('keeps the claim paid first (else filed first), rejects the other pending ones, marks the paid ones', async () => {
      const influencerId = await newUser();
      const t1 = await newEarning(influencerId, 10);
      const t2 = await newEarning(influencerId, 11);
      const at = (day: number) => new Date(Date.UTC(2025, 0, day, 12));
      const ids = { a: key(), b: key(), c: key(), d: key(), e: key(), f: key() };
      const request = (
        id: string,
        transactionId: string,
        status: 'pending' | 'approved' | 'rejected',
        day: number,
      ) => ({
        id,
        influencer_id: influencerId,
        transaction_id: transactionId,
        amount_cents: 1000,
        payable_amount_cents: 900,
        status,
        decided_by: status === 'pending' ? null : adminId,
        decided_at: status === 'pending' ? null : at(day + 1),
        created_at: at(day),
        updated_at: at(day),
      });
      await db()
        .transaction()
        .execute(async (trx) => {
          await payoutEarnings.down(trx as unknown as Kysely<unknown>);
          // Filed before it was paid: C is the oldest claim of t1, but A was paid first.
          await trx
            .insertInto('payout_requests')
            .values([
              request(ids.c, t1, 'pending', 1),
              request(ids.b, t1, 'approved', 2),
              request(ids.a, t1, 'approved', 3),
              request(ids.d, t2, 'pending', 4),
              request(ids.e, t2, 'pending', 5),
              request(ids.f, t2, 'rejected', 3),
            ] as never)
            .execute();
          await trx
            .insertInto('payouts')
            .values([
              {
                payout_request_id: ids.a,
                influencer_id: influencerId,
                amount_cents: 900,
                reference: 'po_a',
                paid_at: at(4),
              },
              {
                payout_request_id: ids.b,
                influencer_id: influencerId,
                amount_cents: 900,
                reference: 'po_b',
                paid_at: at(5),
              },
            ])
            .execute();
          await payoutEarnings.up(trx as unknown as Kysely<unknown>);
        });
      const rows = await db()
        .selectFrom('payout_requests')
        .select(['id', 'status', 'reason', 'duplicate_of', 'decided_by'])
        .where('influencer_id', '=', influencerId)
        .execute();
      const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
      expect(byId[ids.a]).toMatchObject({ status: 'approved', duplicate_of: null });
      expect(byId[ids.b]).toMatchObject({ status: 'approved', duplicate_of: ids.a });
      expect(byId[ids.c]).toMatchObject({
        status: 'rejected',
        decided_by: null,
        reason: `This earning already has payout request ${ids.a}; an earning is paid out once.`,
      });
      expect(byId[ids.d]).toMatchObject({ status: 'pending', duplicate_of: null });
      expect(byId[ids.e]).toMatchObject({ status: 'rejected', reason: expect.stringContaining(ids.d) });
      expect(byId[ids.f]).toMatchObject({ status: 'rejected', reason: '' });
      // The index stands, and the API answers with it.
      const again = await create({ influencerId, amount: 1, payable_amount: 1, transactionId: t2 });
      expect(again.status).toBe(409);
    });
  });
});
