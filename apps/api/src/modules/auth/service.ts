import { sql } from 'kysely';
import {
  AUTH_MESSAGES,
  type AdminProfile,
  type ChangePasswordResult,
  type LoggedInAdmin,
  type SecondFactorChallenge,
  type UpdateAdminProfileBody,
} from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { DEFAULT_ADMIN_PASSWORD } from '../../config';
import type { AdminsTable, DB } from '../../db/schema';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/http-errors';
import type { Attempt } from '../../lib/rate-limiter';
import { recordAudit } from '../audit/audit';
import { createAuthLimits, type AuthLimits } from './limits';
import { paragraphsHtml, renderTemplate } from '../mail/mailer';
import { queueEmail } from '../mail/outbox';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { hashResetToken, newResetToken, signToken } from './tokens';
import type { AuthenticatedAdmin } from './authenticate';
import { getAdminProfile, updateAdminProfile } from './profile';
import { roleOf } from '../admins/roles';
import { markCredentialsReset } from './credentials';
import { issueSecondFactorChallenge } from './second-factor';

/** How a session is opened: what it may do at first, and what it was opened from. */
interface SessionOpening {
  passwordChangeRequired?: boolean;
  secondFactorEnrollmentRequired?: boolean;
  ip?: string;
  userAgent?: string;
}

/** What opening an admin's session reads of them. */
export type SigningInAdmin = Pick<
  Selectable<AdminsTable>,
  'id' | 'first_name' | 'last_name' | 'email' | 'availability_status' | 'role_id' | 'totp_enabled_at'
>;

/** How a proven sign-in goes on: what the session may do, where it comes from, what proved it. */
export interface SignInCompletion {
  passwordChangeRequired: boolean;
  ip: string;
  userAgent: string;
  /** The second step, when there was one: recorded with the sign-in. */
  secondFactor?: 'totp' | 'recoveryCode';
}

/** A browser's User-Agent is under 300 characters; a longer one is cut, not stored whole. */
const USER_AGENT_MAX = 400;

export class AuthService {
  constructor(
    private readonly ctx: AppContext,
    private readonly limits: AuthLimits = createAuthLimits(),
  ) {}

  private async openSession(
    adminId: string,
    trx: Kysely<DB> | Transaction<DB> = this.ctx.db,
    opts: SessionOpening = {},
  ): Promise<{ token: string; expiresAt: string }> {
    const expires = new Date(Date.now() + this.ctx.config.tokenTtlSeconds * 1000);
    const session = await trx
      .insertInto('admin_sessions')
      .values({
        admin_id: adminId,
        expires_at: expires,
        password_change_required: opts.passwordChangeRequired ?? false,
        second_factor_enrollment_required: opts.secondFactorEnrollmentRequired ?? false,
        // What the Sessions list names it by: the browser and the address it signed in from.
        user_agent: (opts.userAgent ?? '').slice(0, USER_AGENT_MAX),
        ip: opts.ip ?? '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await signToken(this.ctx.secret, {
      sub: adminId,
      sid: session.id,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(expires.getTime() / 1000),
    });
    return { token, expiresAt: expires.toISOString() };
  }

  /**
   * Both limits count this attempt before anything is checked, so of many attempts sent at once
   * only the budget's worth reach the password hash; the rest are refused without one.
   */
  async signIn(
    emailInput: string,
    password: string,
    ip: string,
    userAgent = '',
  ): Promise<LoggedInAdmin | SecondFactorChallenge> {
    const email = emailInput.trim().toLowerCase();
    const accountKey = `${email}|${ip}`;
    const [perIp, perAccount] = await Promise.all([
      this.limits.signInPerIp.take(ip),
      this.limits.signInPerAccountAndIp.take(accountKey),
    ]);
    const wait = Math.max(perIp.wait, perAccount.wait);
    if (wait > 0) {
      await this.recordLockout([perIp, perAccount], email, ip, wait);
      throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, wait);
    }

    const admin = await this.ctx.db
      .selectFrom('admins')
      .select([
        'id',
        'first_name',
        'last_name',
        'email',
        'password_hash',
        'availability_status',
        'role_id',
        'status',
        'totp_enabled_at',
        'second_factor_counter',
      ])
      .where('email', '=', email)
      .executeTakeFirst();
    // An unknown email costs one hash verification too, so timing does not tell which exist.
    const ok = await verifyPassword(admin?.password_hash ?? (await dummyPasswordHash()), password);
    if (!admin || !ok) {
      await recordAudit(this.ctx.db, {
        action: 'auth.signInFailed',
        actorId: admin?.id ?? null,
        actorEmail: email,
        recordType: admin ? 'admin' : null,
        recordId: admin?.id ?? null,
        ip,
      });
      throw badRequest(AUTH_MESSAGES.invalidCredentials);
    }
    await Promise.all([this.limits.signInPerAccountAndIp.clear(accountKey), this.limits.signInPerIp.giveBack(ip)]);
    // A deactivated admin learns so only with the right password: the account exists, and is closed.
    if (admin.status !== 'active') throw badRequest(AUTH_MESSAGES.accountInactive);
    // The documented default is public: whoever knows it may only replace it.
    const passwordChangeRequired = password === DEFAULT_ADMIN_PASSWORD;
    // With a second factor the password alone opens no session: the signed challenge carries what
    // it proved to verifySecondFactor, on whichever instance that lands.
    if (admin.totp_enabled_at !== null) {
      return issueSecondFactorChallenge(this.ctx.secret, {
        adminId: admin.id,
        passwordHash: admin.password_hash,
        counter: admin.second_factor_counter,
        passwordChangeRequired,
      });
    }
    return this.completeSignIn(admin, { passwordChangeRequired, ip, userAgent });
  }

  /**
   * Opens the session of an admin whose sign-in is proven (the password, and the code where they
   * have a second factor) and records the sign-in; in `trx` when the proof was claimed in one, so
   * that a spent code and its session are committed together.
   */
  async completeSignIn(admin: SigningInAdmin, opts: SignInCompletion, trx?: Transaction<DB>): Promise<LoggedInAdmin> {
    const { passwordChangeRequired, ip, userAgent, secondFactor } = opts;
    const role = await roleOf(trx ?? this.ctx.db, admin.role_id);
    // A role that moves money or manages admins needs a second factor: without one yet, the session
    // may only enrol (where the server requires it; the loopback demo only offers it).
    const secondFactorEnrollmentRequired =
      role.requiresSecondFactor && admin.totp_enabled_at === null && this.ctx.config.secondFactor === 'required';
    const open = async (t: Transaction<DB>) => {
      const session = await this.openSession(admin.id, t, {
        passwordChangeRequired,
        secondFactorEnrollmentRequired,
        ip,
        userAgent,
      });
      const after = {
        ...(passwordChangeRequired ? { passwordChangeRequired } : {}),
        ...(secondFactor ? { secondFactor } : {}),
      };
      await recordAudit(t, {
        action: 'auth.signedIn',
        actorId: admin.id,
        actorEmail: admin.email,
        recordType: 'admin',
        recordId: admin.id,
        ip,
        after: Object.keys(after).length ? after : null,
      });
      return session;
    };
    const { token, expiresAt } = trx ? await open(trx) : await this.ctx.db.transaction().execute(open);
    return {
      _id: admin.id,
      token,
      expiresAt,
      firstName: admin.first_name,
      lastName: admin.last_name,
      email: admin.email,
      availabilityStatus: admin.availability_status,
      passwordChangeRequired,
      secondFactorEnrollmentRequired,
      role: { _id: role.id, name: role.name },
      permissions: role.permissions,
    };
  }

  /** One entry each time a budget runs out (per address, per account and address), not one per refusal. */
  private async recordLockout(attempts: Attempt[], email: string, ip: string, wait: number): Promise<void> {
    const [perIp, perAccount] = attempts;
    const ran = [perIp?.lockedOutNow ? 'address' : null, perAccount?.lockedOutNow ? 'account and address' : null];
    if (!ran.some(Boolean)) return;
    const admin = await this.ctx.db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst();
    for (const limit of ran) {
      if (!limit) continue;
      await recordAudit(this.ctx.db, {
        action: 'auth.lockedOut',
        actorId: admin?.id ?? null,
        actorEmail: email,
        recordType: admin ? 'admin' : null,
        recordId: admin?.id ?? null,
        ip,
        after: { limit, retryAfterSeconds: wait },
      });
    }
  }

  /**
   * Checks the signed-in admin's current password, counting the attempt first: a stolen token must
   * not be a way to guess it. Throws 429 past the limit and 400 (on `field`) when it is wrong.
   */
  async checkCurrentPassword(admin: AuthenticatedAdmin, password: string, ip: string, field: string): Promise<void> {
    const attempt = await this.limits.currentPasswordPerAdmin.take(admin.id);
    if (attempt.wait > 0) {
      if (attempt.lockedOutNow) {
        await recordAudit(this.ctx.db, {
          action: 'auth.lockedOut',
          actorId: admin.id,
          recordType: 'admin',
          recordId: admin.id,
          ip,
          after: { retryAfterSeconds: attempt.wait },
        });
      }
      throw tooManyRequests(AUTH_MESSAGES.tooManyPasswordAttempts, attempt.wait);
    }
    const row = await this.ctx.db
      .selectFrom('admins')
      .select('password_hash')
      .where('id', '=', admin.id)
      .executeTakeFirst();
    if (!row) throw unauthorized(AUTH_MESSAGES.invalidToken);
    if (!(await verifyPassword(row.password_hash, password))) {
      throw badRequest(AUTH_MESSAGES.wrongCurrentPassword, { [field]: AUTH_MESSAGES.wrongCurrentPassword });
    }
    await this.limits.currentPasswordPerAdmin.clear(admin.id);
  }

  /** The admin's own profile; an email change also tells the old address (queued with the change). */
  async updateProfile(admin: AuthenticatedAdmin, body: UpdateAdminProfileBody, ip: string): Promise<AdminProfile> {
    const { profile } = await updateAdminProfile(this.ctx.db, admin.id, body, {
      ip,
      checkCurrentPassword: (password, field) => this.checkCurrentPassword(admin, password, ip, field),
      revokeOtherSessions: (trx) => this.revokeOthers(admin.id, admin.sessionId, trx),
      tellOldAddress: async (trx, oldEmail, saved) => {
        const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
        const text = [
          `Hello ${saved.first_name},`,
          '',
          `The email address of your back office account was changed from ${oldEmail} to ${saved.email} on ${when} UTC, from the address ${ip}. Your other sessions were signed out.`,
          '',
          'If you did not make this change, contact another administrator at once: whoever made it can reset your password.',
        ].join('\n');
        const html = paragraphsHtml(text);
        await queueEmail(this.ctx, trx, {
          to: oldEmail,
          subject: 'Your back office email address was changed',
          text,
          html,
        });
      },
    });
    return profile;
  }

  profile(adminId: string): Promise<AdminProfile> {
    return getAdminProfile(this.ctx.db, adminId);
  }

  /** Same reply, same work on the request path, whether or not the email belongs to an admin. */
  async forgotPassword(emailInput: string, ip: string): Promise<void> {
    const { wait } = await this.limits.forgotPerIp.take(ip);
    if (wait > 0) throw tooManyRequests('Too many password reset requests. Try again later.', wait);
    const email = emailInput.trim().toLowerCase();
    const { token, hash } = newResetToken();
    const admin = await this.ctx.db
      .selectFrom('admins')
      .select(['id', 'first_name', 'email'])
      .where('email', '=', email)
      .executeTakeFirst();
    // Every request is recorded, for an admin's address or not (who is probing which accounts), but
    // after the reply like the rest: the entry's write must not tell the caller either.
    const requested = (sent: boolean) => ({
      action: 'auth.passwordResetRequested',
      actorId: null,
      actorEmail: email,
      recordType: admin ? 'admin' : null,
      recordId: admin?.id ?? null,
      ip,
      after: { accountFound: Boolean(admin), emailSent: sent },
    });
    // Beyond a few emails an hour the address is being flooded: stay silent, reply the same.
    if (!admin || (await this.limits.forgotPerEmail.take(email)).wait > 0) {
      void recordAudit(this.ctx.db, requested(false)).catch((err: unknown) =>
        this.ctx.log.error({ err }, 'password reset request could not be recorded'),
      );
      return;
    }

    const ttl = this.ctx.config.resetTokenTtlSeconds;
    const resetLink = `${this.ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // Stored and queued after the reply: no database write may reveal that the account exists.
    void (async () => {
      await this.ctx.db.transaction().execute(async (trx) => {
        // only the newest link works
        await trx
          .updateTable('password_resets')
          .set({ used_at: new Date() })
          .where('admin_id', '=', admin.id)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('password_resets')
          .values({ admin_id: admin.id, token_hash: hash, expires_at: new Date(Date.now() + ttl * 1000) })
          .execute();
        await recordAudit(trx, requested(true));
        const mail = await renderTemplate(
          trx,
          'forgot-password',
          { firstName: admin.first_name, resetLink, expiresInMinutes: String(Math.round(ttl / 60)) },
          this.ctx.log,
        );
        // with the link it carries: no link without its email, no email with a link never stored
        await queueEmail(this.ctx, trx, { to: admin.email, ...mail });
      });
    })().catch((err: unknown) => this.ctx.log.error({ err }, 'password reset email could not be queued'));
  }

  async verifyResetToken(token: string, ip: string): Promise<void> {
    const { wait } = await this.limits.resetPerIp.take(ip);
    if (wait > 0) throw tooManyRequests('Too many attempts. Try again later.', wait);
    const row = await this.ctx.db
      .selectFrom('password_resets')
      .select('id')
      .where('token_hash', '=', hashResetToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (!row) throw badRequest(AUTH_MESSAGES.resetTokenInvalid, { token: AUTH_MESSAGES.resetTokenInvalid });
  }

  async resetPassword(token: string, password: string, ip: string): Promise<void> {
    const { wait } = await this.limits.resetPerIp.take(ip);
    if (wait > 0) throw tooManyRequests('Too many attempts. Try again later.', wait);
    if (password === DEFAULT_ADMIN_PASSWORD) {
      throw badRequest(AUTH_MESSAGES.defaultPasswordRefused, { password: AUTH_MESSAGES.defaultPasswordRefused });
    }
    const passwordHash = await hashPassword(password);
    const used = await this.ctx.db.transaction().execute(async (trx) => {
      // Claiming the token and using it happen in one statement: a second use finds nothing.
      const claimed = await trx
        .updateTable('password_resets')
        .set({ used_at: new Date() })
        .where('token_hash', '=', hashResetToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('admin_id')
        .executeTakeFirst();
      if (!claimed) return false;
      await trx
        .updateTable('admins')
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', claimed.admin_id)
        .execute();
      await this.revokeAll(claimed.admin_id, trx);
      // whoever held the link holds the account now: not yet a second approver of a payout
      await markCredentialsReset(trx, claimed.admin_id);
      await recordAudit(trx, {
        action: 'auth.passwordReset',
        actorId: claimed.admin_id,
        recordType: 'admin',
        recordId: claimed.admin_id,
        ip,
      });
      return true;
    });
    if (!used) throw badRequest(AUTH_MESSAGES.resetTokenInvalid, { token: AUTH_MESSAGES.resetTokenInvalid });
  }

  async changePassword(
    admin: AuthenticatedAdmin,
    oldPassword: string,
    newPassword: string,
    ip: string,
  ): Promise<ChangePasswordResult> {
    await this.checkCurrentPassword(admin, oldPassword, ip, 'oldPassword');
    // The public default first: to an admin replacing it, "must differ" would not say why.
    if (newPassword === DEFAULT_ADMIN_PASSWORD) {
      throw badRequest(AUTH_MESSAGES.defaultPasswordRefused, { newPassword: AUTH_MESSAGES.defaultPasswordRefused });
    }
    if (oldPassword === newPassword) {
      throw badRequest(AUTH_MESSAGES.samePassword, { newPassword: AUTH_MESSAGES.samePassword });
    }
    const passwordHash = await hashPassword(newPassword);
    return this.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('admins')
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', admin.id)
        .execute();
      await this.revokeAll(admin.id, trx);
      await recordAudit(trx, {
        action: 'auth.passwordChanged',
        actorId: admin.id,
        recordType: 'admin',
        recordId: admin.id,
        ip,
      });
      return this.openSession(admin.id, trx, {
        ip,
        secondFactorEnrollmentRequired: admin.secondFactorEnrollmentRequired,
      });
    });
  }

  async logout(admin: AuthenticatedAdmin, ip: string): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const revoked = await trx
        .updateTable('admin_sessions')
        .set({ revoked_at: new Date() })
        .where('id', '=', admin.sessionId)
        .where('revoked_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (revoked) {
        await recordAudit(trx, {
          action: 'auth.loggedOut',
          actorId: admin.id,
          recordType: 'admin',
          recordId: admin.id,
          ip,
        });
      }
    });
    this.ctx.realtime.disconnectSession(admin.sessionId);
  }

  /** Ends every session of the admin but `keep` (the one making the change), sockets included. */
  async revokeOthers(adminId: string, keep: string, trx: Transaction<DB>): Promise<void> {
    const revoked = await trx
      .updateTable('admin_sessions')
      .set({ revoked_at: sql`now()` })
      .where('admin_id', '=', adminId)
      .where('id', '!=', keep)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    for (const s of revoked) this.ctx.realtime.disconnectSession(s.id);
  }

  async revokeAll(adminId: string, trx: Kysely<DB> | Transaction<DB> = this.ctx.db): Promise<void> {
    const revoked = await trx
      .updateTable('admin_sessions')
      .set({ revoked_at: sql`now()` })
      .where('admin_id', '=', adminId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    for (const s of revoked) this.ctx.realtime.disconnectSession(s.id);
  }
}
