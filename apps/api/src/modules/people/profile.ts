import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import {
  COUNTRY_CODES,
  INFLUENCER_ONLY_FIELDS,
  PROFILE_MESSAGES,
  isAdultBirthDate,
  type UpdateUserProfileBody,
  type UserProfile,
} from '@backoffice/shared-api/contract';
import type { DB, UsersTable } from '../../db/schema';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { dollarsToCents } from '../../lib/money';
import { toUserProfile } from './fans';
import { unknownIds } from './lookups';
import { recordChanges, type Actor } from '../audit/audit';

type Errors = Record<string, string>;
type Changes = Updateable<UsersTable>;

/** Body fields stored as they come, trimmed, in the column named. */
const TEXT_FIELDS = {
  firstName: 'first_name',
  lastName: 'last_name',
  userName: 'user_name',
  email: 'email',
  displayName: 'display_name',
  phone: 'phone',
  state: 'state',
  city: 'city',
  zipCode: 'zip_code',
  address: 'address',
  bio: 'bio',
  photoId: 'photo_id',
  mainProfilePicture: 'main_profile_picture',
  profilePictureOne: 'profile_picture_one',
  profilePictureTwo: 'profile_picture_two',
} as const satisfies Partial<Record<keyof UpdateUserProfileBody, keyof UsersTable>>;

/** The schema asks for at least one character; a few spaces pass it and are nothing once trimmed. */
const REQUIRED_TEXT = ['firstName', 'lastName', 'displayName'] as const;

const COUNTRIES = new Set<string>(COUNTRY_CODES);
const TIME_ZONES = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/**
 * Whether a profile (a user's or an admin's) may be saved with this time zone: one this runtime
 * lists, or the one already stored, which is kept even when this runtime lists it under another
 * name: Node 20's ICU says Asia/Calcutta where the seed, like IANA today, says Asia/Kolkata.
 */
export const isKnownTimeZone = (tz: string, stored?: string): boolean => TIME_ZONES.has(tz) || tz === stored;

/** The unique constraints of users (migration 0001) and the field each one belongs to. */
interface Taken {
  field: 'email' | 'userName';
  message: string;
}
const EMAIL_TAKEN: Taken = { field: 'email', message: PROFILE_MESSAGES.emailTaken };
const USER_NAME_TAKEN: Taken = { field: 'userName', message: PROFILE_MESSAGES.userNameTaken };
const UNIQUE_FIELDS: Record<string, Taken> = { users_email_key: EMAIL_TAKEN, users_user_name_key: USER_NAME_TAKEN };

/** One message for the whole reply, as the schema validation writes it, plus one per field. */
export const summaryOf = (errors: Errors) => [...new Set(Object.values(errors))].join('; ');

/** Trimmed, without empty ones, and once each whatever their case (the first spelling is kept). */
function cleanKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of keywords) {
    const k = raw.trim();
    if (k && !seen.has(k.toLowerCase())) {
      seen.add(k.toLowerCase());
      kept.push(k);
    }
  }
  return kept;
}

/**
 * A link must say what it links to. Rows left without an address are dropped (the form shows one
 * empty row by default); with none left, the default single empty entry is stored, as the spec says.
 */
function cleanSocialLinks(links: NonNullable<UpdateUserProfileBody['socialMedia']>, errors: Errors): string {
  const trimmed = links.map((l) => ({ url: l.url.trim(), type: l.type }));
  trimmed.forEach((l, i) => {
    if (l.url && l.type === null) errors[`socialMedia.${i}.type`] = PROFILE_MESSAGES.socialType;
  });
  const kept = trimmed.filter((l) => l.url);
  return JSON.stringify(kept.length ? kept : [{ url: '', type: null }]);
}

/**
 * The checks the schema cannot make (they need the calendar, the lists, the database or the user's
 * kind), and the columns the body changes. Every problem is reported, so a form can mark them all.
 */
async function changesFor(
  db: Kysely<DB>,
  user: Selectable<UsersTable>,
  body: UpdateUserProfileBody,
): Promise<{ changes: Changes; errors: Errors }> {
  const errors: Errors = {};
  const changes: Changes = {};

  if (!user.is_influencer) {
    for (const field of INFLUENCER_ONLY_FIELDS) {
      if (body[field] !== undefined) errors[field] = PROFILE_MESSAGES.influencerOnly;
    }
  }

  for (const [field, col] of Object.entries(TEXT_FIELDS) as Array<[keyof typeof TEXT_FIELDS, string]>) {
    const value = body[field];
    if (value !== undefined) (changes as Record<string, unknown>)[col] = value.trim();
  }
  for (const field of REQUIRED_TEXT) {
    if (body[field] !== undefined && !body[field].trim()) errors[field] = PROFILE_MESSAGES.required;
  }

  if (body.dob !== undefined) {
    if (body.dob === '') changes.dob = null;
    else if (isAdultBirthDate(body.dob)) changes.dob = body.dob;
    else errors.dob = PROFILE_MESSAGES.dob;
  }
  if (body.country !== undefined) {
    if (body.country === '') changes.country = null;
    else if (COUNTRIES.has(body.country)) changes.country = body.country;
    else errors.country = PROFILE_MESSAGES.country;
  }
  if (body.timeZone !== undefined) {
    const tz = body.timeZone.trim();
    if (tz === '' || isKnownTimeZone(tz, user.time_zone)) changes.time_zone = tz;
    else errors.timeZone = PROFILE_MESSAGES.timeZone;
  }
  if (body.gender !== undefined) changes.gender = body.gender;
  if (body.displayfullName !== undefined) changes.display_full_name = body.displayfullName;
  if (body.searchKeywords !== undefined) changes.search_keywords = cleanKeywords(body.searchKeywords);
  if (body.socialMedia !== undefined) changes.social_media = cleanSocialLinks(body.socialMedia, errors);
  if (body.callChargesPerMin !== undefined) changes.call_charges_per_min_cents = dollarsToCents(body.callChargesPerMin);
  if (body.callDurationInMin !== undefined) changes.call_duration_in_min = body.callDurationInMin;

  const [badCategories, badLanguages] = await Promise.all([
    unknownIds(db, 'categories', body.category ?? []),
    unknownIds(db, 'languages', body.spokenLanguage ?? []),
  ]);
  if (badCategories.length) errors.category = PROFILE_MESSAGES.unknownCategory;
  else if (body.category !== undefined) changes.category = body.category;
  if (badLanguages.length) errors.spokenLanguage = PROFILE_MESSAGES.unknownLanguage;
  else if (body.spokenLanguage !== undefined) changes.spoken_language = body.spokenLanguage;

  return { changes, errors };
}

/** 409 on each of email and userName that another account holds, compared case-insensitively (citext). */
async function takenByOthers(db: Kysely<DB>, id: string, changes: Changes): Promise<Errors> {
  const errors: Errors = {};
  const checks = [
    { col: 'email' as const, value: changes.email, taken: EMAIL_TAKEN },
    { col: 'user_name' as const, value: changes.user_name, taken: USER_NAME_TAKEN },
  ];
  for (const c of checks) {
    if (typeof c.value !== 'string') continue;
    const other = await db
      .selectFrom('users')
      .select('id')
      .where(c.col, '=', c.value)
      .where('id', '!=', id)
      .limit(1)
      .executeTakeFirst();
    if (other) errors[c.taken.field] = c.taken.message;
  }
  return errors;
}

/**
 * Changes only the fields sent. Nothing is saved unless every field is acceptable: 400 for bad
 * values, 409 for an email or user name another account holds (also when another request takes it
 * between the check and the write: the unique index decides). The fields that really changed are
 * recorded in the audit log with the change; the user is locked from the read of what it was.
 */
export async function updateUserProfile(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  body: UpdateUserProfileBody,
): Promise<UserProfile> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!user) throw notFound('User not found');

    const { changes: columns, errors } = await changesFor(trx, user, body);
    if (Object.keys(errors).length) throw badRequest(summaryOf(errors), errors);
    const taken = await takenByOthers(trx, id, columns);
    if (Object.keys(taken).length) throw conflict(summaryOf(taken), taken);

    let saved: Selectable<UsersTable> | undefined;
    try {
      saved = await trx
        .updateTable('users')
        .set({ ...columns, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    } catch (err) {
      const taken = UNIQUE_FIELDS[uniqueViolation(err) ?? ''];
      if (taken) throw conflict(taken.message, { [taken.field]: taken.message });
      throw err;
    }
    if (!saved) throw notFound('User not found');
    const profile = toUserProfile(saved);
    await recordChanges(
      trx,
      { action: 'user.profileUpdated', actorId: actor.adminId, ip: actor.ip, recordType: 'user', recordId: id },
      pick(toUserProfile(user), body),
      pick(profile, body),
    );
    return profile;
  });
}

/** The profile's fields that the body sent, under the contract's names (both use the same ones). */
function pick(profile: UserProfile, body: UpdateUserProfileBody): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(body)) {
    if (key in profile) out[key] = profile[key as keyof UserProfile];
  }
  return out;
}
