import crypto from 'node:crypto';
import type { Socket } from 'socket.io-client';
import {
  ADMIN_TEAM_MESSAGES,
  AUTH_MESSAGES,
  INVITE_TTL_HOURS,
  PERMISSIONS,
  endpoints,
  serverEvents,
  type AdminProfile,
  type AdminRow,
  type RoleRow,
  type SeededRoleKey,
} from '@backoffice/shared-api/contract';
import { sql } from 'kysely';
import { hashPassword } from '../src/modules/auth/passwords';
import { hashResetToken } from '../src/modules/auth/tokens';
import { roleByKey } from '../src/modules/admins/roles';
import { TEST_ADMIN } from './helpers/constants';
import { adminSocket, nextEvent, nextEventOf } from './helpers/sockets';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

const PASSWORD = 'Team-Admin-Password-1';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const inviteToken = (mail: { html: string; text: string }) =>
  /accept-invite\?token=([A-Za-z0-9_-]+)/.exec(`${mail.html}\n${mail.text}`)?.[1];
const unique = () => crypto.randomBytes(4).toString('hex');

/** What every suite here needs: a server, its Owner, and admins of any role made in one insert. */
function team(api: () => TestApi) {
  let passwordHash: string | undefined;
  const db = () => api().database.db;
  return {
    db,
    async addAdmin(
      role: SeededRoleKey | { roleId: string },
      opts: { status?: 'active' | 'inactive'; firstName?: string; lastName?: string; email?: string } = {},
    ) {
      passwordHash ??= await hashPassword(PASSWORD);
      const email = opts.email ?? `team.${unique()}@test.local`;
      const { id } = await db()
        .insertInto('admins')
        .values({
          role_id: typeof role === 'string' ? roleByKey(db(), role) : role.roleId,
          first_name: opts.firstName ?? 'Team',
          last_name: opts.lastName ?? 'Member',
          email,
          password_hash: passwordHash,
          status: opts.status ?? 'active',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, email };
    },
    signIn: (email: string) => api().signIn(email, PASSWORD),
    roleId: async (key: SeededRoleKey) =>
      (await db().selectFrom('roles').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id,
    auditOf: (action: string, recordId: string) =>
      db()
        .selectFrom('audit_log')
        .select(['actor_id', 'actor_email', 'record_type', 'before', 'after'])
        .where('action', '=', action)
        .where('record_id', '=', recordId)
        .execute(),
  };
}

describe.each(BACKENDS)('the team of admins (%s)', (backend) => {
  let api: TestApi;
  let token: string;
  let ownerId: string;
  const sockets: Socket[] = [];
  const t = team(() => api);

  beforeAll(async () => {
    api = await startTestApi(backend, { listen: true });
    token = await api.signIn();
    ownerId = (await api.call('GET', endpoints.getUserProfile.path, { token })).body.data._id;
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => api?.close());

  const socketOf = async (as: string) => {
    const s = await adminSocket(api, as);
    sockets.push(s);
    return s;
  };
  const as = (who: string) => ({
    get: (path: string, query?: Record<string, string>) => api.call('GET', path, { token: who, query }),
    post: (path: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
      api.call('POST', path, { token: who, ...opts }),
    patch: (path: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
      api.call('PATCH', path, { token: who, ...opts }),
    put: (path: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
      api.call('PUT', path, { token: who, ...opts }),
  });
  const owner = () => as(token);
  const invite = async (body: Record<string, unknown>) => owner().post(endpoints.inviteAdmin.path, { body });
  const mailsTo = async (email: string) => (await api.outbox()).filter((m) => m.to === email);
  const verify = (inviteTokenValue: string) =>
    api.call('GET', endpoints.verifyAdminInvite.path, { query: { token: inviteTokenValue } });
  const accept = (inviteTokenValue: string, overrides: Record<string, unknown> = {}) =>
    api.call('POST', endpoints.acceptAdminInvite.path, {
      body: { token: inviteTokenValue, firstName: 'Ivy', lastName: 'Invitee', password: PASSWORD, ...overrides },
    });

  describe('who may see and manage the team', () => {
    it('refuses the team to a role without it, before validation, and lets an Auditor look only', async () => {
      const support = await t.signIn((await t.addAdmin('support')).email);
      for (const r of [
        await as(support).get(endpoints.getAdmins.path),
        await as(support).get(endpoints.getRoles.path),
        await as(support).post(endpoints.inviteAdmin.path, { body: {} }),
      ]) {
        expect(r.status).toBe(403);
        expect(r.body.message).toBe(AUTH_MESSAGES.noPermission);
      }
      const auditor = await t.signIn((await t.addAdmin('auditor')).email);
      expect((await as(auditor).get(endpoints.getAdmins.path)).status).toBe(200);
      expect((await as(auditor).get(endpoints.getRoles.path)).status).toBe(200);
      expect((await as(auditor).get(endpoints.getAdminInvites.path)).status).toBe(200);
      expect((await as(auditor).post(endpoints.inviteAdmin.path, { body: {} })).status).toBe(403);
      expect((await as(auditor).get(endpoints.getAdminSessions.path, { adminId: ownerId })).status).toBe(403);
    });
  });

  describe('the Admins list', () => {
    const tag = `lst${unique()}`;
    const made: Array<{ id: string; email: string }> = [];
    beforeAll(async () => {
      made.push(await t.addAdmin('support', { firstName: 'Zoe', lastName: tag, email: `c.${tag}@test.local` }));
      made.push(await t.addAdmin('finance', { firstName: 'Abe', lastName: tag, email: `a.${tag}@test.local` }));
      made.push(
        await t.addAdmin('support', {
          firstName: 'Max',
          lastName: tag,
          email: `b.${tag}@test.local`,
          status: 'inactive',
        }),
      );
    });
    const list = (query: Record<string, string>) => owner().get(endpoints.getAdmins.path, query);

    it('shows each admin with role, status, last activity and who invited them', async () => {
      const r = await list({ search: TEST_ADMIN.adminEmail, limit: '100' });
      expect(r.status).toBe(200);
      const me = (r.body.data as AdminRow[]).find((a) => a._id === ownerId);
      expect(me).toEqual({
        _id: ownerId,
        firstName: expect.any(String),
        lastName: expect.any(String),
        email: TEST_ADMIN.adminEmail,
        role: { _id: await t.roleId('owner'), name: 'Owner' },
        status: 'active',
        secondFactorEnabled: false,
        createdAt: expect.any(String),
        // signed in by this suite: a session of theirs was seen
        lastActiveAt: expect.any(String),
        invitedBy: null,
      });
      const never = (await list({ search: `c.${tag}` })).body.data as AdminRow[];
      expect(never.map((a) => a.lastActiveAt)).toEqual([null]);
    });

    it('searches email and full name, sorts by each column, filters by status and role, and pages', async () => {
      const byName = await list({ search: `Zoe ${tag}` });
      expect((byName.body.data as AdminRow[]).map((a) => a.email)).toEqual([`c.${tag}@test.local`]);
      const byEmail = await list({ search: `${tag}@TEST`, sortBy: 'email', sortOrder: 'asc' });
      expect(byEmail.body.total).toBe(3);
      expect((byEmail.body.data as AdminRow[]).map((a) => a.email)).toEqual(
        ['a', 'b', 'c'].map((p) => `${p}.${tag}@test.local`),
      );
      const byFirstName = await list({ search: tag, sortBy: 'name', sortOrder: 'desc' });
      expect((byFirstName.body.data as AdminRow[]).map((a) => a.firstName)).toEqual(['Zoe', 'Max', 'Abe']);
      const newest = await list({ search: tag, sortBy: 'createdAt', sortOrder: 'desc', limit: '2', page: '2' });
      expect(newest.body.total).toBe(3);
      expect((newest.body.data as AdminRow[]).map((a) => a._id)).toEqual([made[0]!.id]);
      const inactive = await list({ search: tag, status: 'inactive' });
      expect((inactive.body.data as AdminRow[]).map((a) => a.firstName)).toEqual(['Max']);
      const finance = await list({ search: tag, roleId: await t.roleId('finance') });
      expect((finance.body.data as AdminRow[]).map((a) => a.firstName)).toEqual(['Abe']);
      // a wildcard typed in the search box is a character, not a wildcard
      expect((await list({ search: `${tag.slice(0, 3)}%${tag.slice(4)}` })).body.total).toBe(0);
    });

    it('refuses a sort or a filter it does not know, with 400', async () => {
      expect((await list({ sortBy: 'password' })).status).toBe(400);
      expect((await list({ status: 'gone' })).status).toBe(400);
      expect((await list({ roleId: 'owner' })).status).toBe(400);
    });
  });

  describe('invitations', () => {
    it('invites by email: the link in the email shows the invitation, creates the account once, and it signs in', async () => {
      const email = `ivy.${unique()}@test.local`;
      const supportId = await t.roleId('support');
      const r = await invite({ email: email.toUpperCase(), firstName: 'Ivy', roleId: supportId });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(ADMIN_TEAM_MESSAGES.invited(email));
      expect(r.body.data).toEqual({
        _id: expect.any(String),
        email,
        firstName: 'Ivy',
        lastName: '',
        role: { _id: supportId, name: 'Support' },
        invitedBy: { _id: ownerId, firstName: expect.any(String), lastName: expect.any(String) },
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        expired: false,
      });
      const hours = (Date.parse(r.body.data.expiresAt) - Date.parse(r.body.data.createdAt)) / 3_600_000;
      expect(hours).toBeCloseTo(INVITE_TTL_HOURS, 1);
      const listed = await owner().get(endpoints.getAdminInvites.path);
      expect(listed.body.data).toContainEqual(r.body.data);

      const [mail, ...more] = await mailsTo(email);
      expect(more).toHaveLength(0);
      expect(mail!.html).toContain(`${api.config.publicUrl}/accept-invite?token=`);
      const secret = inviteToken(mail!)!;
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // only the hash is kept
      const stored = await t
        .db()
        .selectFrom('admin_invites')
        .select('token_hash')
        .where('id', '=', r.body.data._id)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).toBe(hashResetToken(secret));

      const shown = await verify(secret);
      expect(shown.status).toBe(200);
      expect(shown.body.data).toEqual({
        email,
        firstName: 'Ivy',
        lastName: '',
        roleName: 'Support',
        expiresAt: r.body.data.expiresAt,
      });

      const done = await accept(secret, { firstName: ' Ivy ', lastName: ' Invitee ' });
      expect(done.status).toBe(200);
      expect(done.body.message).toBe(ADMIN_TEAM_MESSAGES.inviteAccepted);
      const signedIn = await t.signIn(email);
      const me = (await as(signedIn).get(endpoints.getUserProfile.path)).body.data as AdminProfile;
      expect(me).toMatchObject({ email, firstName: 'Ivy', lastName: 'Invitee', role: { name: 'Support' } });
      const row = (await owner().get(endpoints.getAdmins.path, { search: email })).body.data[0] as AdminRow;
      expect(row.invitedBy?._id).toBe(ownerId);
      expect((await owner().get(endpoints.getAdminInvites.path)).body.data).not.toContainEqual(
        expect.objectContaining({ email }),
      );

      // spent: the same link neither shows nor creates anything again
      expect((await verify(secret)).body).toMatchObject({
        statusCode: 400,
        message: ADMIN_TEAM_MESSAGES.inviteInvalid,
      });
      expect((await accept(secret, { password: 'Another-Password-2' })).status).toBe(400);
      await expect(api.signIn(email, 'Another-Password-2')).rejects.toThrow();

      const [invited] = await t.auditOf('admin.invited', r.body.data._id);
      expect(invited).toMatchObject({
        actor_id: ownerId,
        record_type: 'adminInvite',
        after: { email, role: 'Support', firstName: 'Ivy', lastName: '' },
      });
      const [accepted] = await t.auditOf('admin.inviteAccepted', me._id);
      expect(accepted).toMatchObject({
        actor_id: me._id,
        after: { email, role: 'Support', invitedBy: ownerId, inviteId: r.body.data._id },
      });
      const everything = JSON.stringify(await t.db().selectFrom('audit_log').selectAll().execute());
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(hashResetToken(secret));
    });

    it('lets two acceptances of one link at once create one account', async () => {
      const email = `twice.${unique()}@test.local`;
      await invite({ email, roleId: await t.roleId('content') });
      const secret = inviteToken((await mailsTo(email))[0]!)!;
      const both = await Promise.all([accept(secret), accept(secret, { password: 'Second-Password-3' })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
      const admins = await t.db().selectFrom('admins').select('id').where('email', '=', email).execute();
      expect(admins).toHaveLength(1);
    });

    it('refuses an expired link, still lists the invitation as expired, and a resend gives a new working one', async () => {
      const email = `late.${unique()}@test.local`;
      const { body } = await invite({ email, roleId: await t.roleId('support') });
      const old = inviteToken((await mailsTo(email))[0]!)!;
      await t
        .db()
        .updateTable('admin_invites')
        .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
        .where('id', '=', body.data._id)
        .execute();
      expect((await verify(old)).status).toBe(400);
      expect((await accept(old)).body.message).toBe(ADMIN_TEAM_MESSAGES.inviteInvalid);
      const listed = (await owner().get(endpoints.getAdminInvites.path)).body.data as Array<{
        _id: string;
        expired: boolean;
      }>;
      expect(listed.find((i) => i._id === body.data._id)?.expired).toBe(true);

      const resent = await owner().post(endpoints.resendAdminInvite.path, { query: { id: body.data._id } });
      expect(resent.status).toBe(200);
      expect(resent.body.message).toBe(ADMIN_TEAM_MESSAGES.inviteResent(email));
      expect(resent.body.data).toMatchObject({ _id: body.data._id, expired: false });
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(2);
      const fresh = inviteToken(mails[1]!)!;
      expect(fresh).not.toBe(old);
      expect((await verify(old)).status).toBe(400);
      expect((await verify(fresh)).status).toBe(200);
      expect(await t.auditOf('admin.inviteResent', body.data._id)).toEqual([
        expect.objectContaining({ actor_id: ownerId, after: { email, role: 'Support' } }),
      ]);
    });

    it('kills the old link when an invitation is resent before it expires', async () => {
      const email = `resend.${unique()}@test.local`;
      const { body } = await invite({ email, roleId: await t.roleId('support') });
      const first = inviteToken((await mailsTo(email))[0]!)!;
      await owner().post(endpoints.resendAdminInvite.path, { query: { id: body.data._id } });
      const second = inviteToken((await mailsTo(email))[1]!)!;
      expect((await accept(first)).status).toBe(400);
      expect((await accept(second)).status).toBe(200);
    });

    it('replaces an open invitation to the same address with a new one', async () => {
      const email = `again.${unique()}@test.local`;
      const first = await invite({ email, roleId: await t.roleId('support') });
      const second = await invite({ email: email.toUpperCase(), roleId: await t.roleId('finance') });
      expect(second.status).toBe(200);
      const [oldMail, newMail] = await mailsTo(email);
      expect((await verify(inviteToken(oldMail!)!)).status).toBe(400);
      expect((await verify(inviteToken(newMail!)!)).body.data.roleName).toBe('Finance');
      const open = ((await owner().get(endpoints.getAdminInvites.path)).body.data as Array<{ email: string }>).filter(
        (i) => i.email === email,
      );
      expect(open).toEqual([expect.objectContaining({ _id: second.body.data._id })]);
      expect((await t.auditOf('admin.invited', second.body.data._id))[0]?.after).toMatchObject({
        replacedInviteId: first.body.data._id,
      });
    });

    it('cancels an invitation: its link stops working, and cancelling again finds nothing', async () => {
      const email = `cancel.${unique()}@test.local`;
      const { body } = await invite({ email, roleId: await t.roleId('auditor') });
      const secret = inviteToken((await mailsTo(email))[0]!)!;
      const r = await owner().post(endpoints.cancelAdminInvite.path, { query: { id: body.data._id } });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(ADMIN_TEAM_MESSAGES.inviteCancelled);
      expect((await verify(secret)).status).toBe(400);
      expect((await accept(secret)).status).toBe(400);
      const again = await owner().post(endpoints.cancelAdminInvite.path, { query: { id: body.data._id } });
      expect(again.status).toBe(404);
      expect((await owner().post(endpoints.resendAdminInvite.path, { query: { id: body.data._id } })).status).toBe(404);
      expect(await t.auditOf('admin.inviteCancelled', body.data._id)).toEqual([
        expect.objectContaining({ actor_id: ownerId, after: { email, role: 'Auditor' } }),
      ]);
    });

    it("refuses an admin's email (any letter case) with 409 and an unknown role with 400, sending nothing", async () => {
      const before = (await api.outbox()).length;
      const taken = await invite({ email: TEST_ADMIN.adminEmail.toUpperCase(), roleId: await t.roleId('support') });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe(ADMIN_TEAM_MESSAGES.alreadyAdmin);
      const noRole = await invite({ email: `x.${unique()}@test.local`, roleId: UNKNOWN_ID });
      expect(noRole.status).toBe(400);
      expect(noRole.body.errors).toEqual({ roleId: ADMIN_TEAM_MESSAGES.unknownRole });
      expect((await invite({ email: 'not-an-email', roleId: UNKNOWN_ID })).status).toBe(400);
      expect(await api.outbox()).toHaveLength(before);
    });

    it('refuses the documented default password and blank names, leaving the link usable', async () => {
      const email = `policy.${unique()}@test.local`;
      await invite({ email, roleId: await t.roleId('support') });
      const secret = inviteToken((await mailsTo(email))[0]!)!;
      const weak = await accept(secret, { password: 'ChangeMe-Admin-2026' });
      expect(weak.status).toBe(400);
      expect(weak.body.errors).toEqual({ password: AUTH_MESSAGES.defaultPasswordRefused });
      const blank = await accept(secret, { firstName: '   ' });
      expect(blank.status).toBe(400);
      expect(Object.keys(blank.body.errors ?? {})).toEqual(['firstName']);
      expect((await accept(secret, { password: 'short' })).status).toBe(400);
      expect((await verify(secret)).status).toBe(200);
    });

    it('keeps the invitation when its email cannot be sent yet, and a resend sends a working link', async () => {
      const { mailer } = api.server.mailOutbox;
      const send = mailer.send;
      mailer.send = () => Promise.reject(new Error('SMTP is down'));
      const email = `nomail.${unique()}@test.local`;
      let id: string;
      try {
        const r = await invite({ email, roleId: await t.roleId('support') });
        expect(r.status).toBe(200);
        id = r.body.data._id;
        expect(await mailsTo(email)).toHaveLength(0);
      } finally {
        mailer.send = send;
      }
      // the first email waits for its retry; the resent one leaves at once
      expect((await owner().post(endpoints.resendAdminInvite.path, { query: { id } })).status).toBe(200);
      const [resent, ...more] = await mailsTo(email);
      expect(more).toHaveLength(0);
      expect((await verify(inviteToken(resent!)!)).status).toBe(200);
      const waiting = await t
        .db()
        .selectFrom('email_outbox')
        .select(['attempts', 'last_error'])
        .where('recipient', '=', email)
        .where('sent_at', 'is', null)
        .execute();
      expect(waiting).toEqual([{ attempts: 1, last_error: 'SMTP is down' }]);
    });

    it('answers an adminsChanged event to every signed-in admin', async () => {
      const socket = await socketOf(token);
      const email = `event.${unique()}@test.local`;
      const got = nextEvent<{ _id: string }>(socket, serverEvents.adminsChanged.name);
      const r = await invite({ email, roleId: await t.roleId('support') });
      expect(await got).toEqual({ _id: r.body.data._id });
    });
  });

  describe('role changes, deactivation and reactivation', () => {
    it("gives an admin another role: their next request and their open tabs have the new role's permissions", async () => {
      const { id, email } = await t.addAdmin('support');
      const theirs = await t.signIn(email);
      const socket = await socketOf(theirs);
      expect((await as(theirs).get(endpoints.getAuditLog.path)).status).toBe(403);

      const pushed = nextEventOf<AdminProfile>(socket, serverEvents.adminUpdated.name, (p) => p._id === id);
      const r = await owner().patch(endpoints.changeAdminRole.path, {
        query: { id },
        body: { roleId: await t.roleId('auditor') },
      });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(ADMIN_TEAM_MESSAGES.roleChanged);
      expect(r.body.data).toMatchObject({ _id: id, role: { name: 'Auditor' } });
      const profile = await pushed;
      expect(profile.role.name).toBe('Auditor');
      expect(profile.permissions).toContain('audit.read');
      expect(profile.permissions).not.toContain('people.write');
      expect((await as(theirs).get(endpoints.getAuditLog.path)).status).toBe(200);
      expect((await as(theirs).patch(endpoints.changeStatus.path, { query: { id: UNKNOWN_ID } })).status).toBe(403);
      expect(await t.auditOf('admin.roleChanged', id)).toEqual([
        expect.objectContaining({ actor_id: ownerId, before: { role: 'Support' }, after: { role: 'Auditor' } }),
      ]);
    });

    it('refuses to change the role of or deactivate oneself (409), an unknown admin (404) or role (400)', async () => {
      const self = await owner().patch(endpoints.changeAdminRole.path, {
        query: { id: ownerId },
        body: { roleId: await t.roleId('support') },
      });
      expect(self.status).toBe(409);
      expect(self.body.message).toBe(ADMIN_TEAM_MESSAGES.notYourself);
      const selfOff = await owner().patch(endpoints.deactivateAdmin.path, { query: { id: ownerId } });
      expect(selfOff.body).toMatchObject({ statusCode: 409, message: ADMIN_TEAM_MESSAGES.notYourself });
      const nobody = await owner().patch(endpoints.changeAdminRole.path, {
        query: { id: UNKNOWN_ID },
        body: { roleId: await t.roleId('support') },
      });
      expect(nobody.status).toBe(404);
      expect((await owner().patch(endpoints.deactivateAdmin.path, { query: { id: UNKNOWN_ID } })).status).toBe(404);
      const { id } = await t.addAdmin('support');
      const noRole = await owner().patch(endpoints.changeAdminRole.path, {
        query: { id },
        body: { roleId: UNKNOWN_ID },
      });
      expect(noRole.status).toBe(400);
      expect(noRole.body.errors).toEqual({ roleId: ADMIN_TEAM_MESSAGES.unknownRole });
    });

    it('deactivates an admin: every session, socket and open invitation of theirs ends at once, and they cannot sign in', async () => {
      const { id, email } = await t.addAdmin('owner');
      const [first, second] = [await t.signIn(email), await t.signIn(email)];
      const invitee = `via.${unique()}@test.local`;
      const sent = await as(first).post(endpoints.inviteAdmin.path, {
        body: { email: invitee, roleId: await t.roleId('support') },
      });
      expect(sent.status).toBe(200);
      const link = inviteToken((await mailsTo(invitee))[0]!)!;
      const socket = await socketOf(first);
      const dropped = nextEvent(socket, 'disconnect');

      const r = await owner().patch(endpoints.deactivateAdmin.path, { query: { id } });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(ADMIN_TEAM_MESSAGES.deactivated);
      expect(r.body.data).toMatchObject({ _id: id, status: 'inactive' });
      await dropped;
      for (const theirs of [first, second]) {
        const next = await as(theirs).get(endpoints.getUserProfile.path);
        expect(next.status).toBe(401);
      }
      const open = await t
        .db()
        .selectFrom('admin_sessions')
        .select('id')
        .where('admin_id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(open).toHaveLength(0);
      const refused = await api.call('POST', endpoints.signIn.path, { body: { email, password: PASSWORD } });
      expect(refused.body.message).toBe(AUTH_MESSAGES.accountInactive);
      expect((await verify(link)).status).toBe(400);
      expect(await t.auditOf('admin.deactivated', id)).toEqual([
        expect.objectContaining({
          actor_id: ownerId,
          after: { status: 'inactive', sessionsEnded: 2, invitesCancelled: 1 },
        }),
      ]);
      // a second time changes and records nothing
      expect((await owner().patch(endpoints.deactivateAdmin.path, { query: { id } })).status).toBe(200);
      expect(await t.auditOf('admin.deactivated', id)).toHaveLength(1);

      const back = await owner().patch(endpoints.reactivateAdmin.path, { query: { id } });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ message: ADMIN_TEAM_MESSAGES.reactivated, data: { status: 'active' } });
      expect((await as(await t.signIn(email)).get(endpoints.getUserProfile.path)).status).toBe(200);
      expect(await t.auditOf('admin.reactivated', id)).toHaveLength(1);
    });
  });

  describe('roles', () => {
    const roles = async () => (await owner().get(endpoints.getRoles.path)).body.data as RoleRow[];

    it('lists the seeded roles by name with what each grants and how many active admins have it', async () => {
      const all = await roles();
      expect(all.map((r) => r.key).filter(Boolean)).toEqual(['auditor', 'content', 'finance', 'owner', 'support']);
      const ownerRole = all.find((r) => r.key === 'owner')!;
      expect(ownerRole).toMatchObject({ name: 'Owner', permissions: [...PERMISSIONS], requiresSecondFactor: true });
      const active = await t
        .db()
        .selectFrom('admins')
        .select(sql<number>`count(*)`.as('n'))
        .where('role_id', '=', ownerRole._id)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      expect(ownerRole.adminCount).toBe(Number(active.n));
      const auditor = all.find((r) => r.key === 'auditor')!;
      expect(auditor.permissions).toContain('audit.read');
      expect(auditor.permissions).not.toContain('people.write');
    });

    it('creates a role with unique name (any letter case) and lets its admins do what it grants', async () => {
      const name = `Payments viewer ${unique()}`;
      const r = await owner().post(endpoints.createRole.path, {
        body: { name: `  ${name} `, permissions: ['payments.read', 'dashboard.read'], requiresSecondFactor: false },
      });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(ADMIN_TEAM_MESSAGES.roleCreated);
      expect(r.body.data).toEqual({
        _id: expect.any(String),
        key: null,
        name,
        permissions: ['dashboard.read', 'payments.read'],
        requiresSecondFactor: false,
        adminCount: 0,
      });
      const taken = await owner().post(endpoints.createRole.path, {
        body: { name: name.toUpperCase(), permissions: [], requiresSecondFactor: false },
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({
        message: ADMIN_TEAM_MESSAGES.roleNameTaken,
        errors: { name: ADMIN_TEAM_MESSAGES.roleNameTaken },
      });
      const blank = await owner().post(endpoints.createRole.path, {
        body: { name: '   ', permissions: [], requiresSecondFactor: false },
      });
      expect(blank.status).toBe(400);
      const bogus = await owner().post(endpoints.createRole.path, {
        body: { name: `x${unique()}`, permissions: ['everything'], requiresSecondFactor: false },
      });
      expect(bogus.status).toBe(400);

      const viewer = await t.signIn((await t.addAdmin({ roleId: r.body.data._id })).email);
      expect((await as(viewer).get(endpoints.getAllTransactions.path)).status).toBe(200);
      expect((await as(viewer).get(endpoints.getAllFans.path)).status).toBe(403);
      expect((await roles()).find((x) => x._id === r.body.data._id)?.adminCount).toBe(1);
      expect(await t.auditOf('role.created', r.body.data._id)).toEqual([
        expect.objectContaining({
          actor_id: ownerId,
          after: { name, permissions: ['dashboard.read', 'payments.read'], requiresSecondFactor: false },
        }),
      ]);
    });

    it("changes a role: its admins' next request and open tabs follow, and the log says what was added and removed", async () => {
      const created = await owner().post(endpoints.createRole.path, {
        body: { name: `Editors ${unique()}`, permissions: ['catalog.read'], requiresSecondFactor: false },
      });
      const roleId = created.body.data._id as string;
      const { id, email } = await t.addAdmin({ roleId });
      const theirs = await t.signIn(email);
      const socket = await socketOf(theirs);
      expect((await as(theirs).get(endpoints.getAuditLog.path)).status).toBe(403);

      const pushed = nextEventOf<AdminProfile>(socket, serverEvents.adminUpdated.name, (p) => p._id === id);
      const name = `Log readers ${unique()}`;
      const r = await owner().put(endpoints.updateRole.path, {
        query: { id: roleId },
        body: { name, permissions: ['audit.read'], requiresSecondFactor: true },
      });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(ADMIN_TEAM_MESSAGES.roleUpdated);
      expect(r.body.data).toMatchObject({
        name,
        permissions: ['audit.read'],
        requiresSecondFactor: true,
        adminCount: 1,
      });
      const profile = await pushed;
      expect(profile).toMatchObject({ role: { _id: roleId, name }, permissions: ['audit.read'] });
      expect((await as(theirs).get(endpoints.getAuditLog.path)).status).toBe(200);
      expect((await as(theirs).get(endpoints.getAllDiscountCodes.path)).status).toBe(403);
      expect(await t.auditOf('role.updated', roleId)).toEqual([
        expect.objectContaining({
          before: { name: created.body.data.name, requiresSecondFactor: false, permissions: ['catalog.read'] },
          after: { name, requiresSecondFactor: true, permissions: ['audit.read'] },
        }),
      ]);
    });

    it('keeps every permission of the Owner role (409) while its second-factor setting may change', async () => {
      const ownerRole = (await roles()).find((r) => r.key === 'owner')!;
      const fewer = await owner().put(endpoints.updateRole.path, {
        query: { id: ownerRole._id },
        body: { name: 'Owner', permissions: ['dashboard.read'], requiresSecondFactor: true },
      });
      expect(fewer.status).toBe(409);
      expect(fewer.body.message).toBe(ADMIN_TEAM_MESSAGES.ownerRoleFixed);
      try {
        const off = await owner().put(endpoints.updateRole.path, {
          query: { id: ownerRole._id },
          body: { name: 'Owner', permissions: [...PERMISSIONS], requiresSecondFactor: false },
        });
        expect(off.status).toBe(200);
        expect(off.body.data).toMatchObject({ permissions: [...PERMISSIONS], requiresSecondFactor: false });
        expect((await as(token).get(endpoints.getAuditLog.path)).status).toBe(200);
      } finally {
        await owner().put(endpoints.updateRole.path, {
          query: { id: ownerRole._id },
          body: { name: 'Owner', permissions: [...PERMISSIONS], requiresSecondFactor: true },
        });
      }
    });

    it('refuses a name another role has (409) and an unknown role (404)', async () => {
      const mine = await owner().post(endpoints.createRole.path, {
        body: { name: `Mine ${unique()}`, permissions: [], requiresSecondFactor: false },
      });
      const clash = await owner().put(endpoints.updateRole.path, {
        query: { id: mine.body.data._id },
        body: { name: 'finance', permissions: [], requiresSecondFactor: false },
      });
      expect(clash.status).toBe(409);
      expect(clash.body.message).toBe(ADMIN_TEAM_MESSAGES.roleNameTaken);
      const gone = await owner().put(endpoints.updateRole.path, {
        query: { id: UNKNOWN_ID },
        body: { name: `x${unique()}`, permissions: [], requiresSecondFactor: false },
      });
      expect(gone.status).toBe(404);
    });
  });
});

describe.each(BACKENDS)('the last active Owner (%s)', (backend) => {
  let api: TestApi;
  let manager: string;
  const t = team(() => api);

  /**
   * The suite's own admin manages admins without being an Owner, so that the Owners here are only
   * the ones each test makes.
   */
  beforeAll(async () => {
    api = await startTestApi(backend);
    const { id } = await t
      .db()
      .insertInto('roles')
      .values({ name: 'Team managers', permissions: sql<string[]>`ARRAY['admins.read', 'admins.manage']` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db().updateTable('admins').set({ role_id: id }).where('email', '=', TEST_ADMIN.adminEmail).execute();
    manager = await api.signIn();
  });
  afterAll(() => api?.close());

  const ownersNow = async () =>
    (
      await t
        .db()
        .selectFrom('admins')
        .select('id')
        .where('role_id', '=', await t.roleId('owner'))
        .where('status', '=', 'active')
        .execute()
    ).map((a) => a.id);
  const demote = (who: string, id: string) =>
    api.call('PATCH', endpoints.changeAdminRole.path, { token: who, query: { id }, body: { roleId: supportId } });
  const deactivate = (who: string, id: string) =>
    api.call('PATCH', endpoints.deactivateAdmin.path, { token: who, query: { id } });
  let supportId: string;
  beforeAll(async () => {
    supportId = await t.roleId('support');
  });
  /** Leaves exactly the given admins as the active Owners. */
  const onlyOwners = async (ids: string[]) => {
    await t
      .db()
      .updateTable('admins')
      .set({ role_id: supportId })
      .where('role_id', '=', await t.roleId('owner'))
      .where('id', 'not in', ids)
      .execute();
    await t
      .db()
      .updateTable('admins')
      .set({ role_id: await t.roleId('owner'), status: 'active' })
      .where('id', 'in', ids)
      .execute();
  };

  it('cannot be demoted or deactivated; another active Owner makes it possible', async () => {
    const a = await t.addAdmin('owner');
    const asleep = await t.addAdmin('owner', { status: 'inactive' });
    await onlyOwners([a.id]);
    await t
      .db()
      .updateTable('admins')
      .set({ role_id: await t.roleId('owner') })
      .where('id', '=', asleep.id)
      .execute();
    for (const r of [await demote(manager, a.id), await deactivate(manager, a.id)]) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(ADMIN_TEAM_MESSAGES.lastOwner);
    }
    // a deactivated Owner does not count, and may itself be demoted
    expect((await demote(manager, asleep.id)).status).toBe(200);
    expect(await ownersNow()).toEqual([a.id]);

    const b = await t.addAdmin('owner');
    expect((await demote(manager, a.id)).status).toBe(200);
    expect(await ownersNow()).toEqual([b.id]);
    expect((await deactivate(manager, b.id)).body.message).toBe(ADMIN_TEAM_MESSAGES.lastOwner);
  });

  it('holds when two Owners demote, or deactivate, each other at the same moment', async () => {
    const p = await t.addAdmin('owner');
    const q = await t.addAdmin('owner');
    const [pToken, qToken] = [await t.signIn(p.email), await t.signIn(q.email)];
    const refusals: string[] = [];
    for (const [round, act] of [demote, deactivate, demote, deactivate, demote, deactivate].entries()) {
      await onlyOwners([p.id, q.id]);
      await t
        .db()
        .updateTable('admin_sessions')
        .set({ revoked_at: null })
        .where('admin_id', 'in', [p.id, q.id])
        .execute();
      const both = await Promise.all([act(pToken, q.id), act(qToken, p.id)]);
      const statuses = both.map((r) => r.status);
      // one wins; the other is refused for the last Owner, or, had the winner's change committed
      // before its request was even authenticated, for what it has become (403 demoted, 401 deactivated)
      expect({ round, ok: statuses.filter((s) => s === 200).length }).toEqual({ round, ok: 1 });
      const loser = both.find((r) => r.status !== 200)!;
      expect([409, 403, 401]).toContain(loser.status);
      if (loser.status === 409) refusals.push(loser.body.message);
      expect(await ownersNow()).toHaveLength(1);
    }
    // the lock, not luck: the loser was in the same race, and was refused for the last Owner
    expect(refusals.length).toBeGreaterThan(0);
    expect(new Set(refusals)).toEqual(new Set([ADMIN_TEAM_MESSAGES.lastOwner]));
  });
});

describe('invitation links are rate limited per address', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(BACKENDS[0]!, { authLimits: { resetPerIp: { points: 3, durationSeconds: 900 } } });
  });
  afterAll(() => api?.close());

  it('answers 429 past the budget, for showing and for accepting a link alike', async () => {
    const guess = () => crypto.randomBytes(32).toString('base64url');
    for (let i = 0; i < 2; i++) {
      expect((await api.call('GET', endpoints.verifyAdminInvite.path, { query: { token: guess() } })).status).toBe(400);
    }
    const body = { token: guess(), firstName: 'A', lastName: 'B', password: PASSWORD };
    expect((await api.call('POST', endpoints.acceptAdminInvite.path, { body })).status).toBe(400);
    const over = await api.call('POST', endpoints.acceptAdminInvite.path, { body });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(ADMIN_TEAM_MESSAGES.tooManyAttempts);
    expect(over.headers['retry-after']).toEqual(expect.any(String));
    expect((await api.call('GET', endpoints.verifyAdminInvite.path, { query: { token: guess() } })).status).toBe(429);
  });
});
