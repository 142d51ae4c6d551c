import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { CATALOG_MESSAGES, NotificationRow, serverEvents, type UserRef } from '@backoffice/shared-api/contract';
import { allPages, expectMalformedId } from './helpers/expect';
import { collectEvents, nextEvent, startWithAdminSocket } from './helpers/sockets';
import { BACKENDS, type TestApi } from './helpers/test-api';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const M = CATALOG_MESSAGES;

describe.each(BACKENDS)('notifications on %s', (backend) => {
  let api: TestApi;
  let token: string;
  let socket: Socket;
  let people = 0;
  const db = () => api.database.db;

  async function newUser(isInfluencer = false): Promise<string> {
    const n = ++people;
    const user = await db()
      .insertInto('users')
      .values({
        first_name: ['Nia', 'Otto', 'Pia'][n % 3]!,
        last_name: `Notifier${n}`,
        user_name: `notifier.${n}`,
        email: `notifier.${n}@example.com`,
        display_name: `Sender ${n}`,
        main_profile_picture: n % 2 ? `https://cdn.example.com/u/${n}.jpg` : '',
        is_influencer: isInfluencer,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return user.id;
  }

  /** An influencer who has earned `cents`: a payout request is held to the unpaid earnings. */
  async function earningInfluencer(cents: number): Promise<string> {
    const influencerId = await newUser(true);
    await db()
      .insertInto('transactions')
      .values({
        transaction_id: `txn_notifier_${people}`,
        user_id: await newUser(),
        influencer_id: influencerId,
        type: 'tip',
        status: 'completed',
        amount_cents: cents,
        payable_amount_cents: cents,
        released_amount_cents: cents,
        earning_cents: cents,
      })
      .execute();
    return influencerId;
  }

  beforeAll(async () => {
    ({ api, token, socket } = await startWithAdminSocket(backend));
    // More than a page, read and unread, some at the same instant and some from nobody, so that
    // order, ties, filters and missing senders all show.
    const senders = [await newUser(), await newUser(true), null];
    const at = (i: number) => new Date(Date.UTC(2024, 4, 1 + Math.floor(i / 3), 10));
    await db()
      .insertInto('notifications')
      .values(
        Array.from({ length: 14 }, (_, i) => ({
          description: `{{senderName}} did thing ${i}`,
          type: i % 2 ? 'payout_request' : 'general',
          sender_id: senders[i % 3]!,
          is_read: i % 4 === 0,
          created_at: at(i),
        })),
      )
      .execute();
  });
  afterAll(async () => {
    socket?.disconnect();
    await api?.close();
  });

  const list = (query: Record<string, string> = {}) => api.call('GET', '/notification/getAll', { token, query });
  const unreadCountReply = () => api.call('GET', '/notification/getUnreadCount', { token });
  const markRead = (id: string) => api.call('PATCH', '/notification/markRead', { token, query: { id } });
  const markAllRead = () => api.call('PATCH', '/notification/markAllRead', { token });
  const create = (body: Record<string, unknown>) =>
    api.call('POST', '/notification/create', { marketplace: true, body });

  const count = async (unreadOnly = false) => {
    let q = db()
      .selectFrom('notifications')
      .select(sql<string>`count(*)`.as('n'));
    if (unreadOnly) q = q.where('is_read', '=', false);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const expectedIds = async (order: 'asc' | 'desc', unreadOnly = false) => {
    let q = db().selectFrom('notifications').select('id');
    if (unreadOnly) q = q.where('is_read', '=', false);
    return (await q.orderBy('created_at', order).orderBy('id', order).execute()).map((r) => r.id);
  };
  async function userRef(id: string): Promise<UserRef> {
    const u = await db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return {
      _id: u.id,
      displayName: u.display_name,
      userName: u.user_name,
      email: u.email,
      mainProfilePicture: u.main_profile_picture,
      isInfluencer: u.is_influencer,
    };
  }
  async function asRow(id: string): Promise<NotificationRow> {
    const n = await db().selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return {
      _id: n.id,
      description: n.description,
      type: n.type,
      isRead: n.is_read,
      createdAt: n.created_at.toISOString(),
      userDetails: n.sender_id ? await userRef(n.sender_id) : null,
    };
  }
  async function unreadOne(): Promise<string> {
    const r = await create({ description: '{{senderName}} needs a look', senderId: await newUser() });
    expect(r.status).toBe(200);
    return r.body.data._id;
  }
  /** Lets the events of earlier calls arrive, so that a test hears only its own. */
  const quiet = () => new Promise((r) => setTimeout(r, 100));

  describe('GET /notification/getAll', () => {
    it('lists notifications newest first, each with its sender or null', async () => {
      const r = await list();
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(await count());
      expect(r.body.data.map((n: NotificationRow) => n._id)).toEqual((await expectedIds('desc')).slice(0, 10));
      expect(Object.keys(r.body.data[0]).sort()).toEqual(Object.keys(NotificationRow.properties).sort());
      for (const n of r.body.data as NotificationRow[]) expect(n).toEqual(await asRow(n._id));
      const rows = r.body.data as NotificationRow[];
      expect(rows.some((n) => n.userDetails === null)).toBe(true);
      expect(rows.some((n) => n.userDetails?.isInfluencer)).toBe(true);
      // the description is stored with its placeholder; screens put the sender's name in
      expect(rows.every((n) => n.description.includes('{{senderName}}'))).toBe(true);
    });

    it.each(['desc', 'asc'] as const)('pages from page 1 in %s order, ties by id', async (sortOrder) => {
      const rows = await allPages<NotificationRow>(list, { sortBy: 'createdAt', sortOrder }, 4);
      expect(rows.map((n) => n._id)).toEqual(await expectedIds(sortOrder));
      const page2 = await list({ page: '2', limit: '4', sortOrder });
      expect(page2.body.data.map((n: NotificationRow) => n._id)).toEqual((await expectedIds(sortOrder)).slice(4, 8));
    });

    it('keeps the unread ones with unread=true', async () => {
      const rows = await allPages<NotificationRow>(list, { unread: 'true' }, 4);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((n) => !n.isRead)).toBe(true);
      expect(rows.map((n) => n._id)).toEqual(await expectedIds('desc', true));
      expect((await list({ unread: 'false' })).body.total).toBe(await count());
    });

    it('searches the description and the sender, with % literal', async () => {
      const hit = await list({ search: ' thing 13 ' });
      expect(hit.body.data.map((n: NotificationRow) => n.description)).toEqual(['{{senderName}} did thing 13']);
      const bySender = await allPages<NotificationRow>(list, { search: 'sender 2' }, 4);
      expect(bySender.length).toBeGreaterThan(0);
      expect(bySender.every((n) => n.userDetails?.displayName === 'Sender 2')).toBe(true);
      expect((await list({ search: '%' })).body).toMatchObject({ data: [], total: 0 });
    });

    it('refuses a page below 1, an unknown sort and no token', async () => {
      expect((await list({ page: '0' })).status).toBe(400);
      expect((await list({ sortBy: 'type' })).status).toBe(400);
      expect((await list({ sortOrder: 'up' })).status).toBe(400);
      expect((await api.call('GET', '/notification/getAll')).status).toBe(401);
    });
  });

  describe('GET /notification/getUnreadCount', () => {
    it('counts the unread ones in the database', async () => {
      const r = await unreadCountReply();
      expect(r.body).toEqual({
        statusCode: 200,
        message: 'Unread notifications',
        data: { unReadCount: await count(true) },
      });
      await unreadOne();
      expect((await unreadCountReply()).body.data.unReadCount).toBe(r.body.data.unReadCount + 1);
      expect((await api.call('GET', '/notification/getUnreadCount')).status).toBe(401);
    });
  });

  describe('POST /notification/create', () => {
    it('stores a notification, replies it as listed and sends it to signed-in admins', async () => {
      const senderId = await newUser(true);
      await quiet();
      const announced = nextEvent<NotificationRow>(socket, serverEvents.notificationCreated.name);
      const r = await create({ description: '  {{senderName}} reported a call  ', type: 'call_report', senderId });
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({
        _id: expect.any(String),
        description: '{{senderName}} reported a call',
        type: 'call_report',
        isRead: false,
        createdAt: expect.any(String),
        userDetails: await userRef(senderId),
      });
      expect(r.body.data).toEqual(await asRow(r.body.data._id));
      await expect(announced).resolves.toEqual(r.body.data);
      expect((await list()).body.data[0]).toEqual(r.body.data);
    });

    it('defaults the type to general, and takes a notice from nobody', async () => {
      const r = await create({ description: 'Maintenance tonight' });
      expect(r.body.data).toMatchObject({ type: 'general', userDetails: null, isRead: false });
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['a blank description', { description: '   ' }, 'description', M.descriptionRequired],
      ['an empty description', { description: '' }, 'description', 'description is required'],
      ['no description', { type: 'general' }, 'description', 'description is required'],
      [
        'a description over the limit',
        { description: 'x'.repeat(501) },
        'description',
        'description must be at most 500 characters',
      ],
      ['an unknown sender', { description: 'x', senderId: UNKNOWN_ID }, 'senderId', M.senderNotFound],
      ['a malformed sender', { description: 'x', senderId: 'nope' }, 'senderId', 'senderId must be a valid uuid'],
      [
        'a type that is not snake case',
        { description: 'x', type: 'Payout Request' },
        'type',
        'type is not in the expected format',
      ],
    ])('refuses %s on its field, and stores nothing', async (_what, body, field, message) => {
      const before = await count();
      const r = await create(body);
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual({ [field]: message });
      expect(await count()).toBe(before);
    });

    it("takes the marketplace's credential only: none is 401, an admin session 403", async () => {
      expect((await api.call('POST', '/notification/create', { body: { description: 'x' } })).status).toBe(401);
      const before = await count();
      const asAdmin = await api.call('POST', '/notification/create', { token, body: { description: 'x' } });
      expect(asAdmin.status).toBe(403);
      expect(await count()).toBe(before);
    });
  });

  describe('notifications of the marketplace requests', () => {
    it('tells admins when a fan applies to become an influencer, naming the fan', async () => {
      const userId = await newUser();
      await quiet();
      const announced = nextEvent<NotificationRow>(socket, serverEvents.notificationCreated.name);
      const filed = await api.call('POST', '/admin/createInfluencerRequest', { marketplace: true, body: { userId } });
      expect(filed.status).toBe(200);
      const newest = (await list()).body.data[0] as NotificationRow;
      expect(newest).toMatchObject({
        description: '{{senderName}} applied to become an influencer',
        type: 'influencer_request',
        isRead: false,
        userDetails: await userRef(userId),
      });
      await expect(announced).resolves.toEqual(newest);
    });

    it('tells admins when an influencer asks for a payout, with the amount', async () => {
      const influencerId = await earningInfluencer(100000);
      const filed = await api.call('POST', '/payout/createRequest', {
        marketplace: true,
        body: { influencerId, amount: 1234.5, payable_amount: 1000 },
      });
      expect(filed.status).toBe(200);
      expect((await list()).body.data[0]).toMatchObject({
        description: '{{senderName}} requested a payout of $1234.50',
        type: 'payout_request',
        userDetails: await userRef(influencerId),
      });
    });

    it('files nothing to notify of when the request is refused', async () => {
      const before = await count();
      const influencer = await newUser(true);
      expect(
        (await api.call('POST', '/admin/createInfluencerRequest', { marketplace: true, body: { userId: influencer } }))
          .status,
      ).toBe(409);
      expect(
        (
          await api.call('POST', '/payout/createRequest', {
            marketplace: true,
            body: { influencerId: influencer, amount: 5, payable_amount: 6 },
          })
        ).status,
      ).toBe(400);
      expect(await count()).toBe(before);
    });

    it('files the request even when the notification cannot be stored', async () => {
      const userId = await newUser();
      await sql`ALTER TABLE notifications RENAME TO notifications_away`.execute(db());
      try {
        const filed = await api.call('POST', '/admin/createInfluencerRequest', { marketplace: true, body: { userId } });
        expect(filed.status).toBe(200);
        const payout = await api.call('POST', '/payout/createRequest', {
          marketplace: true,
          body: { influencerId: await earningInfluencer(900), amount: 10, payable_amount: 9 },
        });
        expect(payout.status).toBe(200);
      } finally {
        await sql`ALTER TABLE notifications_away RENAME TO notifications`.execute(db());
      }
      const request = await db()
        .selectFrom('influencer_requests')
        .select('status')
        .where('user_id', '=', userId)
        .execute();
      expect(request).toEqual([{ status: 'pending' }]);
    });
  });

  describe('PATCH /notification/markRead', () => {
    it('marks one read for every admin, replies it and tells signed-in admins the new count', async () => {
      const id = await unreadOne();
      await quiet();
      const events = collectEvents<{ _id?: string; unReadCount: number }>(socket, serverEvents.notificationsRead.name);
      const r = await markRead(id);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ ...(await asRow(id)), isRead: true });
      expect(
        (await db().selectFrom('notifications').select('is_read').where('id', '=', id).executeTakeFirstOrThrow())
          .is_read,
      ).toBe(true);
      const unread = await count(true);
      await quiet();
      expect(events).toEqual([{ _id: id, unReadCount: unread }]);

      // again: the same reply, nothing changed, nobody told
      const again = await markRead(id);
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(r.body.data);
      expect(await count(true)).toBe(unread);
      await quiet();
      expect(events).toHaveLength(1);
      socket.off(serverEvents.notificationsRead.name);
    });

    it('answers 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
      expect((await markRead(UNKNOWN_ID)).body).toEqual({ statusCode: 404, message: M.notificationNotFound });
      expectMalformedId(await markRead('nope'));
      const anonymous = await api.call('PATCH', '/notification/markRead', { query: { id: UNKNOWN_ID } });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('PATCH /notification/markAllRead', () => {
    it('marks every unread one read, once, and tells signed-in admins', async () => {
      await unreadOne();
      const unread = await count(true);
      expect(unread).toBeGreaterThan(1);
      await quiet();
      const announced = nextEvent(socket, serverEvents.notificationsRead.name);
      const r = await markAllRead();
      expect(r.body).toEqual({
        statusCode: 200,
        message: 'All notifications marked as read',
        data: { updated: unread, unReadCount: 0 },
      });
      await expect(announced).resolves.toEqual({ unReadCount: 0 });
      expect(await count(true)).toBe(0);
      expect((await unreadCountReply()).body.data.unReadCount).toBe(0);
      expect((await list({ unread: 'true' })).body).toMatchObject({ data: [], total: 0 });

      const events = collectEvents(socket, serverEvents.notificationsRead.name);
      const again = await markAllRead();
      expect(again.body.data).toEqual({ updated: 0, unReadCount: 0 });
      await quiet();
      expect(events).toEqual([]);
      socket.off(serverEvents.notificationsRead.name);
    });

    it('needs a signed-in admin', async () => {
      expect((await api.call('PATCH', '/notification/markAllRead')).status).toBe(401);
    });
  });
});
