import { sql, type Insertable } from 'kysely';
import type { Socket } from 'socket.io-client';
import { RequestRow, serverEvents } from '@backoffice/shared-api/contract';
import type { InfluencerRequestsTable } from '../src/db/schema';
import { TEST_ADMIN } from './helpers/constants';
import { collectEvents, nextEvent, nextEventOf, startWithAdminSocket } from './helpers/sockets';
import { allPages, expectMalformedId } from './helpers/expect';
import { BACKENDS, type TestApi } from './helpers/test-api';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const ALREADY = /^This request was already (approved|rejected) by Ada Admin on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/;

interface Row {
  _id: string;
  userId: string;
  firstName: string;
  lastName: string;
  userName: string;
  displayName: string;
  email: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

describe.each(BACKENDS)('influencer requests on %s', (backend) => {
  let api: TestApi;
  let token: string;
  let socket: Socket;
  let adminId: string;
  let fans = 0;

  /** A fan of its own for each test that applies or decides, so that tests share no state. */
  async function newFan(): Promise<string> {
    const n = ++fans;
    const first = ['Rowan', 'Sage', 'Tatum', 'Rowan'][n % 4]!;
    const user = await api.database.db
      .insertInto('users')
      .values({
        first_name: first,
        last_name: `Applicant${String.fromCharCode(90 - (n % 26))}`,
        user_name: `applicant.${n}`,
        email: `applicant.${n}@example.net`,
        display_name: `Hopeful ${(n * 7) % 13}`,
        created_at: new Date(Date.UTC(2024, 0, 1 + ((n * 5) % 17))),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return user.id;
  }

  beforeAll(async () => {
    ({ api, token, socket } = await startWithAdminSocket(backend));
    const db = api.database.db;
    adminId = (
      await db.selectFrom('admins').select('id').where('email', '=', TEST_ADMIN.adminEmail).executeTakeFirstOrThrow()
    ).id;
    // A dozen more requests than the seed's few, in every status, so that lists span pages.
    const statuses = ['pending', 'rejected', 'approved'] as const;
    const requests: Insertable<InfluencerRequestsTable>[] = [];
    for (let i = 0; i < 12; i++) {
      const status = statuses[i % 3]!;
      const at = new Date(Date.UTC(2025, 5, 1 + i, 9, 30));
      requests.push({
        user_id: await newFan(),
        status,
        reason: status === 'rejected' ? 'Profile incomplete' : '',
        decided_by: status === 'pending' ? null : adminId,
        decided_at: status === 'pending' ? null : at,
        created_at: at,
        updated_at: at,
      });
    }
    await db.insertInto('influencer_requests').values(requests).execute();
  });
  afterAll(async () => {
    socket?.disconnect();
    await api?.close();
  });

  const list = (query: Record<string, string> = {}) => api.call('GET', '/admin/getAllRequests', { token, query });
  const detail = (id: string) => api.call('GET', '/admin/getRequestDetail', { token, query: { id } });
  const create = (userId: string) =>
    api.call('POST', '/admin/createInfluencerRequest', { marketplace: true, body: { userId } });
  const decide = (body: Record<string, unknown>, as = token) =>
    api.call('PATCH', '/admin/decideRequest', { token: as, body });
  const requestRow = (id: string) =>
    api.database.db.selectFrom('influencer_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const userRow = (id: string) =>
    api.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mailsTo = async (email: string) => (await api.outbox()).filter((m) => m.to === email);
  const mailTo = async (userId: string) => mailsTo((await userRow(userId)).email);

  /** A pending request of a fan no other test uses. */
  async function pendingRequest(): Promise<{ id: string; userId: string }> {
    const userId = await newFan();
    const r = await create(userId);
    expect(r.status).toBe(200);
    return { id: r.body.data._id, userId };
  }

  const expectedIds = async (columns: string[], order: 'asc' | 'desc', status?: string) => {
    let q = api.database.db
      .selectFrom('influencer_requests as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('r.id');
    if (status) q = q.where('r.status', '=', status as 'pending');
    for (const c of [...columns, 'r.id']) q = q.orderBy(sql.ref(c), order);
    return (await q.execute()).map((r) => r.id);
  };

  const pages = (query: Record<string, string>) => allPages<Row>(list, query, 4);

  describe('GET /admin/getAllRequests', () => {
    it("lists requests newest first, with the request's id and date and the applicant's columns", async () => {
      const expected = await expectedIds(['r.updated_at'], 'desc');
      const r = await list();
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(expected.length);
      expect(r.body.data.map((row: Row) => row._id)).toEqual(expected.slice(0, 10));
      const first = r.body.data[0];
      expect(Object.keys(first).sort()).toEqual(Object.keys(RequestRow.properties).sort());
      const req = await requestRow(first._id);
      const user = await userRow(req.user_id);
      expect(first).toEqual({
        _id: req.id,
        userId: user.id,
        firstName: user.first_name,
        lastName: user.last_name,
        userName: user.user_name,
        displayName: user.display_name,
        email: user.email,
        createdAt: user.created_at.toISOString(),
        updatedAt: req.updated_at.toISOString(),
        status: req.status,
      });
    });

    it.each([
      ['updatedAt', 'asc', ['r.updated_at']],
      ['createdAt', 'desc', ['u.created_at']],
      ['name', 'asc', ['u.first_name', 'u.last_name']],
      ['name', 'desc', ['u.first_name', 'u.last_name']],
      ['userName', 'asc', ['u.user_name']],
      ['displayName', 'desc', ['u.display_name']],
      ['email', 'asc', ['u.email']],
    ] as const)('sorts by %s %s across pages, ties by id', async (sortBy, sortOrder, columns) => {
      const rows = await pages({ sortBy, sortOrder });
      expect(rows.map((row) => row._id)).toEqual(await expectedIds([...columns], sortOrder));
    });

    it.each(['pending', 'approved', 'rejected'])('filters by status %s', async (status) => {
      const rows = await pages({ status });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((row) => row._id)).toEqual(await expectedIds(['r.updated_at'], 'desc', status));
      for (const row of rows) expect(row.status).toBe(status);
    });

    it("searches the applicant's full name, user name and email", async () => {
      const some = (await list({ sortBy: 'email', sortOrder: 'asc' })).body.data[0] as Row;
      const byName = await list({ search: ` ${some.firstName} ${some.lastName} `.toUpperCase() });
      expect(byName.body.data.map((row: Row) => row._id)).toContain(some._id);
      for (const row of byName.body.data as Row[]) {
        expect(`${row.firstName} ${row.lastName}`.toLowerCase()).toContain(
          `${some.firstName} ${some.lastName}`.toLowerCase(),
        );
      }
      const byEmail = await list({ search: some.email });
      expect(byEmail.body.data.map((row: Row) => row._id)).toEqual([some._id]);
      expect((await list({ search: some.userName })).body.data.map((row: Row) => row._id)).toContain(some._id);
      expect((await list({ search: 'nobody-is-called-this' })).body).toMatchObject({ data: [], total: 0 });
    });

    it('refuses an unknown status or sort', async () => {
      const r = await list({ status: 'maybe', sortBy: 'reason' });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual({
        status: 'status has an unsupported value',
        sortBy: 'sortBy has an unsupported value',
      });
    });
  });

  describe('GET /admin/getRequestDetail', () => {
    it('returns a decided request with the admin who decided it and the whole applicant profile', async () => {
      const rejected = (await list({ status: 'rejected' })).body.data[0] as Row;
      const r = await detail(rejected._id);
      expect(r.status).toBe(200);
      const req = await requestRow(rejected._id);
      expect(r.body.data).toMatchObject({
        _id: req.id,
        status: 'rejected',
        reason: req.reason,
        createdAt: req.created_at.toISOString(),
        updatedAt: req.updated_at.toISOString(),
        decidedAt: req.decided_at!.toISOString(),
        decidedBy: { _id: adminId, firstName: 'Ada', lastName: 'Admin' },
      });
      const fan = await api.call('GET', '/admin/getFanDetail', { token, query: { id: rejected.userId! } });
      expect(r.body.data.applicant).toEqual(fan.body.data);
    });

    it('returns a pending request with no decision', async () => {
      const pending = (await list({ status: 'pending' })).body.data[0] as Row;
      expect((await detail(pending._id)).body.data).toMatchObject({
        status: 'pending',
        reason: '',
        decidedAt: null,
        decidedBy: null,
        applicant: { _id: pending.userId, isInfluencer: false },
      });
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await detail(UNKNOWN_ID)).body).toEqual({ statusCode: 404, message: 'Request not found' });
      expectMalformedId(await detail('nope'));
    });
  });

  describe('POST /admin/createInfluencerRequest', () => {
    it('files a pending request, replies its row and tells signed-in admins', async () => {
      const userId = await newFan();
      const announced = nextEvent<Row>(socket, serverEvents.influencerRequestCreated.name);
      const r = await create(userId);
      expect(r.status).toBe(200);
      const user = await userRow(userId);
      expect(r.body.data).toMatchObject({
        userId,
        status: 'pending',
        userName: user.user_name,
        email: user.email,
        createdAt: user.created_at.toISOString(),
      });
      await expect(announced).resolves.toEqual(r.body.data);
      const listed = await list({ search: user.email, status: 'pending' });
      expect(listed.body.data).toEqual([r.body.data]);

      const again = await create(userId);
      expect(again.body).toEqual({
        statusCode: 409,
        message: 'This user already has a pending request',
        errors: { userId: 'This user already has a pending request' },
      });
    });

    it('refuses an influencer, an unknown user and a malformed id', async () => {
      const influencer = await api.database.db
        .selectFrom('users')
        .select('id')
        .where('is_influencer', '=', true)
        .executeTakeFirstOrThrow();
      expect((await create(influencer.id)).body).toEqual({
        statusCode: 409,
        message: 'This user is already an influencer',
        errors: { userId: 'This user is already an influencer' },
      });
      expect((await create(UNKNOWN_ID)).body).toEqual({ statusCode: 404, message: 'User not found' });
      expectMalformedId(await create('x'), 'userId');
    });

    it('files one request when the same fan applies twice at once', async () => {
      const userId = await newFan();
      const results = await Promise.all([create(userId), create(userId)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const rows = await api.database.db
        .selectFrom('influencer_requests')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      expect(rows).toHaveLength(1);
    });
  });

  describe('PATCH /admin/decideRequest', () => {
    it('needs a reason to reject, and changes nothing without one', async () => {
      const { id } = await pendingRequest();
      const before = await requestRow(id);
      for (const reason of [undefined, '', '   ']) {
        const r = await decide({ id, decision: 'rejected', ...(reason === undefined ? {} : { reason }) });
        expect(r.body).toEqual({
          statusCode: 400,
          message: 'Give the reason for the rejection',
          errors: { reason: 'Give the reason for the rejection' },
        });
      }
      expect(await requestRow(id)).toEqual(before);
    });

    it('rejects once: the applicant is emailed the reason, admins are told, a second decision is a 409', async () => {
      const { id, userId } = await pendingRequest();
      const user = await userRow(userId);
      const decided = nextEventOf<{ _id: string }>(
        socket,
        serverEvents.influencerRequestDecided.name,
        (p) => p._id === id,
      );
      const r = await decide({ id, decision: 'rejected', reason: '  Your ID photo is blurry.  ' });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Request rejected. The applicant will be emailed.');
      expect(r.body.data).toMatchObject({
        _id: id,
        status: 'rejected',
        reason: 'Your ID photo is blurry.',
        decidedBy: { _id: adminId, firstName: 'Ada', lastName: 'Admin' },
        applicant: { _id: userId, isInfluencer: false },
      });
      expect(Date.parse(r.body.data.decidedAt)).toBeGreaterThan(Date.now() - 60_000);
      await expect(decided).resolves.toEqual({ _id: id, status: 'rejected' });

      const mails = await mailsTo(user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`About your influencer request, ${user.display_name}`);
      expect(mails[0]!.text).toContain('Reason: Your ID photo is blurry.');
      expect(mails[0]!.text).toContain(`Hi ${user.first_name},`);

      const before = await requestRow(id);
      const again = await decide({ id, decision: 'approved' });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(ALREADY);
      expect(again.body.message).toContain('already rejected');
      expect(await requestRow(id)).toEqual(before);
      expect((await userRow(userId)).is_influencer).toBe(false);
      expect(await mailsTo(user.email)).toHaveLength(1);
    });

    it('approves: the applicant becomes an influencer and is emailed', async () => {
      const { id, userId } = await pendingRequest();
      const user = await userRow(userId);
      const updated = collectEvents<Row>(socket, serverEvents.userUpdated.name);
      const decided = nextEventOf<{ _id: string }>(
        socket,
        serverEvents.influencerRequestDecided.name,
        (p) => p._id === id,
      );
      const r = await decide({ id, decision: 'approved' });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Request approved. The applicant will be emailed.');
      expect(r.body.data).toMatchObject({
        status: 'approved',
        reason: '',
        applicant: { _id: userId, isInfluencer: true, acceptinfluencerTerms: true },
      });
      await expect(decided).resolves.toEqual({ _id: id, status: 'approved' });
      const after = await userRow(userId);
      expect(after).toMatchObject({ is_influencer: true, accept_influencer_terms: true });
      expect(after.updated_at.getTime()).toBeGreaterThan(user.updated_at.getTime());
      const profile = await api.call('GET', '/admin/getInfluencerDetail', { token, query: { id: userId } });
      expect(profile.status).toBe(200);
      const mails = await mailTo(userId);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Welcome aboard, ${user.display_name}!`);
      expect(mails[0]!.text).toContain(`as ${user.display_name} was approved`);
      expect(updated).toContainEqual({ _id: userId });
    });

    it('lets exactly one of two simultaneous decisions through', async () => {
      const { id, userId } = await pendingRequest();
      const second = await api.signIn();
      const results = await Promise.all([
        decide({ id, decision: 'approved' }),
        decide({ id, decision: 'approved' }, second),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toMatch(ALREADY);
      expect(await mailTo(userId)).toHaveLength(1);

      const rival = await pendingRequest();
      const mixed = await Promise.all([
        decide({ id: rival.id, decision: 'approved' }),
        decide({ id: rival.id, decision: 'rejected', reason: 'Too late' }),
      ]);
      expect(mixed.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = mixed.find((r) => r.status === 200)!.body.data.status;
      expect((await requestRow(rival.id)).status).toBe(winner);
      expect((await userRow(rival.userId)).is_influencer).toBe(winner === 'approved');
    });

    it('falls back to a built-in email when the template was deleted', async () => {
      await api.database.db.deleteFrom('email_templates').where('key', '=', 'influencer-request-rejected').execute();
      const { id, userId } = await pendingRequest();
      const r = await decide({ id, decision: 'rejected', reason: 'No verified ID' });
      expect(r.status).toBe(200);
      const mails = await mailTo(userId);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('About your influencer request');
      expect(mails[0]!.text).toContain('Reason: No verified ID');
    });

    it('keeps the decision when the email cannot be sent yet; the email leaves once it can', async () => {
      const { mailer } = api.server.mailOutbox;
      const send = mailer.send;
      mailer.send = async () => {
        throw new Error('SMTP is down');
      };
      const { id, userId } = await pendingRequest();
      try {
        const r = await decide({ id, decision: 'approved', reason: 'Welcome!' });
        expect(r.status).toBe(200);
        expect(r.body.message).toBe('Request approved. The applicant will be emailed.');
        expect((await requestRow(id)).status).toBe('approved');
        expect((await userRow(userId)).is_influencer).toBe(true);
        expect(await mailTo(userId)).toHaveLength(0);
      } finally {
        mailer.send = send;
      }
      // its retry, brought forward
      const { email } = await userRow(userId);
      await api.database.db
        .updateTable('email_outbox')
        .set({ next_attempt_at: new Date() })
        .where('recipient', '=', email)
        .where('sent_at', 'is', null)
        .execute();
      const mails = await mailTo(userId);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Welcome!');
    });

    it('answers 404 for an unknown request and 400 for a malformed one', async () => {
      expect((await decide({ id: UNKNOWN_ID, decision: 'approved' })).body).toEqual({
        statusCode: 404,
        message: 'Request not found',
      });
      const bad = await decide({ id: 'x', decision: 'maybe' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({
        id: 'id must be a valid uuid',
        decision: 'decision has an unsupported value',
      });
    });

    it('needs a signed-in admin', async () => {
      const r = await api.call('PATCH', '/admin/decideRequest', { body: { id: UNKNOWN_ID, decision: 'approved' } });
      expect(r.status).toBe(401);
    });
  });
});
