import crypto from 'node:crypto';
import { EXPORT_TOTAL_HEADER } from '@backoffice/shared-api/contract';
import { TEST_ADMIN } from './helpers/constants';
import { BACKENDS, eventually, startTestApi, type TestApi } from './helpers/test-api';

/*
 * Issue 28: what the audit log missed. A CSV export (names and emails in bulk), notifications marked
 * read, forgot-password requests and the records the marketplace files now each leave an entry: who
 * (or which credential), what, from where.
 */

describe.each(BACKENDS)('the audit log records on %s', (backend) => {
  let api: TestApi;
  let token: string;
  let adminId: string;
  const db = () => api.database.db;

  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
    adminId = (
      await db().selectFrom('admins').select('id').where('email', '=', TEST_ADMIN.adminEmail).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await api?.close();
  });

  /** The entries written since `seq`, oldest first. */
  const entriesSince = (seq: number, action: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'actor_email', 'record_type', 'record_id', 'ip', 'before', 'after'])
      .where('seq', '>', seq)
      .where('action', '=', action)
      .orderBy('seq')
      .execute();
  const lastSeq = async () =>
    (await db().selectFrom('audit_log').select('seq').orderBy('seq', 'desc').limit(1).executeTakeFirst())?.seq ?? 0;

  it('a transactions export: who, which filters, how many rows', async () => {
    const since = await lastSeq();
    const query = { status: 'completed', search: 'a', sortBy: 'createdAt', sortOrder: 'asc', timeZone: 'Europe/Paris' };
    const r = await api.call('GET', '/transaction/export', { token, query });
    expect(r.status).toBe(200);
    const rows = Number(r.headers[EXPORT_TOTAL_HEADER.toLowerCase()]);
    expect(await entriesSince(since, 'transaction.exported')).toEqual([
      {
        action: 'transaction.exported',
        actor_id: adminId,
        actor_email: TEST_ADMIN.adminEmail,
        record_type: 'transaction',
        record_id: null,
        ip: '127.0.0.1',
        before: null,
        after: { filters: query, rows },
      },
    ]);
  });

  it('notifications marked read, one and all, with how many; nothing when nothing changed', async () => {
    for (const n of [1, 2, 3]) {
      const filed = await api.call('POST', '/notification/create', {
        marketplace: true,
        body: { description: `Unread ${n}` },
      });
      expect(filed.status).toBe(200);
    }
    const unread = await db()
      .selectFrom('notifications')
      .select('id')
      .where('is_read', '=', false)
      .orderBy('created_at', 'desc')
      .execute();
    expect(unread.length).toBeGreaterThan(2);
    const since = await lastSeq();
    const one = unread[0]!.id;
    expect((await api.call('PATCH', '/notification/markRead', { token, query: { id: one } })).status).toBe(200);
    expect((await api.call('PATCH', '/notification/markRead', { token, query: { id: one } })).status).toBe(200);
    const all = await api.call('PATCH', '/notification/markAllRead', { token });
    expect(all.body.data.updated).toBe(unread.length - 1);
    expect((await api.call('PATCH', '/notification/markAllRead', { token })).body.data.updated).toBe(0);
    const entries = await entriesSince(since, 'notification.read');
    expect(entries.map((e) => [e.actor_id, e.record_id, e.after])).toEqual([
      [adminId, one, { isRead: true, count: 1 }],
      [adminId, null, { all: true, count: unread.length - 1 }],
    ]);
  });

  it('forgot-password requests: for which account, from where, without telling the caller', async () => {
    const since = await lastSeq();
    const known = await api.call('POST', '/admin/forgotPassword', { body: { email: TEST_ADMIN.adminEmail } });
    const unknown = await api.call('POST', '/admin/forgotPassword', { body: { email: 'nobody@example.com' } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const entries = await eventually(async () => {
      const found = await entriesSince(since, 'auth.passwordResetRequested');
      return found.length === 2 ? found : undefined;
    });
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          action: 'auth.passwordResetRequested',
          actor_id: null,
          actor_email: TEST_ADMIN.adminEmail,
          record_type: 'admin',
          record_id: adminId,
          ip: '127.0.0.1',
          before: null,
          after: { accountFound: true, emailSent: true },
        },
        {
          action: 'auth.passwordResetRequested',
          actor_id: null,
          actor_email: 'nobody@example.com',
          record_type: null,
          record_id: null,
          ip: '127.0.0.1',
          before: null,
          after: { accountFound: false, emailSent: false },
        },
      ]),
    );
  });

  describe('what the marketplace files, with the key that filed it and never the key', () => {
    // a key configured without an id is named by the first 8 hex characters of its SHA-256
    const keyId = () => crypto.createHash('sha256').update(api.marketplaceKey.secret).digest('hex').slice(0, 8);
    const filedBy = () => `marketplace key ${keyId()}`;

    const newFan = async () =>
      (
        await db()
          .insertInto('users')
          .values({
            user_name: `fan_${crypto.randomBytes(4).toString('hex')}`,
            email: `fan.${crypto.randomBytes(4).toString('hex')}@example.com`,
            display_name: 'Audit Fan',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;

    it('an influencer request and the notification that announces it', async () => {
      const since = await lastSeq();
      const userId = await newFan();
      const r = await api.call('POST', '/admin/createInfluencerRequest', { marketplace: true, body: { userId } });
      expect(r.status).toBe(200);
      const [request] = await entriesSince(since, 'influencerRequest.created');
      expect(request).toEqual({
        action: 'influencerRequest.created',
        actor_id: null,
        actor_email: filedBy(),
        record_type: 'influencerRequest',
        record_id: r.body.data._id,
        ip: '127.0.0.1',
        before: null,
        after: { userId, status: 'pending' },
      });
      const [notice] = await entriesSince(since, 'notification.created');
      expect(notice).toMatchObject({
        actor_email: filedBy(),
        record_type: 'notification',
        after: { senderId: userId },
      });
    });

    it('a notification filed directly, and a payout request', async () => {
      const since = await lastSeq();
      const r = await api.call('POST', '/notification/create', {
        marketplace: true,
        body: { description: 'Audit me', type: 'general' },
      });
      expect(r.status).toBe(200);
      expect(await entriesSince(since, 'notification.created')).toEqual([
        {
          action: 'notification.created',
          actor_id: null,
          actor_email: filedBy(),
          record_type: 'notification',
          record_id: r.body.data._id,
          ip: '127.0.0.1',
          before: null,
          after: { type: 'general', senderId: null, description: 'Audit me' },
        },
      ]);

      const influencer = await db()
        .selectFrom('transactions')
        .select(['influencer_id'])
        .where('status', '=', 'completed')
        .where('earning_cents', '>', 100)
        .where('influencer_id', 'is not', null)
        .executeTakeFirstOrThrow();
      const payout = await api.call('POST', '/payout/createRequest', {
        marketplace: true,
        body: { influencerId: influencer.influencer_id, amount: 0.02, payable_amount: 0.01 },
      });
      expect(payout.status).toBe(200);
      const [filed] = await entriesSince(since, 'payoutRequest.created');
      expect(filed).toMatchObject({ actor_email: filedBy(), record_id: payout.body.data._id, ip: '127.0.0.1' });
      const everything = JSON.stringify(
        await db().selectFrom('audit_log').selectAll().where('seq', '>', since).execute(),
      );
      expect(everything).not.toContain(api.marketplaceKey.secret);
    });
  });
});
