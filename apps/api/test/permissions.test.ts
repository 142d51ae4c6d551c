import crypto from 'node:crypto';
import {
  AUTH_MESSAGES,
  SEEDED_ROLES,
  endpoints,
  type EndpointName,
  type SeededRoleKey,
} from '@backoffice/shared-api/contract';
import { hashPassword } from '../src/modules/auth/passwords';
import { allows, permissionsOf, roleByKey } from '../src/modules/admins/roles';
import { permissionNote } from '../src/plugins/routes';
import { BOTH_BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

interface Operation {
  operationId: EndpointName;
  method: string;
  path: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
}

const PASSWORD = 'Role-Walk-Password-1';
// The sign-out of the admin's own session goes last: every other operation needs it.
const LAST: readonly string[] = ['logout'];

/**
 * Every operation of the published OpenAPI document, called by an admin of each seeded role: what
 * the role grants never answers 403, what it does not always does — before validation, so the
 * request here is one no handler would accept (an unknown query field, an empty body).
 */
describe.each(BOTH_BACKENDS)('permissions of every operation, per seeded role, on %s', (backend) => {
  let api: TestApi;
  let operations: Operation[];

  beforeAll(async () => {
    api = await startTestApi(backend);
    const doc = (await api.server.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
    }>();
    operations = Object.entries(doc.paths)
      .flatMap(([path, byMethod]) =>
        Object.entries(byMethod).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
      )
      .filter((op) => op.security?.some((s) => 'bearerAuth' in s))
      .sort((a, b) => Number(LAST.includes(a.operationId)) - Number(LAST.includes(b.operationId)));
  });
  afterAll(() => api?.close());

  it('publishes every admin operation with the permission the contract gives it', () => {
    const admin = Object.entries(endpoints).filter(([, e]) => e.auth === 'admin');
    expect(operations.map((o) => o.operationId).sort()).toEqual(admin.map(([name]) => name).sort());
    for (const op of operations) {
      const e = endpoints[op.operationId];
      expect(e.auth === 'admin' && op.description).toBe(e.auth === 'admin' && permissionNote(e.permission));
    }
  });

  it.each(SEEDED_ROLES.map((r) => r.key))('an admin with the %s role', async (key: SeededRoleKey) => {
    const db = api.database.db;
    const email = `${key}.${crypto.randomBytes(4).toString('hex')}@test.local`;
    await db
      .insertInto('admins')
      .values({
        role_id: roleByKey(db, key),
        first_name: 'Role',
        last_name: key,
        email,
        password_hash: await hashPassword(PASSWORD),
      })
      .execute();
    const role = await db
      .selectFrom('roles')
      .select(['key', 'permissions'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    const granted = permissionsOf(role);
    const token = await api.signIn(email, PASSWORD);

    const answered: string[] = [];
    for (const op of operations) {
      const e = endpoints[op.operationId];
      if (e.auth !== 'admin') throw new Error(`${op.operationId} is published as an admin operation`);
      const reply = await api.call(op.method as 'GET', op.path, {
        token,
        query: { notAField: 'x' },
        ...(op.method === 'GET' ? {} : { body: {} }),
      });
      const allowed = allows(granted, e.permission);
      answered.push(`${op.operationId} ${allowed ? 'allowed' : 'refused'} ${reply.status}`);
      if (allowed) {
        expect([op.operationId, reply.status]).not.toEqual([op.operationId, 403]);
        expect([op.operationId, reply.status]).not.toEqual([op.operationId, 401]);
        expect([op.operationId, reply.status < 500]).toEqual([op.operationId, true]);
      } else {
        expect([op.operationId, reply.status, reply.body?.message]).toEqual([
          op.operationId,
          403,
          AUTH_MESSAGES.noPermission,
        ]);
      }
    }
    // The walk covered every operation, and each role is refused something but an Owner.
    expect(answered).toHaveLength(operations.length);
    const refused = answered.filter((a) => a.includes(' refused '));
    if (key === 'owner') expect(refused).toEqual([]);
    else expect(refused.length).toBeGreaterThan(0);
  });
});
