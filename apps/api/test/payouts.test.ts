import crypto from 'node:crypto';
import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { Socket } from 'socket.io-client';
import { PayoutRequestRow, PayoutRow, SOCKET_EVENTS } from '@backoffice/shared-api/contract';
import type { PayoutRequestsTable, PayoutsTable } from '../src/db/schema';
import { TEST_ADMIN } from './helpers/constants';
import { allPages, expectMalformedId } from './helpers/expect';
import { collectEvents, nextEvent, startWithAdminSocket } from './helpers/sockets';
import { BACKENDS, type TestApi } from './helpers/test-api';

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

describe.each(BACKENDS)('payout requests and payouts on %s', (backend) => {
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

  async function newEarning(influencerId: string, n: number): Promise<string> {
    const t = await db()
      .insertInto('transactions')
      .values({
        transaction_id: `txn_payout_test_${n}_${crypto.randomBytes(4).toString('hex')}`,
        user_id: fanId,
        influencer_id: influencerId,
        type: 'video_call',
        status: 'completed',
        preference: ['Zebra chat', 'Advice', '', 'Gaming'][n % 4]!,
        query: ['Morning call', '', 'Quick question', 'Long talk'][n % 4]!,
        amount_cents: 5000 + n * 100,
        payable_amount_cents: 4000 + n * 100,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return t.id;
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
  const create = (body: Record<string, unknown>) => api.call('POST', '/payout/createRequest', { token, body });
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
    return api.outbox().filter((m) => m.to === email);
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
    const influencerId = await newUser();
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
      const transactionId = await newEarning(influencerId, 1);
      const before = await countRequests();
      const announced = nextEvent<RequestRow>(socket, SOCKET_EVENTS.payoutRequestCreated);
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
      const influencerId = await newUser();
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
      const r = await create({ influencerId: await newUser(), amount: 100000, payable_amount: 99999.99 });
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

    it('needs a signed-in admin', async () => {
      const r = await api.call('POST', '/payout/createRequest', {
        body: { influencerId: UNKNOWN_ID, amount: 1, payable_amount: 1 },
      });
      expect(r.status).toBe(401);
    });
  });

  describe('PATCH /payout/decideRequest', () => {
    it('approves: pays the payable amount once, records who, emails the influencer and tells admins', async () => {
      const { id, influencerId, row: filed } = await pendingRequest(1234.5, 1000.25);
      const user = await userRow(influencerId);
      const decided = nextEvent(socket, SOCKET_EVENTS.payoutRequestDecided);
      const idempotencyKey = key();
      const r = await decide({ id, decision: 'approved', reason: 'ignored', idempotencyKey });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(`Payout of $1,000.25 to ${filed.name} approved. The influencer was emailed.`);
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
      const decided = nextEvent(socket, SOCKET_EVENTS.payoutRequestDecided);
      const r = await decide({ id, decision: 'rejected', reason: '  Bank account closed.  ', idempotencyKey: key() });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(`Payout request of $32.50 from ${filed.name} rejected. The influencer was emailed.`);
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
      const first = await decide({ id, decision: 'approved', idempotencyKey });
      expect(first.status).toBe(200);
      const before = await requestRow(id);
      const events = collectEvents(socket, SOCKET_EVENTS.payoutRequestDecided);

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
        .values({ first_name: 'Grace', last_name: 'Hopper', email: `grace.${key()}@test.local`, password_hash: 'x' })
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

    it('keeps the decision when the email cannot be sent, and says so', async () => {
      const mailer = api.server.context.mailer;
      const send = mailer.send;
      mailer.send = async () => {
        throw new Error('SMTP is down');
      };
      try {
        const { id, row: filed } = await pendingRequest(10, 9.99);
        const r = await decide({ id, decision: 'approved', idempotencyKey: key() });
        expect(r.status).toBe(200);
        expect(r.body.message).toBe(
          `Payout of $9.99 to ${filed.name} approved. The email to the influencer could not be sent; tell them another way.`,
        );
        expect((await requestRow(id)).status).toBe('approved');
        expect(await payoutsOf(id)).toHaveLength(1);
      } finally {
        mailer.send = send;
      }
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
});
