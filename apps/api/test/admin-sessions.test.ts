import crypto from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { sql } from 'kysely';
import {
  ADMIN_TEAM_MESSAGES,
  AUTH_MESSAGES,
  endpoints,
  serverEvents,
  type AdminRow,
  type AdminSessionRow,
} from '@backoffice/shared-api/contract';
import { hashPassword } from '../src/modules/auth/passwords';
import { roleByKey } from '../src/modules/admins/roles';
import { adminSocket, nextEvent, nextEventOf } from './helpers/sockets';
import { BACKENDS, eventually, startTestApi, type TestApi } from './helpers/test-api';

const PASSWORD = 'Session-Admin-Password-1';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe.each(BACKENDS)("admins' sessions (%s)", (backend) => {
  let api: TestApi;
  let ownerToken: string;
  let passwordHash: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    api = await startTestApi(backend, { listen: true });
    ownerToken = await api.signIn();
    passwordHash = await hashPassword(PASSWORD);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => api?.close());

  const db = () => api.database.db;
  const newAdmin = async (role: 'support' | 'finance' = 'support') => {
    const email = `sessions.${crypto.randomBytes(4).toString('hex')}@test.local`;
    const { id } = await db()
      .insertInto('admins')
      .values({
        role_id: roleByKey(db(), role),
        first_name: 'Sam',
        last_name: 'Sessions',
        email,
        password_hash: passwordHash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, email };
  };
  const signIn = async (email: string, userAgent = CHROME_LINUX) => {
    const r = await api.call('POST', endpoints.signIn.path, {
      body: { email, password: PASSWORD },
      headers: { 'user-agent': userAgent },
    });
    expect(r.status).toBe(200);
    return r.body.data.token as string;
  };
  const sessionsOf = async (token: string) => {
    const r = await api.call('GET', endpoints.getSessions.path, { token });
    expect(r.status).toBe(200);
    return r.body.data as AdminSessionRow[];
  };
  const currentOf = async (token: string) => (await sessionsOf(token)).find((s) => s.current)!._id;
  const works = async (token: string) => (await api.call('GET', endpoints.getUserProfile.path, { token })).status;
  const socketOf = async (token: string) => {
    const s = await adminSocket(api, token);
    sockets.push(s);
    return s;
  };
  const revokedAudit = (adminId: string) =>
    db()
      .selectFrom('audit_log')
      .select(['actor_id', 'after'])
      .where('action', '=', 'auth.sessionRevoked')
      .where('record_id', '=', adminId)
      .execute();

  it("lists the admin's own working sessions, newest first: browser, address, signed in, last seen, expiry, current", async () => {
    const { id, email } = await newAdmin();
    const older = await signIn(email, FIREFOX_WINDOWS);
    const newer = await signIn(email, CHROME_LINUX);
    await signIn((await newAdmin()).email); // someone else's
    const ended = await signIn(email, 'curl/8.5.0');
    await api.call('POST', endpoints.logout.path, { token: ended });

    const list = await sessionsOf(newer);
    expect(list).toEqual([
      {
        _id: expect.any(String),
        browser: 'Chrome 131 on Linux',
        address: '127.0.0.1',
        signedInAt: expect.any(String),
        lastSeenAt: expect.any(String),
        expiresAt: expect.any(String),
        current: true,
      },
      expect.objectContaining({ browser: 'Firefox 133 on Windows', current: false }),
    ]);
    expect(Date.parse(list[0]!.expiresAt)).toBeGreaterThan(Date.now());
    expect((await sessionsOf(older)).map((s) => s.current)).toEqual([false, true]);
    const stored = await db().selectFrom('admin_sessions').select('id').where('admin_id', '=', id).execute();
    expect(stored).toHaveLength(3);
  });

  it('signs out one of its own sessions: that token and its sockets end, the other tabs are told', async () => {
    const { id, email } = await newAdmin();
    const keep = await signIn(email);
    const end = await signIn(email);
    const endingSocket = await socketOf(end);
    const keptSocket = await socketOf(keep);
    const dropped = nextEvent(endingSocket, 'disconnect');
    const told = nextEventOf<{ _id: string }>(keptSocket, serverEvents.sessionsChanged.name, (p) => p._id === id);
    const target = await currentOf(end);

    const r = await api.call('POST', endpoints.revokeSession.path, { token: keep, query: { id: target } });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(ADMIN_TEAM_MESSAGES.sessionEnded);
    await dropped;
    await told;
    expect(await works(end)).toBe(401);
    expect(await works(keep)).toBe(200);
    expect(await revokedAudit(id)).toEqual([{ actor_id: id, after: { sessionId: target } }]);
    // already ended: nothing to end
    expect((await api.call('POST', endpoints.revokeSession.path, { token: keep, query: { id: target } })).status).toBe(
      404,
    );
  });

  it("answers 404, never 403, for another admin's session, and leaves it working", async () => {
    const mine = await signIn((await newAdmin()).email);
    const theirs = await signIn((await newAdmin()).email);
    for (const id of [await currentOf(theirs), UNKNOWN_ID]) {
      const r = await api.call('POST', endpoints.revokeSession.path, { token: mine, query: { id } });
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(ADMIN_TEAM_MESSAGES.sessionNotFound);
    }
    expect(await works(theirs)).toBe(200);
  });

  it('signs out every other session at once and says how many', async () => {
    const { id, email } = await newAdmin();
    const others = [await signIn(email), await signIn(email), await signIn(email)];
    const current = await signIn(email);
    const r = await api.call('POST', endpoints.revokeOtherSessions.path, { token: current });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: ADMIN_TEAM_MESSAGES.otherSessionsEnded(3), data: { count: 3 } });
    for (const t of others) expect(await works(t)).toBe(401);
    expect(await works(current)).toBe(200);
    expect(await sessionsOf(current)).toHaveLength(1);
    expect(await revokedAudit(id)).toHaveLength(3);
    const none = await api.call('POST', endpoints.revokeOtherSessions.path, { token: current });
    expect(none.body).toMatchObject({ message: ADMIN_TEAM_MESSAGES.otherSessionsEnded(0), data: { count: 0 } });
  });

  it("lets an Owner see and end any admin's session; their sockets on it end and their other tabs are told", async () => {
    const { id, email } = await newAdmin('finance');
    const first = await signIn(email, FIREFOX_WINDOWS);
    const second = await signIn(email);
    const firstSocket = await socketOf(first);
    const secondSocket = await socketOf(second);
    const seen = await api.call('GET', endpoints.getAdminSessions.path, { token: ownerToken, query: { adminId: id } });
    expect(seen.status).toBe(200);
    expect(seen.body.total).toBe(2);
    const listed = seen.body.data as AdminSessionRow[];
    expect(listed.map((s) => [s.browser, s.current])).toEqual([
      ['Chrome 131 on Linux', false],
      ['Firefox 133 on Windows', false],
    ]);

    const dropped = nextEvent(firstSocket, 'disconnect');
    const told = nextEventOf<{ _id: string }>(secondSocket, serverEvents.sessionsChanged.name, (p) => p._id === id);
    const r = await api.call('POST', endpoints.revokeAdminSession.path, {
      token: ownerToken,
      query: { id: listed[1]!._id },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(ADMIN_TEAM_MESSAGES.sessionEnded);
    await dropped;
    await told;
    expect(await works(first)).toBe(401);
    expect(await works(second)).toBe(200);
    const ownerId = (await api.call('GET', endpoints.getUserProfile.path, { token: ownerToken })).body.data._id;
    expect(await revokedAudit(id)).toEqual([{ actor_id: ownerId, after: { sessionId: listed[1]!._id } }]);

    const again = await api.call('POST', endpoints.revokeAdminSession.path, {
      token: ownerToken,
      query: { id: listed[1]!._id },
    });
    expect(again.status).toBe(404);
    const nobody = await api.call('GET', endpoints.getAdminSessions.path, {
      token: ownerToken,
      query: { adminId: UNKNOWN_ID },
    });
    expect(nobody.status).toBe(404);
  });

  it("refuses another admin's sessions to a role that does not manage admins, before validation", async () => {
    const support = await signIn((await newAdmin()).email);
    for (const r of [
      await api.call('GET', endpoints.getAdminSessions.path, { token: support }),
      await api.call('POST', endpoints.revokeAdminSession.path, { token: support }),
    ]) {
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(AUTH_MESSAGES.noPermission);
    }
  });

  it('notes when a session was last seen, at most once a minute, and the Admins list shows it', async () => {
    const { id, email } = await newAdmin();
    const token = await signIn(email);
    const sessionId = await currentOf(token);
    const lastSeen = async () =>
      (
        await db()
          .selectFrom('admin_sessions')
          .select('last_seen_at')
          .where('id', '=', sessionId)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const setLastSeen = (ago: string) =>
      db()
        .updateTable('admin_sessions')
        .set({ last_seen_at: sql<Date>`now() - ${ago}::interval` })
        .where('id', '=', sessionId)
        .execute();

    await setLastSeen('5 minutes');
    expect(await works(token)).toBe(200);
    const fresh = await eventually(async () => {
      const at = await lastSeen();
      return Date.now() - at.getTime() < 30_000 ? at : undefined;
    });

    // within the minute, requests write nothing
    await setLastSeen('30 seconds');
    const within = await lastSeen();
    expect(await works(token)).toBe(200);
    expect(await works(token)).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await lastSeen()).toEqual(within);
    expect(within.getTime()).toBeLessThan(fresh.getTime());

    const row = (await api.call('GET', endpoints.getAdmins.path, { token: ownerToken, query: { search: email } })).body
      .data[0] as AdminRow;
    expect(row._id).toBe(id);
    expect(row.lastActiveAt).toBe(within.toISOString());
  });
});
