import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  AUTH_MESSAGES,
  PROFILE_MESSAGES,
  type AdminProfile,
  type AvailabilityStatus,
  type UpdateAdminProfileBody,
} from '@backoffice/shared-api/contract';
import type { AdminsTable, DB } from '../../db/schema';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isKnownTimeZone, summaryOf } from '../people/profile';
import { recordAudit, recordChanges } from '../audit/audit';
import { roleOf, type RoleOfAdmin } from '../admins/roles';

const ADMIN_NOT_FOUND = 'Admin not found';
/** The unique constraint on admins.email (migration 0001; citext, so compared case-insensitively). */
const EMAIL_KEY = 'admins_email_key';

/** The admin's profile as the contract has it, with what their role grants. */
export function toAdminProfile(a: Selectable<AdminsTable>, role: RoleOfAdmin): AdminProfile {
  return {
    _id: a.id,
    firstName: a.first_name,
    lastName: a.last_name,
    email: a.email,
    bio: a.bio,
    isEmailVerified: a.is_email_verified,
    mainProfilePicture: a.main_profile_picture,
    timeZone: a.time_zone,
    availabilityStatus: a.availability_status,
    role: { _id: role.id, name: role.name },
    permissions: role.permissions,
    secondFactorEnabled: a.totp_enabled_at !== null,
    secondFactorRequired: role.requiresSecondFactor,
  };
}

export async function getAdminProfile(db: Kysely<DB>, adminId: string): Promise<AdminProfile> {
  const a = await db.selectFrom('admins').selectAll().where('id', '=', adminId).executeTakeFirst();
  if (!a) throw notFound(ADMIN_NOT_FOUND);
  return toAdminProfile(a, await roleOf(db, a.role_id));
}

const emailTaken = () => conflict(PROFILE_MESSAGES.emailTaken, { email: PROFILE_MESSAGES.emailTaken });

/** What saving the profile needs of the auth service: the password check and ending sessions. */
export interface ProfileSaveGuards {
  ip: string;
  /** Throws 429 past the limit, 400 on `field` when wrong. */
  checkCurrentPassword(password: string, field: string): Promise<void>;
  /** Ends the admin's other sessions, in the transaction of the change. */
  revokeOtherSessions(trx: Transaction<DB>): Promise<void>;
  /** Tells the old address of the change, in its transaction (the email is queued with it). */
  tellOldAddress(trx: Transaction<DB>, oldEmail: string, saved: Selectable<AdminsTable>): Promise<void>;
}

const PROFILE_FIELDS = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  bio: 'bio',
  mainProfilePicture: 'main_profile_picture',
  timeZone: 'time_zone',
} as const;

/**
 * Saves the admin's own profile, every field at once. Nothing is saved unless every field is
 * acceptable: 400 naming each bad field (names blank once trimmed, a time zone the server does not
 * know, an email change without the current password), 429/400 for a wrong current password, then
 * 409 when another admin has the email (also when one takes it between the check and the write:
 * the unique constraint decides). A new email is where password resets go, so changing it takes
 * the current password and ends the admin's other sessions, and the old address is told (an email
 * queued in the same transaction).
 */
export async function updateAdminProfile(
  db: Kysely<DB>,
  adminId: string,
  body: UpdateAdminProfileBody,
  guards: ProfileSaveGuards,
): Promise<{ profile: AdminProfile }> {
  const current = await db.selectFrom('admins').selectAll().where('id', '=', adminId).executeTakeFirst();
  if (!current) throw notFound(ADMIN_NOT_FOUND);

  const values = {
    first_name: body.firstName.trim(),
    last_name: body.lastName.trim(),
    email: body.email.trim(),
    bio: body.bio.trim(),
    main_profile_picture: body.mainProfilePicture,
    time_zone: body.timeZone.trim(),
  };
  // citext: the same address in other letter case is not a change of address
  const emailChanges = values.email.toLowerCase() !== current.email.toLowerCase();
  const errors: Record<string, string> = {};
  // The schema asks for one character; a few spaces pass it and are nothing once trimmed.
  if (!values.first_name) errors.firstName = PROFILE_MESSAGES.required;
  if (!values.last_name) errors.lastName = PROFILE_MESSAGES.required;
  if (!isKnownTimeZone(values.time_zone, current.time_zone)) errors.timeZone = PROFILE_MESSAGES.timeZone;
  if (emailChanges && !body.currentPassword) errors.currentPassword = AUTH_MESSAGES.currentPasswordRequired;
  if (Object.keys(errors).length) throw badRequest(summaryOf(errors), errors);
  if (emailChanges) await guards.checkCurrentPassword(body.currentPassword ?? '', 'currentPassword');

  const other = await db
    .selectFrom('admins')
    .select('id')
    .where('email', '=', values.email)
    .where('id', '!=', adminId)
    .executeTakeFirst();
  if (other) throw emailTaken();

  try {
    const saved = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('admins')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', adminId)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound(ADMIN_NOT_FOUND);
      await recordChanges(
        trx,
        {
          action: emailChanges ? 'auth.emailChanged' : 'admin.profileUpdated',
          actorId: adminId,
          recordType: 'admin',
          recordId: adminId,
          ip: guards.ip,
        },
        contractFields(current),
        contractFields(row),
      );
      if (emailChanges) {
        await guards.revokeOtherSessions(trx);
        await guards.tellOldAddress(trx, current.email, row);
      }
      return row;
    });
    return { profile: toAdminProfile(saved, await roleOf(db, saved.role_id)) };
  } catch (err) {
    if (uniqueViolation(err) === EMAIL_KEY) throw emailTaken();
    throw err;
  }
}

const contractFields = (a: Selectable<AdminsTable>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(PROFILE_FIELDS).map(([field, column]) => [field, a[column]]));

/** Stores whether the admin is available ('1') or not ('0'), so that every tab and sign-in agrees. */
export async function updateAvailability(
  db: Kysely<DB>,
  adminId: string,
  availabilityStatus: AvailabilityStatus,
  ip: string,
): Promise<AdminProfile> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('admins')
      .select('availability_status')
      .where('id', '=', adminId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound(ADMIN_NOT_FOUND);
    const saved = await trx
      .updateTable('admins')
      .set({ availability_status: availabilityStatus, updated_at: sql<Date>`now()` })
      .where('id', '=', adminId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (before.availability_status !== availabilityStatus) {
      await recordAudit(trx, {
        action: 'admin.availabilityChanged',
        actorId: adminId,
        recordType: 'admin',
        recordId: adminId,
        ip,
        before: { availabilityStatus: before.availability_status },
        after: { availabilityStatus },
      });
    }
    return toAdminProfile(saved, await roleOf(trx, saved.role_id));
  });
}
