import { sql } from 'kysely';
import {
  AUTH_MESSAGES,
  type AdminProfile,
  type ChangePasswordResult,
  type LoggedInAdmin,
} from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/http-errors';
import { RateLimiter } from '../../lib/rate-limiter';
import { renderTemplate } from '../mail/mailer';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { hashResetToken, newResetToken, signToken } from './tokens';
import type { AuthenticatedAdmin } from './authenticate';
import { getAdminProfile } from './profile';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Sign-in failures are limited per IP (spraying many accounts) and per account *and* IP (guessing
 * one password): an attacker elsewhere can exhaust only their own budget, never lock the real admin
 * out of theirs.
 */
export interface AuthLimits {
  signInPerIp: RateLimiter;
  signInPerAccountAndIp: RateLimiter;
  forgotPerIp: RateLimiter;
  forgotPerEmail: RateLimiter;
  resetPerIp: RateLimiter;
}

export function defaultAuthLimits(): AuthLimits {
  return {
    signInPerIp: new RateLimiter(30, FIFTEEN_MINUTES),
    signInPerAccountAndIp: new RateLimiter(5, FIFTEEN_MINUTES),
    forgotPerIp: new RateLimiter(10, FIFTEEN_MINUTES),
    forgotPerEmail: new RateLimiter(3, 60 * 60 * 1000),
    resetPerIp: new RateLimiter(30, FIFTEEN_MINUTES),
  };
}

export class AuthService {
  constructor(
    private readonly ctx: AppContext,
    private readonly limits: AuthLimits = defaultAuthLimits(),
  ) {}

  private async openSession(adminId: string, trx = this.ctx.db): Promise<{ token: string; expiresAt: string }> {
    const expires = new Date(Date.now() + this.ctx.config.tokenTtlSeconds * 1000);
    const session = await trx
      .insertInto('admin_sessions')
      .values({ admin_id: adminId, expires_at: expires })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = signToken(this.ctx.secret, {
      sub: adminId,
      sid: session.id,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(expires.getTime() / 1000),
    });
    return { token, expiresAt: expires.toISOString() };
  }

  async signIn(emailInput: string, password: string, ip: string): Promise<LoggedInAdmin> {
    const email = emailInput.trim().toLowerCase();
    const accountKey = `${email}|${ip}`;
    const wait = Math.max(
      this.limits.signInPerIp.blockedFor(ip),
      this.limits.signInPerAccountAndIp.blockedFor(accountKey),
    );
    if (wait > 0) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, wait);

    const admin = await this.ctx.db
      .selectFrom('admins')
      .select(['id', 'first_name', 'last_name', 'email', 'password_hash', 'availability_status'])
      .where('email', '=', email)
      .executeTakeFirst();
    // An unknown email costs one hash verification too, so timing does not tell which exist.
    const ok = await verifyPassword(admin?.password_hash ?? (await dummyPasswordHash()), password);
    if (!admin || !ok) {
      this.limits.signInPerIp.hit(ip);
      this.limits.signInPerAccountAndIp.hit(accountKey);
      throw badRequest(AUTH_MESSAGES.invalidCredentials);
    }
    this.limits.signInPerAccountAndIp.reset(accountKey);
    const { token, expiresAt } = await this.openSession(admin.id);
    return {
      _id: admin.id,
      token,
      expiresAt,
      firstName: admin.first_name,
      lastName: admin.last_name,
      email: admin.email,
      availabilityStatus: admin.availability_status,
    };
  }

  profile(adminId: string): Promise<AdminProfile> {
    return getAdminProfile(this.ctx.db, adminId);
  }

  /** Same reply, same work on the request path, whether or not the email belongs to an admin. */
  async forgotPassword(emailInput: string, ip: string): Promise<void> {
    const wait = this.limits.forgotPerIp.hit(ip);
    if (wait > 0) throw tooManyRequests('Too many password reset requests. Try again later.', wait);
    const email = emailInput.trim().toLowerCase();
    const { token, hash } = newResetToken();
    const admin = await this.ctx.db
      .selectFrom('admins')
      .select(['id', 'first_name', 'email'])
      .where('email', '=', email)
      .executeTakeFirst();
    // Beyond a few emails an hour the address is being flooded: stay silent, reply the same.
    if (!admin || this.limits.forgotPerEmail.hit(email) > 0) return;

    const ttl = this.ctx.config.resetTokenTtlSeconds;
    const resetLink = `${this.ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // Stored and sent after the reply: neither database writes nor SMTP latency may reveal that
    // the account exists.
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
      });
      const mail = await renderTemplate(this.ctx.db, 'forgot-password', {
        firstName: admin.first_name,
        resetLink,
        expiresInMinutes: String(Math.round(ttl / 60)),
      });
      await this.ctx.mailer.send({ to: admin.email, ...mail });
    })().catch((err: unknown) => this.ctx.log.error({ err }, 'password reset email could not be sent'));
  }

  async verifyResetToken(token: string, ip: string): Promise<void> {
    const wait = this.limits.resetPerIp.hit(ip);
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
    const wait = this.limits.resetPerIp.hit(ip);
    if (wait > 0) throw tooManyRequests('Too many attempts. Try again later.', wait);
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
      return true;
    });
    if (!used) throw badRequest(AUTH_MESSAGES.resetTokenInvalid, { token: AUTH_MESSAGES.resetTokenInvalid });
  }

  async changePassword(
    admin: AuthenticatedAdmin,
    oldPassword: string,
    newPassword: string,
  ): Promise<ChangePasswordResult> {
    const row = await this.ctx.db
      .selectFrom('admins')
      .select('password_hash')
      .where('id', '=', admin.id)
      .executeTakeFirst();
    if (!row) throw unauthorized(AUTH_MESSAGES.invalidToken);
    if (!(await verifyPassword(row.password_hash, oldPassword))) {
      throw badRequest(AUTH_MESSAGES.wrongOldPassword, { oldPassword: AUTH_MESSAGES.wrongOldPassword });
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
      return this.openSession(admin.id, trx);
    });
  }

  async logout(admin: AuthenticatedAdmin): Promise<void> {
    await this.ctx.db
      .updateTable('admin_sessions')
      .set({ revoked_at: new Date() })
      .where('id', '=', admin.sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    this.ctx.realtime.disconnectSession(admin.sessionId);
  }

  private async revokeAll(adminId: string, trx = this.ctx.db): Promise<void> {
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
