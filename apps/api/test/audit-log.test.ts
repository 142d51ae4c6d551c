import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';
import { TEST_ADMIN } from './helpers/constants';
import { changes, recordAudit } from '../src/modules/audit/audit';

describe.each(BACKENDS)('audit log (%s)', (backend) => {
  let api: TestApi;
  let adminId: string;

  beforeAll(async () => {
    api = await startTestApi(backend);
    const admin = await api.database.db
      .selectFrom('admins')
      .select('id')
      .where('email', '=', TEST_ADMIN.adminEmail)
      .executeTakeFirstOrThrow();
    adminId = admin.id;
  });
  afterAll(() => api.close());

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
      const row = await api.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('record_id', '=', 'rec-1')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        actor_id: adminId,
        actor_email: TEST_ADMIN.adminEmail,
        action: 'user.statusChanged',
        record_type: 'user',
        ip: '203.0.113.9',
        before: { status: '1' },
        after: { status: '0' },
      });
      expect(row.created_at).toBeInstanceOf(Date);
    });

    it('drops anything secret-looking at any depth, whatever its case', async () => {
      await recordAudit(api.database.db, {
        action: 'admin.profileUpdated',
        actorId: null,
        actorEmail: 'someone@example.com',
        recordId: 'rec-2',
        before: { name: 'a', Password: 'x', nested: { resetToken: 't', list: [{ PASSWORD_HASH: 'h', keep: 1 }] } },
        after: { name: 'b', apiSecret: 's', accessToken: 't' },
      });
      const row = await api.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('record_id', '=', 'rec-2')
        .executeTakeFirstOrThrow();
      expect(row.actor_id).toBeNull();
      expect(row.actor_email).toBe('someone@example.com');
      expect(row.before).toEqual({ name: 'a', nested: { list: [{ keep: 1 }] } });
      expect(row.after).toEqual({ name: 'b' });
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
