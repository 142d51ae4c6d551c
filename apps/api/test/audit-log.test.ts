import { sql } from 'kysely';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';
import { TEST_ADMIN } from './helpers/constants';
import { changes, recordAudit } from '../src/modules/audit/audit';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(BACKENDS)('audit log (%s)', (backend) => {
  let api: TestApi;
  let token: string;
  let adminId: string;
  let users = 0;

  /** Every entry of one record, oldest first. */
  const entriesOf = (recordId: string) =>
    api.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('record_id', '=', recordId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const entryCount = async () =>
    Number(
      (
        await api.database.db
          .selectFrom('audit_log')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** What a failed change must leave: the log exactly as it was. */
  async function writesNothing(change: () => Promise<{ status: number }>, status: number) {
    const before = await entryCount();
    expect((await change()).status).toBe(status);
    expect(await entryCount()).toBe(before);
  }
  /** A user of each test's own, so that tests share no state. */
  async function newUser(opts: { influencer?: boolean } = {}): Promise<string> {
    const n = ++users;
    const user = await api.database.db
      .insertInto('users')
      .values({
        first_name: 'Audra',
        last_name: `Audited${n}`,
        user_name: `audited.${n}`,
        email: `audited.${n}@example.net`,
        display_name: `Audited ${n}`,
        is_influencer: opts.influencer ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return user.id;
  }
  /** The one entry the change wrote, with who did it and from where. */
  function expectByAdmin(entry: Record<string, unknown> | undefined, action: string, recordType: string) {
    expect(entry).toMatchObject({
      action,
      actor_id: adminId,
      actor_email: TEST_ADMIN.adminEmail,
      record_type: recordType,
      ip: '127.0.0.1',
    });
  }

  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
    const admin = await api.database.db
      .selectFrom('admins')
      .select('id')
      .where('email', '=', TEST_ADMIN.adminEmail)
      .executeTakeFirstOrThrow();
    adminId = admin.id;
  });
  afterAll(() => api?.close());

  describe('recordAudit', () => {
    it('writes one entry with who, what, which record, where and the fields before and after', async () => {
      await recordAudit(api.database.db, {
        action: 'user.statusChanged',
        actorId: adminId,
        recordType: 'user',
        recordId: 'rec-1',
        ip: '203.0.113.9',
        before: { status: '1' },
        after: { status: '0' },
      });
      const [row, ...more] = await entriesOf('rec-1');
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        actor_id: adminId,
        actor_email: TEST_ADMIN.adminEmail,
        action: 'user.statusChanged',
        record_type: 'user',
        ip: '203.0.113.9',
        before: { status: '1' },
        after: { status: '0' },
      });
      expect(row!.created_at).toBeInstanceOf(Date);
    });

    it('drops anything secret-looking at any depth, whatever its case, and names inline pictures', async () => {
      const picture = `data:image/png;base64,${'A'.repeat(5000)}`;
      await recordAudit(api.database.db, {
        action: 'admin.profileUpdated',
        actorId: null,
        actorEmail: 'someone@example.com',
        recordId: 'rec-2',
        before: { name: 'a', Password: 'x', nested: { resetToken: 't', list: [{ PASSWORD_HASH: 'h', keep: 1 }] } },
        after: { name: 'b', apiSecret: 's', accessToken: 't', picture },
      });
      const [row] = await entriesOf('rec-2');
      expect(row!.actor_id).toBeNull();
      expect(row!.actor_email).toBe('someone@example.com');
      expect(row!.before).toEqual({ name: 'a', nested: { list: [{ keep: 1 }] } });
      expect(row!.after).toEqual({ name: 'b', picture: '[image/png, 5,022 characters]' });
    });
  });

  describe('in the same transaction as the change', () => {
    /** An audit log that refuses every entry: a change that cannot be recorded must not happen. */
    async function withLogRefusing(run: () => Promise<void>) {
      await sql`ALTER TABLE audit_log ADD CONSTRAINT refuse_all CHECK (false) NOT VALID`.execute(api.database.db);
      try {
        await run();
      } finally {
        await sql`ALTER TABLE audit_log DROP CONSTRAINT refuse_all`.execute(api.database.db);
      }
    }

    it('leaves the change undone when its entry cannot be written', async () => {
      const id = await newUser();
      const name = `Unrecorded ${backend}`;
      await withLogRefusing(async () => {
        expect((await api.call('PATCH', '/admin/changeStatus', { token, query: { id, status: '0' } })).status).toBe(
          500,
        );
        expect((await api.call('POST', '/paymentMethod/create', { token, body: { name } })).status).toBe(500);
      });
      const user = await api.database.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirst();
      expect(user?.status).toBe('1');
      const method = await api.database.db
        .selectFrom('payment_methods')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirst();
      expect(method).toBeUndefined();
    });
  });

  describe('a fan deactivated and activated (changeStatus)', () => {
    const changeStatus = (id: string, status: string) =>
      api.call('PATCH', '/admin/changeStatus', { token, query: { id, status } });

    it('records the status before and after, once per change', async () => {
      const id = await newUser();
      expect((await changeStatus(id, '0')).status).toBe(200);
      const [entry, ...more] = await entriesOf(id);
      expect(more).toEqual([]);
      expectByAdmin(entry, 'user.statusChanged', 'user');
      expect(entry).toMatchObject({ record_id: id, before: { status: '1' }, after: { status: '0' } });

      // the status it already has: nothing changes, nothing is recorded
      expect((await changeStatus(id, '0')).status).toBe(200);
      expect(await entriesOf(id)).toHaveLength(1);
      expect((await changeStatus(id, '1')).status).toBe(200);
      expect((await entriesOf(id)).map((e) => [e.before, e.after])).toEqual([
        [{ status: '1' }, { status: '0' }],
        [{ status: '0' }, { status: '1' }],
      ]);
    });

    it('records nothing for an unknown user or a bad status', async () => {
      await writesNothing(() => changeStatus(UNKNOWN_ID, '0'), 404);
      await writesNothing(() => changeStatus(UNKNOWN_ID, '7'), 400);
    });
  });

  describe('a fan or influencer profile edited (updateUserProfile)', () => {
    const update = (id: string, body: Record<string, unknown>) =>
      api.call('PATCH', '/admin/updateUserProfile', { token, query: { id }, body });

    it('records only the fields that changed, under the contract names', async () => {
      const id = await newUser();
      const r = await update(id, { firstName: 'Audrey', lastName: `Audited${users}`, bio: 'Now with a bio' });
      expect(r.status).toBe(200);
      const [entry, ...more] = await entriesOf(id);
      expect(more).toEqual([]);
      expectByAdmin(entry, 'user.profileUpdated', 'user');
      expect(entry!.before).toEqual({ firstName: 'Audra', bio: '' });
      expect(entry!.after).toEqual({ firstName: 'Audrey', bio: 'Now with a bio' });
    });

    it("records an influencer's own fields the same way", async () => {
      const id = await newUser({ influencer: true });
      expect((await update(id, { callChargesPerMin: 2.5, callDurationInMin: 15 })).status).toBe(200);
      const [entry] = await entriesOf(id);
      expect(entry!.after).toMatchObject({ callChargesPerMin: 2.5, callDurationInMin: 15 });
      expect(Object.keys(entry!.before!).sort()).toEqual(Object.keys(entry!.after!).sort());
    });

    it('records nothing when nothing changed, for bad input, a taken email or an unknown user', async () => {
      const id = await newUser();
      const other = await api.database.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', await newUser())
        .executeTakeFirstOrThrow();
      await writesNothing(() => update(id, { firstName: 'Audra' }), 200);
      await writesNothing(() => update(id, { dob: '2020-01-01' }), 400);
      await writesNothing(() => update(id, { email: other.email }), 409);
      await writesNothing(() => update(UNKNOWN_ID, { firstName: 'Nobody' }), 404);
      expect(await entriesOf(id)).toEqual([]);
    });
  });

  describe('an influencer request decided (decideRequest)', () => {
    async function pendingRequest(): Promise<string> {
      const r = await api.database.db
        .insertInto('influencer_requests')
        .values({ user_id: await newUser() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    }
    const decide = (body: Record<string, unknown>) => api.call('PATCH', '/admin/decideRequest', { token, body });

    it('records an approval and a rejection with its reason', async () => {
      const approved = await pendingRequest();
      expect((await decide({ id: approved, decision: 'approved' })).status).toBe(200);
      const [a, ...more] = await entriesOf(approved);
      expect(more).toEqual([]);
      expectByAdmin(a, 'influencerRequest.approved', 'influencerRequest');
      expect(a).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved' } });

      const rejected = await pendingRequest();
      expect((await decide({ id: rejected, decision: 'rejected', reason: ' Too few followers ' })).status).toBe(200);
      const [r] = await entriesOf(rejected);
      expectByAdmin(r, 'influencerRequest.rejected', 'influencerRequest');
      expect(r).toMatchObject({
        before: { status: 'pending' },
        after: { status: 'rejected', reason: 'Too few followers' },
      });

      // decided already: 409, and the log keeps the one decision
      await writesNothing(() => decide({ id: rejected, decision: 'approved' }), 409);
    });

    it('records nothing for a rejection without a reason or an unknown request', async () => {
      const id = await pendingRequest();
      await writesNothing(() => decide({ id, decision: 'rejected', reason: '  ' }), 400);
      await writesNothing(() => decide({ id: UNKNOWN_ID, decision: 'approved' }), 404);
      expect(await entriesOf(id)).toEqual([]);
    });
  });

  describe('an email template edited', () => {
    const update = (id: string, body: Record<string, unknown>) =>
      api.call('PATCH', '/emailTemplate/update', { token, query: { id }, body });

    it('records the subject it had and has, and not the content it did not change', async () => {
      const t = await api.database.db
        .selectFrom('email_templates')
        .select(['id', 'subject', 'content'])
        .orderBy('key')
        .executeTakeFirstOrThrow();
      expect((await update(t.id, { subject: 'Audited subject', content: t.content })).status).toBe(200);
      const [entry, ...more] = await entriesOf(t.id);
      expect(more).toEqual([]);
      expectByAdmin(entry, 'emailTemplate.updated', 'emailTemplate');
      expect(entry).toMatchObject({ before: { subject: t.subject }, after: { subject: 'Audited subject' } });

      await writesNothing(() => update(t.id, { subject: 'Audited subject' }), 200);
      await writesNothing(() => update(t.id, { content: '<p>unclosed' }), 400);
      await writesNothing(() => update(UNKNOWN_ID, { subject: 'Nobody' }), 404);
    });
  });

  describe('discount codes', () => {
    const create = (body: Record<string, unknown>) => api.call('POST', '/discountCode/create', { token, body });
    const update = (id: string, body: Record<string, unknown>) =>
      api.call('PATCH', '/discountCode/update', { token, query: { id }, body });

    it('records a code created with its fields, and each edit with what changed', async () => {
      const codeName = `AUDIT${backend.toUpperCase()}`;
      const created = await create({ codeName, type: 'promo_code', amount: 5, redeemLimit: 10 });
      expect(created.status).toBe(200);
      const id = created.body.data._id as string;
      const [c, ...more] = await entriesOf(id);
      expect(more).toEqual([]);
      expectByAdmin(c, 'discountCode.created', 'discountCode');
      expect(c!.before).toBeNull();
      expect(c!.after).toEqual({
        codeName,
        type: 'promo_code',
        amount: 5,
        redeemLimit: 10,
        status: 'Active',
        influencerId: null,
      });

      expect((await update(id, { amount: 7.5, redeemLimit: 10 })).status).toBe(200);
      const [, u] = await entriesOf(id);
      expectByAdmin(u, 'discountCode.updated', 'discountCode');
      expect(u).toMatchObject({ before: { amount: 5 }, after: { amount: 7.5 } });

      await writesNothing(() => update(id, { amount: 7.5 }), 200);
      await writesNothing(() => create({ codeName, type: 'promo_code', amount: 5, redeemLimit: 10 }), 409);
      await writesNothing(() => update(id, { amount: -1 }), 400);
      await writesNothing(() => update(UNKNOWN_ID, { amount: 3 }), 404);
      expect(await entriesOf(id)).toHaveLength(2);
    });
  });

  describe('payment methods', () => {
    it('records a method created, renamed, and switched off, each once', async () => {
      const name = `Audited ${backend}`;
      const created = await api.call('POST', '/paymentMethod/create', { token, body: { name } });
      expect(created.status).toBe(200);
      const id = created.body.data._id as string;
      const rename = (body: Record<string, unknown>) =>
        api.call('PATCH', '/paymentMethod/update', { token, query: { id }, body });
      expect((await rename({ name: `${name} renamed`, isActive: true })).status).toBe(200);
      expect(
        (await api.call('PATCH', '/paymentMethod/changeStatus', { token, query: { id, isActive: 'false' } })).status,
      ).toBe(200);

      const [c, u, s, ...more] = await entriesOf(id);
      expect(more).toEqual([]);
      expectByAdmin(c, 'paymentMethod.created', 'paymentMethod');
      expect(c).toMatchObject({ before: null, after: { name, isActive: true } });
      expectByAdmin(u, 'paymentMethod.updated', 'paymentMethod');
      expect(u).toMatchObject({ before: { name }, after: { name: `${name} renamed` } });
      expect(s).toMatchObject({ before: { isActive: true }, after: { isActive: false } });

      await writesNothing(() => rename({ isActive: false }), 200);
      await writesNothing(
        () => api.call('POST', '/paymentMethod/create', { token, body: { name: `${name} renamed` } }),
        409,
      );
      await writesNothing(() => rename({ name: '   ' }), 400);
      await writesNothing(
        () => api.call('PATCH', '/paymentMethod/update', { token, query: { id: UNKNOWN_ID }, body: { name: 'x' } }),
        404,
      );
    });
  });
});

describe('changes', () => {
  it('keeps only the fields that differ, each side with only those', () => {
    expect(
      changes(
        { a: 1, b: 'x', c: ['1', '2'], d: new Date('2024-01-01T00:00:00Z'), e: null },
        { a: 1, b: 'y', c: ['1', '2'], d: '2024-01-01T00:00:00.000Z', e: 'now', f: undefined },
      ),
    ).toEqual({ before: { b: 'x', e: null }, after: { b: 'y', e: 'now' } });
  });
});
