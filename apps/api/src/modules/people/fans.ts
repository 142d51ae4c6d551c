import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  ChangeStatusResult,
  FanDetails,
  FanDetailSection,
  FanListQuery,
  PersonRow,
  UserProfile,
  UserStatus,
} from '@backoffice/shared-api/contract';
import type { DB, UsersTable } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { dollarsFromCents } from '../../lib/money';
import {
  containsPattern,
  countRows,
  ilike,
  iso,
  isoOrNull,
  normaliseSearch,
  pageAndCount,
  paginationOf,
  type ListPage,
} from '../../lib/list';
import { listUsers } from './user-list';
import { recordAudit, type Actor } from '../audit/audit';

/** Fans are the users who are not influencers; the list query is shared with the influencers'. */
/** A fan's own tables are counted exactly: one fan's rows are few, and the simple pager reads the total as is. */
const EXACT = { exact: true };

export const listFans = (db: Kysely<DB>, q: FanListQuery): Promise<ListPage<PersonRow>> => listUsers(db, 'fan', q);

export function toUserProfile(u: Selectable<UsersTable>): UserProfile {
  return {
    _id: u.id,
    firstName: u.first_name,
    lastName: u.last_name,
    userName: u.user_name,
    email: u.email,
    displayName: u.display_name,
    isInfluencer: u.is_influencer,
    isEmailVerified: u.is_email_verified,
    timeZone: u.time_zone,
    phone: u.phone,
    is18Plus: u.is_18_plus,
    acceptTerms: u.accept_terms,
    acceptPrivacy: u.accept_privacy,
    acceptinfluencerTerms: u.accept_influencer_terms,
    photoId: u.photo_id,
    pictureId: u.picture_id,
    gender: u.gender,
    callChargesPerMin: dollarsFromCents(u.call_charges_per_min_cents),
    dob: u.dob ? String(u.dob).slice(0, 10) : '',
    country: u.country ?? '',
    state: u.state,
    city: u.city,
    zipCode: u.zip_code,
    callDurationInMin: u.call_duration_in_min,
    mainProfilePicture: u.main_profile_picture,
    profilePictureOne: u.profile_picture_one,
    profilePictureTwo: u.profile_picture_two,
    address: u.address,
    bio: u.bio,
    searchKeywords: u.search_keywords ?? [],
    spokenLanguage: u.spoken_language ?? [],
    socialMedia: u.social_media?.length ? u.social_media : [{ url: '', type: null }],
    category: u.category ?? [],
    displayfullName: u.display_full_name,
    status: u.status,
    lastLoginAt: isoOrNull(u.last_login_at),
    lastLogoutAt: isoOrNull(u.last_logout_at),
    createdAt: iso(u.created_at),
    updatedAt: iso(u.updated_at),
  };
}

/** A profile of the given kind only: a fan's id asked for as an influencer's is not found. */
export async function getProfileOf(
  db: Kysely<DB>,
  id: string,
  role: 'fan' | 'influencer',
  notFoundMessage: string,
): Promise<UserProfile> {
  const u = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('is_influencer', '=', role === 'influencer')
    .executeTakeFirst();
  if (!u) throw notFound(notFoundMessage);
  return toUserProfile(u);
}

export const getFan = (db: Kysely<DB>, id: string) => getProfileOf(db, id, 'fan', 'Fan not found');

/**
 * Activates or deactivates an account. The row is locked while it is read, so that the audit entry
 * names the status it really had; setting the status it already has changes nothing and records
 * nothing.
 */
export async function changeUserStatus(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  status: UserStatus,
): Promise<ChangeStatusResult> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('users').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) throw notFound('User not found');
    if (current.status === status) return { _id: id, status: current.status };
    const row = await trx
      .updateTable('users')
      .set({ status, updated_at: new Date() })
      .where('id', '=', id)
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      action: 'user.statusChanged',
      actorId: actor.adminId,
      ip: actor.ip,
      recordType: 'user',
      recordId: id,
      before: { status: current.status },
      after: { status: row.status },
    });
    return { _id: row.id, status: row.status };
  });
}

interface SectionQuery {
  page: number;
  limit: number;
  search?: string;
}

/** Every section lists newest first; the id breaks ties so that pages never overlap. */
const NEWEST_FIRST = ['created_at', 'id'];

/**
 * The fan detail screen in one reply. Page, limit and search apply to the section `tab` names; the
 * others come back at their first page, so switching tabs shows data at once.
 */
export async function getFanDetails(
  db: Kysely<DB>,
  id: string,
  q: { tab?: FanDetailSection; page?: number; limit?: number; search?: string },
): Promise<FanDetails> {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'display_name',
      'user_name',
      'main_profile_picture',
      'status',
      'email',
      'last_login_at',
      'last_logout_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) throw notFound('Fan not found');

  const first: SectionQuery = { page: 1, limit: 10 };
  const section = (name: FanDetailSection): SectionQuery =>
    q.tab === name ? { page: q.page ?? 1, limit: q.limit ?? 10, search: normaliseSearch(q.search) } : first;

  const [calls, transactions, refunds, codes] = await Promise.all([
    videoCalls(db, id, section('videoCalls')),
    fanTransactions(db, id, section('transactions')),
    fanRefunds(db, id, section('refunds')),
    fanDiscountCodes(db, id, section('discountCodes')),
  ]);

  return {
    userDetails: {
      _id: user.id,
      displayName: user.display_name,
      userName: user.user_name,
      mainProfilePicture: user.main_profile_picture,
      status: user.status,
      email: user.email,
      lastLoginAt: isoOrNull(user.last_login_at),
      lastLogoutAt: isoOrNull(user.last_logout_at),
    },
    totalUserCalls: calls.totalAll,
    videoCalls: calls.section,
    transactions,
    refunds,
    discountCodes: codes,
  };
}

async function videoCalls(db: Kysely<DB>, userId: string, s: SectionQuery) {
  const mine = db
    .selectFrom('video_calls')
    .where((eb) => eb.or([eb('host_id', '=', userId), eb('receiver_id', '=', userId)]));
  const filtered = s.search ? mine.where(ilike('id', containsPattern(s.search))) : mine;
  const [{ rows, total }, totalAll] = await Promise.all([
    pageAndCount(
      db,
      filtered.select(['id', 'started_at', 'ended_at', 'status']),
      filtered,
      NEWEST_FIRST,
      {
        ...s,
        order: 'desc',
      },
      EXACT,
    ),
    s.search ? countRows(mine) : undefined,
  ]);
  return {
    totalAll: totalAll ?? total,
    section: {
      data: rows.map((r) => ({
        _id: r.id,
        startedAt: isoOrNull(r.started_at),
        endedAt: isoOrNull(r.ended_at),
        status: r.status,
      })),
      pagination: paginationOf(s.page, s.limit, total),
    },
  };
}

/**
 * The money a fan's payments or refunds moved. A failed payment or refund moved none, so it is
 * listed in its table but not counted in the card's total.
 */
async function settledCents(db: Kysely<DB>, table: 'transactions' | 'refunds', userId: string): Promise<number> {
  const row = await db
    .selectFrom(table as 'transactions')
    .where('user_id', '=', userId)
    .where('status', '!=', 'failed')
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'))
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

async function fanTransactions(db: Kysely<DB>, userId: string, s: SectionQuery) {
  const mine = db.selectFrom('transactions').where('user_id', '=', userId);
  const filtered = s.search ? mine.where(ilike('transaction_id', containsPattern(s.search))) : mine;
  const [{ rows, total }, sum] = await Promise.all([
    pageAndCount(
      db,
      filtered.select(['id', 'transaction_id', 'order_id', 'amount_cents', 'created_at']),
      filtered,
      NEWEST_FIRST,
      { ...s, order: 'desc' },
      EXACT,
    ),
    settledCents(db, 'transactions', userId),
  ]);
  return {
    totalAmount: dollarsFromCents(sum),
    data: rows.map((r) => ({
      _id: r.id,
      transactionId: r.transaction_id,
      orderId: r.order_id,
      amount: dollarsFromCents(r.amount_cents),
      createdAt: iso(r.created_at),
    })),
    pagination: paginationOf(s.page, s.limit, total),
  };
}

async function fanRefunds(db: Kysely<DB>, userId: string, s: SectionQuery) {
  const mine = db.selectFrom('refunds').where('user_id', '=', userId);
  const filtered = s.search ? mine.where(ilike('order_id', containsPattern(s.search))) : mine;
  const [{ rows, total }, sum] = await Promise.all([
    pageAndCount(
      db,
      filtered.select(['id', 'order_id', 'amount_cents', 'transfer_to', 'status', 'created_at']),
      filtered,
      NEWEST_FIRST,
      { ...s, order: 'desc' },
      EXACT,
    ),
    settledCents(db, 'refunds', userId),
  ]);
  return {
    totalRefundAmount: dollarsFromCents(sum),
    data: rows.map((r) => ({
      _id: r.id,
      orderId: r.order_id,
      amount: dollarsFromCents(r.amount_cents),
      transfer_to: r.transfer_to,
      status: r.status,
      createdAt: iso(r.created_at),
    })),
    pagination: paginationOf(s.page, s.limit, total),
  };
}

async function fanDiscountCodes(db: Kysely<DB>, userId: string, s: SectionQuery) {
  const mine = db
    .selectFrom('redemptions as r')
    .innerJoin('discount_codes as dc', 'dc.id', 'r.discount_code_id')
    .where('r.user_id', '=', userId);
  const filtered = s.search ? mine.where(ilike('dc.code_name', containsPattern(s.search))) : mine;
  const [{ rows, total }, all] = await Promise.all([
    pageAndCount(
      db,
      filtered.select(['r.id', 'r.discount_code_id', 'dc.code_name', 'dc.type', 'r.discount_amount_cents']),
      filtered,
      ['r.created_at', 'r.id'],
      { ...s, order: 'desc' },
      EXACT,
    ),
    countRows(mine),
  ]);
  return {
    totalDiscountCodeRedeem: all,
    data: rows.map((r) => ({
      _id: r.id,
      discountCodeId: r.discount_code_id as string,
      discountCodeName: r.code_name,
      discountCodeType: r.type,
      discountAmount: dollarsFromCents(r.discount_amount_cents),
    })),
    pagination: paginationOf(s.page, s.limit, total),
  };
}
