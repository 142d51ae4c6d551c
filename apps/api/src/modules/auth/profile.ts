import { sql, type Kysely, type Selectable } from 'kysely';
import {
  PROFILE_MESSAGES,
  type AdminProfile,
  type AvailabilityStatus,
  type UpdateAdminProfileBody,
} from '@backoffice/shared-api/contract';
import type { AdminsTable, DB } from '../../db/schema';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isKnownTimeZone, summaryOf } from '../people/profile';

const ADMIN_NOT_FOUND = 'Admin not found';
/** The unique constraint on admins.email (migration 0001; citext, so compared case-insensitively). */
const EMAIL_KEY = 'admins_email_key';

export function toAdminProfile(a: Selectable<AdminsTable>): AdminProfile {
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
  };
}

export async function getAdminProfile(db: Kysely<DB>, adminId: string): Promise<AdminProfile> {
  const a = await db.selectFrom('admins').selectAll().where('id', '=', adminId).executeTakeFirst();
  if (!a) throw notFound(ADMIN_NOT_FOUND);
  return toAdminProfile(a);
}

const emailTaken = () => conflict(PROFILE_MESSAGES.emailTaken, { email: PROFILE_MESSAGES.emailTaken });

/**
 * Saves the admin's own profile, every field at once. Nothing is saved unless every field is
 * acceptable: 400 naming each bad field (names blank once trimmed, a time zone the server does not
 * know), then 409 when another admin has the email (also when one takes it between the check and
 * the write: the unique constraint decides).
 */
export async function updateAdminProfile(
  db: Kysely<DB>,
  adminId: string,
  body: UpdateAdminProfileBody,
): Promise<AdminProfile> {
  const current = await db.selectFrom('admins').select('time_zone').where('id', '=', adminId).executeTakeFirst();
  if (!current) throw notFound(ADMIN_NOT_FOUND);

  const values = {
    first_name: body.firstName.trim(),
    last_name: body.lastName.trim(),
    email: body.email.trim(),
    bio: body.bio.trim(),
    main_profile_picture: body.mainProfilePicture,
    time_zone: body.timeZone.trim(),
  };
  const errors: Record<string, string> = {};
  // The schema asks for one character; a few spaces pass it and are nothing once trimmed.
  if (!values.first_name) errors.firstName = PROFILE_MESSAGES.required;
  if (!values.last_name) errors.lastName = PROFILE_MESSAGES.required;
  if (!isKnownTimeZone(values.time_zone, current.time_zone)) errors.timeZone = PROFILE_MESSAGES.timeZone;
  if (Object.keys(errors).length) throw badRequest(summaryOf(errors), errors);

  const other = await db
    .selectFrom('admins')
    .select('id')
    .where('email', '=', values.email)
    .where('id', '!=', adminId)
    .executeTakeFirst();
  if (other) throw emailTaken();

  try {
    const saved = await db
      .updateTable('admins')
      .set({ ...values, updated_at: sql<Date>`now()` })
      .where('id', '=', adminId)
      .returningAll()
      .executeTakeFirst();
    if (!saved) throw notFound(ADMIN_NOT_FOUND);
    return toAdminProfile(saved);
  } catch (err) {
    if (uniqueViolation(err) === EMAIL_KEY) throw emailTaken();
    throw err;
  }
}

/** Stores whether the admin is available ('1') or not ('0'), so that every tab and sign-in agrees. */
export async function updateAvailability(
  db: Kysely<DB>,
  adminId: string,
  availabilityStatus: AvailabilityStatus,
): Promise<AdminProfile> {
  const saved = await db
    .updateTable('admins')
    .set({ availability_status: availabilityStatus, updated_at: sql<Date>`now()` })
    .where('id', '=', adminId)
    .returningAll()
    .executeTakeFirst();
  if (!saved) throw notFound(ADMIN_NOT_FOUND);
  return toAdminProfile(saved);
}
