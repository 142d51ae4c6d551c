import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { SignJWT, jwtVerify } from 'jose';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import {
  AUTH_MESSAGES,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_CHALLENGE_SECONDS,
  SECOND_FACTOR_MESSAGES as SAY,
  isUuid,
  type LoggedInAdmin,
  type RecoveryCodes,
  type SecondFactorChallenge,
  type SecondFactorEnrollment,
} from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../../lib/http-errors';
import type { Attempt } from '../../lib/rate-limiter';
import { recordAudit } from '../audit/audit';
import type { AuthenticatedAdmin } from './authenticate';
import type { AuthLimits } from './limits';
import type { AuthService } from './service';

/*
 * Two-factor sign-in: TOTP (RFC 6238, otplib; SHA-1, 6 digits, 30 s, as every authenticator app
 * reads a QR code) with ten single-use recovery codes.
 *
 * - The TOTP secret is stored encrypted (AES-256-GCM, the admin's id as associated data, so a
 *   secret copied onto another admin's row does not decrypt); the key is derived with HKDF from the
 *   server's signing secret (AUTH_SECRET), so every instance reads it and the database alone does not.
 * - A code's time step is accepted once (admins.totp_last_step, claimed by a compare-and-set), one
 *   step either side of now.
 * - The sign-in challenge is a JWT signed with its own derived key: stateless, so any instance
 *   accepts it. It names the admin, a fingerprint of their password hash (a password change voids it)
 *   and admins.second_factor_counter at its issue: a sign-in it completes, an enrolment or a reset
 *   moves the counter on, so it is spent everywhere at once.
 * - Recovery codes are 16 random characters of a 31-letter alphabet (79 bits) and stored as a
 *   SHA-256 of the admin's id and the code. With that much entropy no dictionary or brute force
 *   reaches one from its hash, and a lookup is one indexed comparison; argon2 (which a password
 *   needs, being guessable) would cost ~50 ms and 19 MiB for each of the ten codes on every try.
 */

const TOTP_PERIOD_SECONDS = 30;
/** The derived keys' salt: fixed, the input (the server's secret) is already random. */
const HKDF_SALT = 'backoffice second factor';
const CHALLENGE_AUDIENCE = 'backoffice:second-factor';
const CHALLENGE_ALGORITHM = 'HS256';
/** A challenge is ~400 characters; a longer one is not worth parsing. */
const MAX_CHALLENGE_LENGTH = 2048;
/** No 0/o, 1/i/l: read off a printout and typed back without doubt. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 16;
const ENCRYPTED_VERSION = 'v1';

interface SecondFactorKeys {
  encryption: Buffer;
  challenge: Buffer;
}

const keysBySecret = new WeakMap<Buffer, SecondFactorKeys>();

/** Keys for one purpose each, from the server's secret: a leaked challenge key decrypts nothing. */
function keysOf(secret: Buffer): SecondFactorKeys {
  let keys = keysBySecret.get(secret);
  if (!keys) {
    const derive = (info: string) => Buffer.from(crypto.hkdfSync('sha256', secret, HKDF_SALT, info, 32));
    keys = { encryption: derive('totp secret encryption v1'), challenge: derive('sign-in challenge v1') };
    keysBySecret.set(secret, keys);
  }
  return keys;
}

const b64 = (b: Buffer) => b.toString('base64url');

export function encryptTotpSecret(serverSecret: Buffer, adminId: string, totpSecret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keysOf(serverSecret).encryption, iv);
  cipher.setAAD(Buffer.from(adminId, 'utf8'));
  const sealed = Buffer.concat([cipher.update(totpSecret, 'utf8'), cipher.final()]);
  return [ENCRYPTED_VERSION, b64(iv), b64(sealed), b64(cipher.getAuthTag())].join('.');
}

/** The secret, or null when it does not decrypt (another AUTH_SECRET, another admin's row, damage). */
export function decryptTotpSecret(serverSecret: Buffer, adminId: string, stored: string): string | null {
  const [version, iv, sealed, tag] = stored.split('.');
  if (version !== ENCRYPTED_VERSION || !iv || !sealed || !tag) return null;
  try {
    const decipher = crypto.createDecipheriv(
      'aes-256-gcm',
      keysOf(serverSecret).encryption,
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(adminId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Ties a challenge to the password that was checked, without carrying anything of it a client could use. */
const passwordFingerprint = (key: Buffer, passwordHash: string) =>
  crypto.createHmac('sha256', key).update(passwordHash).digest('base64url').slice(0, 22);

export interface ChallengeSubject {
  adminId: string;
  passwordHash: string;
  /** admins.second_factor_counter as the password was checked. */
  counter: number;
  /** The session the code opens may only change the password (it was the documented default). */
  passwordChangeRequired: boolean;
}

export async function issueSecondFactorChallenge(
  serverSecret: Buffer,
  subject: ChallengeSubject,
  nowMs = Date.now(),
): Promise<SecondFactorChallenge> {
  const key = keysOf(serverSecret).challenge;
  const iat = Math.floor(nowMs / 1000);
  const exp = iat + SECOND_FACTOR_CHALLENGE_SECONDS;
  const challenge = await new SignJWT({
    ctr: subject.counter,
    pwd: passwordFingerprint(key, subject.passwordHash),
    pcr: subject.passwordChangeRequired,
  })
    .setProtectedHeader({ alg: CHALLENGE_ALGORITHM, typ: 'JWT' })
    .setSubject(subject.adminId)
    .setAudience(CHALLENGE_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
  return { secondFactorRequired: true, challenge, expiresAt: new Date(exp * 1000).toISOString() };
}

interface ChallengeClaims {
  adminId: string;
  counter: number;
  passwordFingerprint: string;
  passwordChangeRequired: boolean;
}

/** The claims of a well-signed, unexpired challenge of this server; null for anything else. */
async function readChallenge(serverSecret: Buffer, challenge: string): Promise<ChallengeClaims | null> {
  if (challenge.length > MAX_CHALLENGE_LENGTH) return null;
  try {
    const { payload } = await jwtVerify(challenge, keysOf(serverSecret).challenge, {
      algorithms: [CHALLENGE_ALGORITHM],
      audience: CHALLENGE_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 0,
    });
    const { sub, ctr, pwd, pcr } = payload;
    if (!isUuid(sub) || !Number.isSafeInteger(ctr) || typeof pwd !== 'string' || typeof pcr !== 'boolean') return null;
    return { adminId: sub, counter: ctr as number, passwordFingerprint: pwd, passwordChangeRequired: pcr };
  } catch {
    return null;
  }
}

type CodeGiven = { kind: 'totp'; code: string } | { kind: 'recoveryCode'; code: string };

/** What the admin typed, read as either kind of code (spaces and dashes as copied are ignored). */
export function readCode(input: string): CodeGiven | null {
  const compact = input.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  if (compact.length === RECOVERY_CODE_LENGTH && [...compact].every((c) => RECOVERY_ALPHABET.includes(c))) {
    return { kind: 'recoveryCode', code: compact };
  }
  return null;
}

/** The time step a code belongs to, one step either side of now; null when it matches none. */
async function matchingStep(totpSecret: string, code: string, nowMs = Date.now()): Promise<number | null> {
  try {
    const result = await verifyTotp({
      secret: totpSecret,
      token: code,
      period: TOTP_PERIOD_SECONDS,
      epoch: Math.floor(nowMs / 1000),
      // In seconds: one period either way is the step before and the step after.
      epochTolerance: TOTP_PERIOD_SECONDS,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** Grouped by four for reading and typing: `abcd-efgh-jkmn-pqrs`. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[crypto.randomInt(31)]);
  return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
}

const recoveryCodeHash = (adminId: string, code: string) =>
  crypto
    .createHash('sha256')
    .update(`${adminId}:${code.replace(/-/g, '')}`)
    .digest('hex');

/** Why a second step was refused, raised inside its transaction so that nothing it claimed stays claimed. */
class Refusal extends Error {
  constructor(readonly reason: 'wrongCode' | 'codeUsed' | 'expired') {
    super(reason);
  }
}

const challengeExpired = () => badRequest(SAY.challengeExpired, { challenge: SAY.challengeExpired });

export class SecondFactorService {
  private readonly issuer: string;

  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
    private readonly limits: AuthLimits,
  ) {
    // The name authenticator apps list the account under; the host tells a staging server's apart.
    this.issuer = `Back Office (${new URL(ctx.config.publicUrl).hostname})`;
  }

  private decrypt(adminId: string, stored: string): string | null {
    const secret = decryptTotpSecret(this.ctx.secret, adminId, stored);
    if (secret === null) {
      this.ctx.log.error(
        { adminId },
        'a second-factor secret does not decrypt: AUTH_SECRET changed since it was enrolled, or the row was altered',
      );
    }
    return secret;
  }

  /** Counts an attempt before anything is checked; 429 (and one lockout entry) past the budget. */
  private async take(
    limit: 'secondFactorPerAdmin' | 'secondFactorPerIp',
    key: string,
    who: { adminId: string | null; ip: string },
  ): Promise<void> {
    const attempt: Attempt = await this.limits[limit].take(key);
    if (attempt.wait === 0) return;
    if (attempt.lockedOutNow) {
      await recordAudit(this.ctx.db, {
        action: 'auth.lockedOut',
        actorId: who.adminId,
        recordType: who.adminId ? 'admin' : null,
        recordId: who.adminId,
        ip: who.ip,
        after: {
          limit: limit === 'secondFactorPerIp' ? 'second factor, address' : 'second factor, admin',
          retryAfterSeconds: attempt.wait,
        },
      });
    }
    throw tooManyRequests(SAY.tooManyCodes, attempt.wait);
  }

  private async recordFailure(
    adminId: string,
    ip: string,
    step: 'signIn' | 'enrolment' | 'recoveryCodes',
    reason: string,
  ) {
    await recordAudit(this.ctx.db, {
      action: 'auth.secondFactorFailed',
      actorId: adminId,
      recordType: 'admin',
      recordId: adminId,
      ip,
      after: { step, reason },
    });
  }

  /**
   * The second step of a sign-in: the challenge signIn answered with and a code (TOTP or a
   * recovery code). Counted per address before the challenge is read, per admin before the code is;
   * the code and the challenge are spent in the transaction that opens the session.
   */
  async verifySignIn(challenge: string, codeInput: string, ip: string, userAgent = ''): Promise<LoggedInAdmin> {
    await this.take('secondFactorPerIp', ip, { adminId: null, ip });
    const claims = await readChallenge(this.ctx.secret, challenge);
    if (!claims) throw challengeExpired();
    await this.take('secondFactorPerAdmin', claims.adminId, { adminId: claims.adminId, ip });

    const admin = await this.ctx.db
      .selectFrom('admins')
      .select([
        'id',
        'first_name',
        'last_name',
        'email',
        'availability_status',
        'role_id',
        'status',
        'password_hash',
        'totp_secret',
        'totp_enabled_at',
        'totp_last_step',
        'second_factor_counter',
      ])
      .where('id', '=', claims.adminId)
      .executeTakeFirst();
    const key = keysOf(this.ctx.secret).challenge;
    // Good while nothing it was issued on has moved: the password, the factor, a sign-in it completed.
    if (
      !admin ||
      admin.status !== 'active' ||
      admin.totp_enabled_at === null ||
      admin.totp_secret === null ||
      admin.second_factor_counter !== claims.counter ||
      passwordFingerprint(key, admin.password_hash) !== claims.passwordFingerprint
    ) {
      throw challengeExpired();
    }

    const code = readCode(codeInput);
    let step: number | null = null;
    try {
      if (!code) throw new Refusal('wrongCode');
      if (code.kind === 'totp') {
        const secret = this.decrypt(admin.id, admin.totp_secret);
        step = secret === null ? null : await matchingStep(secret, code.code);
        if (step === null) throw new Refusal('wrongCode');
        if (admin.totp_last_step !== null && step <= Number(admin.totp_last_step)) throw new Refusal('codeUsed');
      }
      const signedIn = await this.ctx.db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('admins')
          .set({ second_factor_counter: sql`second_factor_counter + 1` })
          .where('id', '=', admin.id)
          .where('second_factor_counter', '=', claims.counter)
          .returning('id')
          .executeTakeFirst();
        if (!spent) throw new Refusal('expired');
        if (code.kind === 'totp') await this.claimStep(trx, admin.id, step as number);
        else await this.spendRecoveryCode(trx, admin.id, code.code, ip);
        return this.auth.completeSignIn(
          admin,
          { passwordChangeRequired: claims.passwordChangeRequired, ip, userAgent, secondFactor: code.kind },
          trx,
        );
      });
      await Promise.all([this.limits.secondFactorPerAdmin.clear(admin.id), this.limits.secondFactorPerIp.giveBack(ip)]);
      return signedIn;
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      if (err.reason === 'expired') throw challengeExpired();
      await this.recordFailure(admin.id, ip, 'signIn', err.reason);
      const message = err.reason === 'codeUsed' ? SAY.codeUsed : SAY.wrongCode;
      throw badRequest(message, { code: message });
    }
  }

  /** A time step is accepted once: of two requests with codes of one step, the second finds it taken. */
  private async claimStep(trx: Transaction<DB>, adminId: string, step: number): Promise<void> {
    const claimed = await trx
      .updateTable('admins')
      .set({ totp_last_step: step })
      .where('id', '=', adminId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw new Refusal('codeUsed');
  }

  private async spendRecoveryCode(trx: Transaction<DB>, adminId: string, code: string, ip: string): Promise<void> {
    const spent = await trx
      .updateTable('admin_recovery_codes')
      .set({ used_at: sql`now()` })
      .where('admin_id', '=', adminId)
      .where('code_hash', '=', recoveryCodeHash(adminId, code))
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!spent) throw new Refusal('wrongCode');
    const { left } = await trx
      .selectFrom('admin_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('left'))
      .where('admin_id', '=', adminId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      action: 'auth.recoveryCodeUsed',
      actorId: adminId,
      recordType: 'admin',
      recordId: adminId,
      ip,
      after: { recoveryCodesLeft: Number(left) },
    });
  }

  /** Ten new codes in place of any the admin had; their hashes only are kept. */
  private async replaceRecoveryCodes(trx: Transaction<DB>, adminId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
    await trx
      .insertInto('admin_recovery_codes')
      .values(codes.map((c) => ({ admin_id: adminId, code_hash: recoveryCodeHash(adminId, c) })))
      .execute();
    return codes;
  }

  /** A current TOTP code of the signed-in admin (a recovery code does not set up or change a factor). */
  private async checkOwnCode(
    admin: AuthenticatedAdmin,
    totpSecret: string,
    codeInput: string,
    ip: string,
    step: 'enrolment' | 'recoveryCodes',
  ): Promise<number> {
    const code = readCode(codeInput);
    if (code?.kind !== 'totp') throw badRequest(SAY.totpRequired, { code: SAY.totpRequired });
    const matched = await matchingStep(totpSecret, code.code);
    if (matched === null) {
      await this.recordFailure(admin.id, ip, step, 'wrongCode');
      throw badRequest(SAY.wrongTotp, { code: SAY.wrongTotp });
    }
    return matched;
  }

  /**
   * A new secret for the admin's authenticator app, kept (encrypted) until a code from the app
   * confirms it; nothing changes for sign-in until then. Another start replaces it.
   */
  async startEnrollment(admin: AuthenticatedAdmin): Promise<SecondFactorEnrollment> {
    const row = await this.ctx.db
      .selectFrom('admins')
      .select(['email', 'totp_enabled_at'])
      .where('id', '=', admin.id)
      .executeTakeFirst();
    if (!row) throw unauthorized(AUTH_MESSAGES.invalidToken);
    if (row.totp_enabled_at !== null) throw conflict(SAY.alreadyEnabled);
    const secret = generateSecret();
    const pending = await this.ctx.db
      .updateTable('admins')
      .set({ totp_secret: encryptTotpSecret(this.ctx.secret, admin.id, secret) })
      .where('id', '=', admin.id)
      .where('totp_enabled_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!pending) throw conflict(SAY.alreadyEnabled);
    const otpauthUrl = generateURI({ issuer: this.issuer, label: row.email, secret });
    const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /**
   * Turns the factor on with a code from the app that took the secret, hands out ten recovery
   * codes, and lets every session of the admin that had to enrol first do everything again.
   */
  async confirmEnrollment(admin: AuthenticatedAdmin, codeInput: string, ip: string): Promise<RecoveryCodes> {
    await this.take('secondFactorPerAdmin', `self:${admin.id}`, { adminId: admin.id, ip });
    const row = await this.ctx.db
      .selectFrom('admins')
      .select(['totp_secret', 'totp_enabled_at'])
      .where('id', '=', admin.id)
      .executeTakeFirst();
    if (!row) throw unauthorized(AUTH_MESSAGES.invalidToken);
    if (row.totp_enabled_at !== null) throw conflict(SAY.alreadyEnabled);
    const pending = row.totp_secret;
    const secret = pending === null ? null : this.decrypt(admin.id, pending);
    if (pending === null || secret === null) throw conflict(SAY.notStarted);
    const step = await this.checkOwnCode(admin, secret, codeInput, ip, 'enrolment');
    const recoveryCodes = await this.ctx.db.transaction().execute(async (trx) => {
      // The secret the code was checked against, still pending: not one a second start put in its place.
      const enabled = await trx
        .updateTable('admins')
        .set({
          totp_enabled_at: sql`now()`,
          totp_last_step: step,
          second_factor_counter: sql`second_factor_counter + 1`,
          updated_at: sql`now()`,
        })
        .where('id', '=', admin.id)
        .where('totp_enabled_at', 'is', null)
        .where('totp_secret', '=', pending)
        .returning('id')
        .executeTakeFirst();
      if (!enabled) throw conflict(SAY.notStarted);
      const codes = await this.replaceRecoveryCodes(trx, admin.id);
      await trx
        .updateTable('admin_sessions')
        .set({ second_factor_enrollment_required: false })
        .where('admin_id', '=', admin.id)
        .where('second_factor_enrollment_required', '=', true)
        .execute();
      await recordAudit(trx, {
        action: 'auth.secondFactorEnrolled',
        actorId: admin.id,
        recordType: 'admin',
        recordId: admin.id,
        ip,
        after: { secondFactorEnabled: true, recoveryCodes: RECOVERY_CODE_COUNT },
      });
      return codes;
    });
    await this.limits.secondFactorPerAdmin.clear(`self:${admin.id}`);
    return { recoveryCodes };
  }

  /** Ten new recovery codes for ten old ones, given a current code of the app (a stolen token alone cannot). */
  async regenerateRecoveryCodes(admin: AuthenticatedAdmin, codeInput: string, ip: string): Promise<RecoveryCodes> {
    await this.take('secondFactorPerAdmin', `self:${admin.id}`, { adminId: admin.id, ip });
    const row = await this.ctx.db
      .selectFrom('admins')
      .select(['totp_secret', 'totp_enabled_at', 'totp_last_step'])
      .where('id', '=', admin.id)
      .executeTakeFirst();
    if (!row) throw unauthorized(AUTH_MESSAGES.invalidToken);
    if (row.totp_enabled_at === null || row.totp_secret === null) throw conflict(SAY.notEnabled);
    const secret = this.decrypt(admin.id, row.totp_secret);
    if (secret === null) {
      await this.recordFailure(admin.id, ip, 'recoveryCodes', 'wrongCode');
      throw badRequest(SAY.wrongTotp, { code: SAY.wrongTotp });
    }
    const step = await this.checkOwnCode(admin, secret, codeInput, ip, 'recoveryCodes');
    if (row.totp_last_step !== null && step <= Number(row.totp_last_step)) {
      throw badRequest(SAY.codeUsed, { code: SAY.codeUsed });
    }
    try {
      const recoveryCodes = await this.ctx.db.transaction().execute(async (trx) => {
        await this.claimStep(trx, admin.id, step);
        const codes = await this.replaceRecoveryCodes(trx, admin.id);
        await recordAudit(trx, {
          action: 'auth.recoveryCodesReplaced',
          actorId: admin.id,
          recordType: 'admin',
          recordId: admin.id,
          ip,
          after: { recoveryCodes: RECOVERY_CODE_COUNT },
        });
        return codes;
      });
      await this.limits.secondFactorPerAdmin.clear(`self:${admin.id}`);
      return { recoveryCodes };
    } catch (err) {
      if (err instanceof Refusal) throw badRequest(SAY.codeUsed, { code: SAY.codeUsed });
      throw err;
    }
  }

  /**
   * An Owner removes another admin's factor and recovery codes (a lost phone) and ends their
   * sessions: at their next sign-in they set it up again, where their role needs one. One's own
   * goes through another Owner, so that a stolen session cannot strip its admin's factor.
   */
  async reset(actor: AuthenticatedAdmin, targetId: string, ip: string): Promise<{ name: string }> {
    if (targetId === actor.id) throw badRequest(SAY.notYourOwn, { id: SAY.notYourOwn });
    return this.ctx.db.transaction().execute(async (trx) => {
      const target = await trx
        .selectFrom('admins')
        .select(['id', 'first_name', 'last_name', 'email', 'totp_enabled_at'])
        .where('id', '=', targetId)
        .forUpdate()
        .executeTakeFirst();
      if (!target) throw notFound(SAY.adminNotFound);
      if (target.totp_enabled_at === null) throw conflict(SAY.nothingToReset);
      await trx
        .updateTable('admins')
        .set({
          totp_secret: null,
          totp_enabled_at: null,
          totp_last_step: null,
          second_factor_counter: sql`second_factor_counter + 1`,
          updated_at: sql`now()`,
        })
        .where('id', '=', target.id)
        .execute();
      await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', target.id).execute();
      await this.auth.revokeAll(target.id, trx);
      await recordAudit(trx, {
        action: 'auth.secondFactorReset',
        actorId: actor.id,
        recordType: 'admin',
        recordId: target.id,
        ip,
        before: { secondFactorEnabled: true },
        after: { secondFactorEnabled: false, sessionsEnded: true },
      });
      const name = `${target.first_name} ${target.last_name}`.trim() || target.email;
      return { name };
    });
  }
}
