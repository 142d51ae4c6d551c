import crypto from 'node:crypto';
import { generateSync } from 'otplib';
import {
  AUTH_MESSAGES,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_CHALLENGE_SECONDS,
  SECOND_FACTOR_MESSAGES as SAY,
  type SeededRoleKey,
} from '@backoffice/shared-api/contract';
import { DEFAULT_ADMIN_PASSWORD } from '../src/config';
import { roleByKey } from '../src/modules/admins/roles';
import { hashPassword } from '../src/modules/auth/passwords';
import { decryptTotpSecret, issueSecondFactorChallenge } from '../src/modules/auth/second-factor';
import { buildServer, type Server } from '../src/server';
import { TEST_ADMIN } from './helpers/constants';
import { BACKENDS, BOTH_BACKENDS, startTestApi, type Reply, type TestApi } from './helpers/test-api';

const REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || '';
/** An admin that does not exist (and no secret was encrypted for). */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const STEP_SECONDS = 30;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The authenticator app's code for the time step `offset` steps from now. */
const codeAt = (secret: string, offset = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset * STEP_SECONDS });

/**
 * Waits out the end of a time step, so that the codes of the step before, this one and the next
 * (the window the server accepts) stay accepted while a test uses them.
 */
async function clearOfStepEdge(): Promise<void> {
  const left = STEP_SECONDS - ((Date.now() / 1000) % STEP_SECONDS);
  if (left < 8) await pause(left * 1000 + 250);
}

interface Someone {
  id: string;
  email: string;
  password: string;
}

describe.each(BOTH_BACKENDS)('two-factor sign-in on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(backend);
  });
  afterAll(() => api?.close());

  const db = () => api.database.db;

  async function newAdmin(role: SeededRoleKey, password = `Pw-${crypto.randomBytes(6).toString('hex')}`) {
    const email = `${role}.${crypto.randomUUID()}@test.local`;
    const { id } = await db()
      .insertInto('admins')
      .values({
        role_id: roleByKey(db(), role),
        first_name: 'Grace',
        last_name: role,
        email,
        password_hash: await hashPassword(password),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, email, password } satisfies Someone;
  }

  const signInAs = (who: Someone, on: TestApi = api) =>
    on.call('POST', '/admin/signIn', { body: { email: who.email, password: who.password } });
  const verify = (challenge: string, code: string, on: { call: TestApi['call'] } = api, ip?: string) =>
    on.call('POST', '/admin/verifySecondFactor', {
      body: { challenge, code },
      ...(ip ? { headers: { 'x-forwarded-for': ip } } : {}),
    });

  /** Sets up the factor through the API, confirmed with the previous step's code. */
  async function enrol(token: string) {
    const started = await api.call('POST', '/admin/secondFactor/start', { token });
    expect(started.status).toBe(200);
    const secret = started.body.data.secret as string;
    const confirmed = await api.call('POST', '/admin/secondFactor/confirm', {
      token,
      body: { code: codeAt(secret, -1) },
    });
    expect(confirmed.status).toBe(200);
    return { secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[], started };
  }

  async function enrolledAdmin(role: SeededRoleKey = 'finance') {
    await clearOfStepEdge();
    const who = await newAdmin(role);
    const first = await signInAs(who);
    const { secret, recoveryCodes } = await enrol(first.body.data.token);
    return { ...who, secret, recoveryCodes };
  }

  const auditOf = (adminId: string, action: string) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('record_id', '=', adminId)
      .where('action', '=', action)
      .orderBy('created_at')
      .execute();

  it('enrols by QR code, then asks for the code after the password: one more request signs in', async () => {
    await clearOfStepEdge();
    const who = await newAdmin('finance');
    const before = await signInAs(who);
    expect(before.body.data).toMatchObject({ token: expect.any(String), secondFactorEnrollmentRequired: false });
    const token = before.body.data.token as string;

    const started = await api.call('POST', '/admin/secondFactor/start', { token });
    expect(started.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = started.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(uri.pathname)).toContain(who.email);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Nothing is on until a code confirms the app has the secret.
    expect((await api.call('GET', '/admin/getUserProfile', { token })).body.data.secondFactorEnabled).toBe(false);
    expect((await signInAs(who)).body.data.token).toEqual(expect.any(String));

    const wrong = await api.call('POST', '/admin/secondFactor/confirm', { token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ code: SAY.wrongTotp });
    const notACode = await api.call('POST', '/admin/secondFactor/confirm', { token, body: { code: 'hello' } });
    expect(notACode.body.errors).toEqual({ code: SAY.totpRequired });

    const confirmed = await api.call('POST', '/admin/secondFactor/confirm', { token, body: { code: codeAt(secret) } });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await api.call('GET', '/admin/getUserProfile', { token })).body.data.secondFactorEnabled).toBe(true);
    const again = await api.call('POST', '/admin/secondFactor/start', { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SAY.alreadyEnabled);

    const password = await signInAs(who);
    expect(password.status).toBe(200);
    expect(password.body.data).toEqual({
      secondFactorRequired: true,
      challenge: expect.any(String),
      expiresAt: expect.any(String),
    });
    const expiresIn = Date.parse(password.body.data.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan((SECOND_FACTOR_CHALLENGE_SECONDS - 10) * 1000);
    expect(expiresIn).toBeLessThanOrEqual(SECOND_FACTOR_CHALLENGE_SECONDS * 1000);
    // The challenge is no bearer token.
    const asToken = await api.call('GET', '/admin/getUserProfile', { token: password.body.data.challenge });
    expect(asToken.status).toBe(401);

    const signedIn = await verify(password.body.data.challenge, codeAt(secret, 1));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ _id: who.id, email: who.email, token: expect.any(String) });
    const me = await api.call('GET', '/admin/getUserProfile', { token: signedIn.body.data.token });
    expect(me.status).toBe(200);

    expect(await auditOf(who.id, 'auth.secondFactorEnrolled')).toHaveLength(1);
    const signIns = await auditOf(who.id, 'auth.signedIn');
    expect(signIns.at(-1)?.after).toEqual({ secondFactor: 'totp' });
  });

  it('keeps the secret encrypted in the database, readable only with this server’s secret and for this admin', async () => {
    const who = await enrolledAdmin();
    const row = await db()
      .selectFrom('admins')
      .select('totp_secret')
      .where('id', '=', who.id)
      .executeTakeFirstOrThrow();
    const stored = row.totp_secret ?? '';
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain(who.secret);
    expect(stored.toLowerCase()).not.toContain(who.secret.toLowerCase());
    const secret = api.server.context.secret;
    expect(decryptTotpSecret(secret, who.id, stored)).toBe(who.secret);
    expect(decryptTotpSecret(Buffer.from('x'.repeat(48)), who.id, stored)).toBeNull();
    expect(decryptTotpSecret(secret, UNKNOWN_ID, stored)).toBeNull();
    const codes = await db()
      .selectFrom('admin_recovery_codes')
      .select('code_hash')
      .where('admin_id', '=', who.id)
      .execute();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const { code_hash } of codes) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(who.recoveryCodes.some((c) => code_hash.includes(c.replace(/-/g, '')))).toBe(false);
    }
  });

  it('accepts a code once: a replayed code and a spent challenge are refused', async () => {
    const who = await enrolledAdmin();
    const code = codeAt(who.secret);
    const first = (await signInAs(who)).body.data.challenge as string;
    const meanwhile = (await signInAs(who)).body.data.challenge as string;
    expect((await verify(first, code)).status).toBe(200);

    // The same code after the password again: its time step is spent.
    const replayed = await verify((await signInAs(who)).body.data.challenge, code);
    expect(replayed.status).toBe(400);
    expect(replayed.body.errors).toEqual({ code: SAY.codeUsed });
    // The spent challenge, even with the next good code.
    const spent = await verify(first, codeAt(who.secret, 1));
    expect(spent.status).toBe(400);
    expect(spent.body.errors).toEqual({ challenge: SAY.challengeExpired });
    // A challenge issued before a sign-in completed is spent with it.
    const stale = await verify(meanwhile, codeAt(who.secret, 1));
    expect(stale.body.errors).toEqual({ challenge: SAY.challengeExpired });
    expect((await auditOf(who.id, 'auth.secondFactorFailed')).map((e) => e.after)).toEqual([
      { step: 'signIn', reason: 'codeUsed' },
    ]);
  });

  it('opens one session when one challenge is sent twice at once', async () => {
    const who = await enrolledAdmin();
    const { challenge } = (await signInAs(who)).body.data;
    const replies = await Promise.all([
      verify(challenge, codeAt(who.secret)),
      verify(challenge, codeAt(who.secret, 1)),
      verify(challenge, who.recoveryCodes[0]!),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const sessions = await db()
      .selectFrom('admin_sessions')
      .select('id')
      .where('admin_id', '=', who.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(sessions).toHaveLength(2); // the one that enrolled, and this one
  });

  it('lets a recovery code sign in once, however it is typed', async () => {
    const who = await enrolledAdmin();
    const code = who.recoveryCodes[3]!;
    const first = await verify((await signInAs(who)).body.data.challenge, ` ${code.toUpperCase().replace(/-/g, ' ')} `);
    expect(first.status).toBe(200);
    expect(first.body.data.token).toEqual(expect.any(String));
    const again = await verify((await signInAs(who)).body.data.challenge, code);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ code: SAY.wrongCode });
    const used = await auditOf(who.id, 'auth.recoveryCodeUsed');
    expect(used.map((e) => e.after)).toEqual([{ recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 }]);
    expect((await auditOf(who.id, 'auth.signedIn')).at(-1)?.after).toEqual({ secondFactor: 'recoveryCode' });
  });

  it('replaces the recovery codes given a current code: the old ones stop working', async () => {
    const who = await enrolledAdmin();
    const token = (await verify((await signInAs(who)).body.data.challenge, who.recoveryCodes[0]!)).body.data.token;
    const refused = await api.call('POST', '/admin/secondFactor/recoveryCodes', {
      token,
      body: { code: who.recoveryCodes[1]! },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ code: SAY.totpRequired });
    const replaced = await api.call('POST', '/admin/secondFactor/recoveryCodes', {
      token,
      body: { code: codeAt(who.secret) },
    });
    expect(replaced.status).toBe(200);
    const fresh = replaced.body.data.recoveryCodes as string[];
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    const old = await verify((await signInAs(who)).body.data.challenge, who.recoveryCodes[1]!);
    expect(old.status).toBe(400);
    expect((await verify((await signInAs(who)).body.data.challenge, fresh[0]!)).status).toBe(200);
    expect(await auditOf(who.id, 'auth.recoveryCodesReplaced')).toHaveLength(1);
  });

  it('refuses wrong codes with the field named, and a sixth try with 429 even when right', async () => {
    const who = await enrolledAdmin();
    const { challenge } = (await signInAs(who)).body.data;
    const statuses: number[] = [];
    for (const code of ['000000', '12345', 'not-a-code', '999999', 'aaaa-bbbb-cccc-dddd']) {
      const r = await verify(challenge, code);
      statuses.push(r.status);
      expect(r.body.errors).toEqual({ code: SAY.wrongCode });
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const locked = await verify(challenge, codeAt(who.secret));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(SAY.tooManyCodes);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // A new challenge (the password again) buys no new tries.
    expect((await verify((await signInAs(who)).body.data.challenge, codeAt(who.secret))).status).toBe(429);
    expect(await auditOf(who.id, 'auth.secondFactorFailed')).toHaveLength(5);
    expect((await auditOf(who.id, 'auth.lockedOut')).map((e) => e.after)).toEqual([
      { limit: 'second factor, admin', retryAfterSeconds: expect.any(Number) },
    ]);
  });

  it('refuses a challenge it did not sign, one that expired, and one whose password changed since', async () => {
    const who = await enrolledAdmin();
    const forged = await verify('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', codeAt(who.secret));
    expect(forged.status).toBe(400);
    expect(forged.body.errors).toEqual({ challenge: SAY.challengeExpired });
    const sessionToken = await api.signIn();
    expect((await verify(sessionToken, codeAt(who.secret))).body.errors).toEqual({ challenge: SAY.challengeExpired });

    const row = await db()
      .selectFrom('admins')
      .select(['password_hash', 'second_factor_counter'])
      .where('id', '=', who.id)
      .executeTakeFirstOrThrow();
    const subject = {
      adminId: who.id,
      passwordHash: row.password_hash,
      counter: row.second_factor_counter,
      passwordChangeRequired: false,
    };
    const old = await issueSecondFactorChallenge(
      api.server.context.secret,
      subject,
      Date.now() - (SECOND_FACTOR_CHALLENGE_SECONDS + 1) * 1000,
    );
    expect((await verify(old.challenge, codeAt(who.secret))).body.errors).toEqual({ challenge: SAY.challengeExpired });

    const { challenge } = (await signInAs(who)).body.data;
    await db()
      .updateTable('admins')
      .set({ password_hash: await hashPassword('Another-Password-1') })
      .where('id', '=', who.id)
      .execute();
    const afterChange = await verify(challenge, codeAt(who.secret));
    expect(afterChange.status).toBe(400);
    expect(afterChange.body.errors).toEqual({ challenge: SAY.challengeExpired });
  });

  it('keeps the default password’s restriction through the second step', async () => {
    await clearOfStepEdge();
    const who = await newAdmin('owner', DEFAULT_ADMIN_PASSWORD);
    const flagged = await signInAs(who);
    expect(flagged.body.data.passwordChangeRequired).toBe(true);
    // Only the password change is open to it: the factor is enrolled here for the test.
    await db()
      .updateTable('admin_sessions')
      .set({ password_change_required: false })
      .where('admin_id', '=', who.id)
      .execute();
    const { secret } = await enrol(flagged.body.data.token);
    const signedIn = await verify((await signInAs(who)).body.data.challenge, codeAt(secret));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.passwordChangeRequired).toBe(true);
    const other = await api.call('GET', '/admin/getSessions', { token: signedIn.body.data.token });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(AUTH_MESSAGES.passwordChangeRequired);
  });

  it('is accepted by another instance of the API on the same database, and spent on both', async () => {
    const who = await enrolledAdmin();
    const b: Server = await buildServer({ config: api.config, database: api.database, limitsKeyPrefix: 'test:b' });
    const onB = {
      call: async (method: 'POST', path: string, o: { body?: unknown } = {}): Promise<Reply> => {
        const res = await b.app.inject({ method, url: `/api/v1${path}`, payload: o.body as object });
        return { status: res.statusCode, body: res.json(), headers: res.headers };
      },
    };
    try {
      const { challenge } = (await signInAs(who)).body.data;
      const code = codeAt(who.secret);
      expect((await verify(challenge, code, onB as never)).status).toBe(200);
      expect((await verify(challenge, codeAt(who.secret, 1))).body.errors).toEqual({
        challenge: SAY.challengeExpired,
      });
      const next = (await signInAs(who)).body.data.challenge;
      expect((await verify(next, code)).body.errors).toEqual({ code: SAY.codeUsed });
    } finally {
      await b.close();
    }
  });
});

describe.each(BOTH_BACKENDS)('two-factor sign-in required (SECOND_FACTOR=required) on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(backend, {
      env: { SECOND_FACTOR: 'required', TRUST_PROXY: '1' },
      authLimits: { secondFactorPerIp: { points: 3, durationSeconds: 60 } },
    });
  });
  afterAll(() => api?.close());

  const db = () => api.database.db;
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  let ipCount = 0;
  /** Each test's own address, so that the tight per-address limit here counts only its own tries. */
  const nextIp = () => `198.51.100.${++ipCount}`;

  async function newAdmin(role: SeededRoleKey) {
    const password = `Pw-${crypto.randomBytes(6).toString('hex')}`;
    const email = `${role}.${crypto.randomUUID()}@test.local`;
    const { id } = await db()
      .insertInto('admins')
      .values({
        role_id: roleByKey(db(), role),
        first_name: 'Grace',
        last_name: role,
        email,
        password_hash: await hashPassword(password),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, email, password };
  }
  const signInAs = (who: Someone, ip: string) =>
    api.call('POST', '/admin/signIn', { body: { email: who.email, password: who.password }, headers: from(ip) });

  /** Signs in (a session that must enrol), enrols, and hands back the session, now free. */
  async function enrolAfterSignIn(who: Someone, ip: string) {
    await clearOfStepEdge();
    const signedIn = await signInAs(who, ip);
    const token = signedIn.body.data.token as string;
    const { secret } = (await api.call('POST', '/admin/secondFactor/start', { token })).body.data;
    const confirmed = await api.call('POST', '/admin/secondFactor/confirm', {
      token,
      body: { code: codeAt(secret, -1) },
    });
    expect(confirmed.status).toBe(200);
    return { token, secret: secret as string, signedIn };
  }

  it('lets a session that must enrol do nothing but enrol, see its profile and log out, then everything', async () => {
    const ip = nextIp();
    const who = await newAdmin('finance');
    const signedIn = await signInAs(who, ip);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.secondFactorEnrollmentRequired).toBe(true);
    const token = signedIn.body.data.token as string;
    const elsewhere = (await signInAs(who, ip)).body.data.token as string;

    for (const [method, path] of [
      ['GET', '/admin/getSessions'],
      ['GET', '/transaction/getAll'],
      ['GET', '/admin/getAuditLog'],
      ['POST', '/admin/secondFactor/recoveryCodes'],
    ] as const) {
      const r = await api.call(method, path, { token, ...(method === 'POST' ? { body: { code: '123456' } } : {}) });
      expect([path, r.status, r.body.message]).toEqual([path, 403, AUTH_MESSAGES.secondFactorEnrollmentRequired]);
    }
    const profile = await api.call('GET', '/admin/getUserProfile', { token });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ secondFactorEnabled: false, secondFactorRequired: true });
    const leaving = (await signInAs(who, ip)).body.data.token as string;
    expect((await api.call('POST', '/admin/logout', { token: leaving })).status).toBe(200);

    await clearOfStepEdge();
    const { secret } = (await api.call('POST', '/admin/secondFactor/start', { token })).body.data;
    const confirmed = await api.call('POST', '/admin/secondFactor/confirm', { token, body: { code: codeAt(secret) } });
    expect(confirmed.status).toBe(200);
    // This session and the admin's other one may do what the role allows now.
    expect((await api.call('GET', '/transaction/getAll', { token })).status).toBe(200);
    expect((await api.call('GET', '/admin/getSessions', { token: elsewhere })).status).toBe(200);
    expect((await api.call('GET', '/admin/getAuditLog', { token })).body.message).toBe(AUTH_MESSAGES.noPermission);
    // The next sign-in asks for the code.
    expect((await signInAs(who, ip)).body.data.secondFactorRequired).toBe(true);
  });

  it('opens an ordinary session for a role that needs no second factor', async () => {
    const who = await newAdmin('support');
    const signedIn = await signInAs(who, nextIp());
    expect(signedIn.body.data.secondFactorEnrollmentRequired).toBe(false);
    expect((await api.call('GET', '/admin/getSessions', { token: signedIn.body.data.token })).status).toBe(200);
  });

  it('holds a session opened with a password alone to enrolment once its admin is given a role that needs it', async () => {
    const who = await newAdmin('support');
    const ip = nextIp();
    const token = (await signInAs(who, ip)).body.data.token as string;
    expect((await api.call('GET', '/transaction/getAll', { token })).status).toBe(200);
    await db()
      .updateTable('admins')
      .set({ role_id: roleByKey(db(), 'finance') })
      .where('id', '=', who.id)
      .execute();
    // Finance may decide payouts: not on the password this session was opened with.
    const held = await api.call('GET', '/transaction/getAll', { token });
    expect([held.status, held.body.message]).toEqual([403, AUTH_MESSAGES.secondFactorEnrollmentRequired]);
    const profile = await api.call('GET', '/admin/getUserProfile', { token });
    expect(profile.body.data).toMatchObject({ role: { name: 'Finance' }, secondFactorRequired: true });

    await clearOfStepEdge();
    const { secret } = (await api.call('POST', '/admin/secondFactor/start', { token })).body.data;
    const confirmed = await api.call('POST', '/admin/secondFactor/confirm', { token, body: { code: codeAt(secret) } });
    expect(confirmed.status).toBe(200);
    expect((await api.call('GET', '/transaction/getAll', { token })).status).toBe(200);
  });

  it("lets an Owner reset another admin's factor: their sessions end and they enrol again", async () => {
    const ip = nextIp();
    const owner = await newAdmin('owner');
    const { token: ownerToken } = await enrolAfterSignIn(owner, ip);
    const finance = await newAdmin('finance');
    const { token: financeToken, secret } = await enrolAfterSignIn(finance, ip);
    const pending = (await signInAs(finance, ip)).body.data.challenge as string;

    const own = await api.call('POST', '/admin/secondFactor/reset', { token: ownerToken, query: { id: owner.id } });
    expect(own.status).toBe(400);
    expect(own.body.errors).toEqual({ id: SAY.notYourOwn });
    const unknown = await api.call('POST', '/admin/secondFactor/reset', {
      token: ownerToken,
      query: { id: UNKNOWN_ID },
    });
    expect(unknown.status).toBe(404);
    const support = await newAdmin('support');
    const supportToken = (await signInAs(support, ip)).body.data.token as string;
    const none = await api.call('POST', '/admin/secondFactor/reset', { token: ownerToken, query: { id: support.id } });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(SAY.nothingToReset);
    // A role without admins.manage is refused before anything is read.
    const notAllowed = await api.call('POST', '/admin/secondFactor/reset', {
      token: supportToken,
      query: { id: 'not-an-id' },
    });
    expect([notAllowed.status, notAllowed.body.message]).toEqual([403, AUTH_MESSAGES.noPermission]);

    const reset = await api.call('POST', '/admin/secondFactor/reset', { token: ownerToken, query: { id: finance.id } });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(SAY.reset(`Grace finance`));
    expect((await api.call('GET', '/admin/getUserProfile', { token: financeToken })).status).toBe(401);
    expect(
      (
        await api.call('POST', '/admin/verifySecondFactor', {
          body: { challenge: pending, code: codeAt(secret, 1) },
          headers: from(ip),
        })
      ).body.errors,
    ).toEqual({ challenge: SAY.challengeExpired });
    const row = await db()
      .selectFrom('admins')
      .select(['totp_secret', 'totp_enabled_at'])
      .where('id', '=', finance.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_secret: null, totp_enabled_at: null });
    const codes = await db()
      .selectFrom('admin_recovery_codes')
      .select('id')
      .where('admin_id', '=', finance.id)
      .execute();
    expect(codes).toHaveLength(0);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.secondFactorReset')
      .where('record_id', '=', finance.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: owner.id, record_type: 'admin' });

    const again = await signInAs(finance, ip);
    expect(again.body.data).toMatchObject({ token: expect.any(String), secondFactorEnrollmentRequired: true });
  });

  it('counts tries per address across admins, and for challenges it never signed', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await api.call('POST', '/admin/verifySecondFactor', {
        body: { challenge: `not-a-challenge-${i}`, code: '123456' },
        headers: from(ip),
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    // Another address has its own budget.
    const other = await api.call('POST', '/admin/verifySecondFactor', {
      body: { challenge: 'not-a-challenge', code: '123456' },
      headers: from(nextIp()),
    });
    expect(other.status).toBe(400);
  });
});

// Several API instances share their limits through Redis when REDIS_URL is set (CI sets it).
(REDIS_URL ? describe : describe.skip)('second-factor limits shared by every instance (Redis)', () => {
  it('five wrong codes across two instances lock the admin out on both', async () => {
    const prefix = `test-2fa:${Date.now()}`;
    const a = await startTestApi(BACKENDS[0]!, { env: { REDIS_URL }, limitsKeyPrefix: prefix });
    const b = await buildServer({ config: a.config, database: a.database, limitsKeyPrefix: prefix });
    try {
      await clearOfStepEdge();
      const token = await a.signIn();
      const { secret } = (await a.call('POST', '/admin/secondFactor/start', { token })).body.data;
      await a.call('POST', '/admin/secondFactor/confirm', { token, body: { code: codeAt(secret, -1) } });
      const { challenge } = (
        await a.call('POST', '/admin/signIn', {
          body: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword },
        })
      ).body.data;
      const onB = (code: string) =>
        b.app.inject({ method: 'POST', url: '/api/v1/admin/verifySecondFactor', payload: { challenge, code } });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          i % 2
            ? (await onB('000000')).statusCode
            : (await a.call('POST', '/admin/verifySecondFactor', { body: { challenge, code: '000000' } })).status,
        );
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400]);
      expect((await onB(codeAt(secret))).statusCode).toBe(429);
      expect(
        (await a.call('POST', '/admin/verifySecondFactor', { body: { challenge, code: codeAt(secret) } })).status,
      ).toBe(429);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
