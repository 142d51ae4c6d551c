import { sql, type CompiledQuery } from 'kysely';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';
import { TEST_ADMIN } from './helpers/constants';
import { planWithoutSeqScans, recordStatements } from './helpers/plans';
import { changes, recordAudit } from '../src/modules/audit/audit';
import { roleByKey } from '../src/modules/admins/roles';

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

describe.each(BACKENDS)('GET /admin/getAuditLog (%s)', (backend) => {
  let api: TestApi;
  let token: string;
  let adminId: string;
  let otherId: string;
  const OTHER_EMAIL = 'second.admin@test.local';
  /** Thirty entries a minute apart in 2030: later than anything else the test writes, so newest. */
  const at = (i: number) => new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString();
  const ACTIONS = ['discountCode.updated', 'user.statusChanged', 'emailTemplate.updated'] as const;
  const TYPES = {
    'discountCode.updated': 'discountCode',
    'user.statusChanged': 'user',
    'emailTemplate.updated': 'emailTemplate',
  };

  const list = (query: Record<string, string | number> = {}) =>
    api.call('GET', '/admin/getAuditLog', {
      token,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
  /** The minutes (entry numbers) of the 2030 entries a reply lists, in its order. */
  const minutes = (data: Array<{ createdAt: string }>) =>
    data.filter((e) => e.createdAt.startsWith('2030')).map((e) => new Date(e.createdAt).getUTCMinutes());
  const range = (from: number, to: number) => ({ from: at(from), to: at(to) });

  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
    const db = api.database.db;
    adminId = (
      await db.selectFrom('admins').select('id').where('email', '=', TEST_ADMIN.adminEmail).executeTakeFirstOrThrow()
    ).id;
    otherId = (
      await db
        .insertInto('admins')
        .values({
          role_id: roleByKey(db, 'owner'),
          first_name: 'Second',
          last_name: 'Admin',
          email: OTHER_EMAIL,
          password_hash: 'not-a-real-hash',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('audit_log')
      .values(
        Array.from({ length: 30 }, (_, i) => {
          const action = ACTIONS[i % 3]!;
          return {
            created_at: at(i),
            actor_id: i % 2 ? otherId : adminId,
            actor_email: i % 2 ? OTHER_EMAIL : TEST_ADMIN.adminEmail,
            action,
            record_type: TYPES[action],
            record_id: `listed-${i % 5}`,
            ip: '198.51.100.7',
            before: JSON.stringify({ n: i }),
            after: JSON.stringify({ n: i + 1 }),
          };
        }),
      )
      .execute();
    // gone from the admins: its entries keep the email it acted as
    await db
      .insertInto('audit_log')
      .values({ created_at: at(30), actor_id: null, actor_email: 'Gone@Example.com', action: 'auth.signInFailed' })
      .execute();
  });
  afterAll(() => api?.close());

  it('lists newest first, each entry with who, what, which record, when, from where, before and after', async () => {
    const r = await list({ limit: 3 });
    expect(r.status).toBe(200);
    expect(r.body.total).toBeGreaterThanOrEqual(31);
    expect(minutes(r.body.data)).toEqual([30, 29, 28]);
    const [gone, other] = r.body.data;
    expect(gone).toMatchObject({ actor: null, actorEmail: 'Gone@Example.com', action: 'auth.signInFailed' });
    expect(other).toEqual({
      _id: expect.any(String),
      createdAt: at(29),
      actor: { _id: otherId, name: 'Second Admin', email: OTHER_EMAIL },
      actorEmail: OTHER_EMAIL,
      action: 'emailTemplate.updated',
      recordType: 'emailTemplate',
      recordId: 'listed-4',
      ip: '198.51.100.7',
      before: { n: 29 },
      after: { n: 30 },
    });
  });

  it('narrows to a time range, both ends included, and pages through it without gaps or repeats', async () => {
    const all = await list({ ...range(5, 14), limit: 100 });
    expect(all.body.total).toBe(10);
    expect(minutes(all.body.data)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5]);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(...minutes((await list({ ...range(5, 14), limit: 4, page })).body.data));
    expect(pages).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5]);
    expect((await list({ ...range(5, 14), limit: 4, page: 9 })).body).toMatchObject({ data: [], total: 10 });
  });

  it.each([
    ['who, by id', () => ({ actorId: otherId }), (i: number) => i % 2 === 1],
    [
      'who, by the email in any case',
      () => ({ actorEmail: ` ${OTHER_EMAIL.toUpperCase()} ` }),
      (i: number) => i % 2 === 1,
    ],
    ['action', () => ({ action: 'user.statusChanged' }), (i: number) => i % 3 === 1],
    ['record type', () => ({ recordType: 'emailTemplate' }), (i: number) => i % 3 === 2],
    ['record', () => ({ recordType: 'discountCode', recordId: 'listed-0' }), (i: number) => i % 3 === 0 && i % 5 === 0],
    [
      'who and action',
      () => ({ actorId: adminId, action: 'discountCode.updated' }),
      (i: number) => i % 2 === 0 && i % 3 === 0,
    ],
  ])('filters by %s', async (_name, filter, kept) => {
    const r = await list({ ...filter(), ...range(0, 29), limit: 100 });
    expect(r.status).toBe(200);
    const expected = Array.from({ length: 30 }, (_, i) => 29 - i).filter(kept);
    expect(minutes(r.body.data)).toEqual(expected);
    expect(r.body.total).toBe(expected.length);
  });

  it('finds the entries of an admin who is gone by the email they acted as', async () => {
    const r = await list({ actorEmail: 'gone@example.com' });
    expect(r.body).toMatchObject({ total: 1, data: [{ actor: null, action: 'auth.signInFailed' }] });
  });

  it.each([
    [{ recordId: 'listed-0' }, 'recordId'],
    [{ action: 'user.deleted' }, 'action'],
    [{ recordType: 'password' }, 'recordType'],
    [{ actorId: 'not-a-uuid' }, 'actorId'],
    [{ limit: 101 }, 'limit'],
    [{ page: 0 }, 'page'],
    [{ from: 'yesterday' }, 'from'],
    [{ from: at(10), to: at(5) }, 'from'],
  ])('refuses %j with 400 on the field', async (query, field) => {
    const r = await list(query);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors ?? {})).toContain(field);
  });

  it('is for signed-in admins only, and has no way to change or remove an entry', async () => {
    expect((await api.call('GET', '/admin/getAuditLog')).status).toBe(401);
    expect((await api.call('GET', '/admin/getAuditLog', { token: 'forged' })).status).toBe(401);
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      expect((await api.call(method, '/admin/getAuditLog', { token })).status).toBe(404);
    }
  });

  it('never holds a password, a token or a hash, whatever was done', async () => {
    // a sign-in, a failed one, and a change of each kind, then every entry read back
    const fresh = await api.signIn();
    await api.call('POST', '/admin/signIn', { body: { email: TEST_ADMIN.adminEmail, password: 'Wrong-Password-1' } });
    const fan = await api.database.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    await api.call('PATCH', '/admin/changeStatus', { token, query: { id: fan.id, status: '0' } });
    await api.call('PATCH', '/admin/updateUserProfile', { token, query: { id: fan.id }, body: { bio: 'audited' } });
    await api.call('POST', '/paymentMethod/create', { token, body: { name: `Secretless ${backend}` } });
    const entries = await api.database.db.selectFrom('audit_log').selectAll().execute();
    const text = JSON.stringify(entries);
    for (const secret of [TEST_ADMIN.adminPassword, 'Wrong-Password-1', token, fresh, 'not-a-real-hash']) {
      expect(text).not.toContain(secret);
    }
    const keys = entries.flatMap((e) => [...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})]);
    expect(keys.filter((k) => /password|token|secret|hash/i.test(k))).toEqual([]);
    const hashes = await api.database.db.selectFrom('admins').select('password_hash').execute();
    for (const h of hashes) expect(text).not.toContain(h.password_hash);
  });
});

describe('the query plans of the audit log at scale', () => {
  let api: TestApi;
  let token: string;
  let adminId: string;
  let recorder: ReturnType<typeof recordStatements>;
  let statements: CompiledQuery[];

  beforeAll(async () => {
    api = await startTestApi('pglite');
    token = await api.signIn();
    const db = api.database.db;
    adminId = (
      await db.selectFrom('admins').select('id').where('email', '=', TEST_ADMIN.adminEmail).executeTakeFirstOrThrow()
    ).id;
    // More matches than EXACT_COUNT_LIMIT for every filter, so that each list takes its large-list
    // path (the page's ids read in order, the total counted to the limit and estimated)...
    await sql`
      INSERT INTO audit_log (created_at, actor_id, actor_email, action, record_type, record_id)
      SELECT now() - g * interval '1 second', ${adminId}::uuid, ${TEST_ADMIN.adminEmail},
             (ARRAY['discountCode.updated', 'discountCode.created', 'emailTemplate.updated'])[g % 3 + 1],
             (ARRAY['discountCode', 'discountCode', 'emailTemplate'])[g % 3 + 1], 'planned-' || (g % 3)
      FROM generate_series(1, 3600) AS g`.execute(db);
    // and the log of everyone else, so that each filter above keeps a few of every hundred entries
    await sql`
      INSERT INTO audit_log (created_at, actor_id, actor_email, action, record_type, record_id)
      SELECT now() - g * interval '1 second', NULL, 'other' || (g % 50) || '@example.com',
             'auth.signedIn', 'admin', 'other-' || (g % 50)
      FROM generate_series(1, 30000) AS g`.execute(db);
    await sql`ANALYZE audit_log`.execute(db);
    recorder = recordStatements();
    statements = recorder.statements;
  });
  afterAll(async () => {
    recorder?.stop();
    await api?.close();
  });

  /** The plan with sequential scans disabled: one left in is a read of the whole log at any size. */
  const plan = async (statement: CompiledQuery) => (await planWithoutSeqScans(api.database.db, statement)).join('\n');

  it.each([
    ['everything', () => ({}), 'audit_log_created'],
    ['a deep page', () => ({ page: 140, limit: 10 }), 'audit_log_created'],
    ['who', () => ({ actorId: adminId }), 'audit_log_actor_created'],
    ['who by email', () => ({ actorEmail: TEST_ADMIN.adminEmail }), 'audit_log_actor_email_created'],
    ['action', () => ({ action: 'discountCode.updated' }), 'audit_log_action_created'],
    ['record type', () => ({ recordType: 'discountCode' }), 'audit_log_record_type_created'],
    ['record', () => ({ recordType: 'discountCode', recordId: 'planned-0' }), 'audit_log_record_created'],
  ])('reads %s through its index, never the whole log', async (_name, filter, index) => {
    statements.length = 0;
    const r = await api.call('GET', '/admin/getAuditLog', {
      token,
      query: Object.fromEntries(Object.entries(filter()).map(([k, v]) => [k, String(v)])),
    });
    expect(r.status).toBe(200);
    expect(r.body.total).toBeGreaterThan(1000);
    const ran = statements.filter((s) => /audit_log/.test(s.sql));
    expect(ran.length).toBeGreaterThan(0);
    const plans = await Promise.all(ran.map(plan));
    for (const p of plans) expect(p).not.toMatch(/Seq Scan on audit_log/);
    // the page's ids: read in the index's order, not sorted after reading every match
    const pageIds = plans.find((p, i) => /page_id/.test(ran[i]!.sql) && !/matched/.test(ran[i]!.sql));
    expect(pageIds).toMatch(new RegExp(`Index (Only )?Scan using ${index} on audit_log`));
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
