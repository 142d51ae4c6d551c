import { sql, type Kysely } from 'kysely';
import {
  emit,
  type EventMessage,
  type DecideRequestBody,
  type RequestDetail,
  type RequestListQuery,
  type RequestRow,
  type RequestSort,
} from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound, type HttpError } from '../../lib/http-errors';
import { alreadyDecided } from '../../lib/decisions';
import {
  iso,
  isoOrNull,
  listPage,
  listParamsOf,
  listPopulation,
  normaliseSearch,
  pageOf,
  peopleSearchPageIds,
  type ListPage,
} from '../../lib/list';
import { recordAudit, type Actor, type MarketplaceActor } from '../audit/audit';
import { renderTemplate } from '../mail/mailer';
import { queueEmail } from '../mail/outbox';
import { toUserProfile } from './fans';
import { peopleMatching, personNames, personSearch } from './user-list';

export const REQUEST_MESSAGES = {
  notFound: 'Request not found',
  userNotFound: 'User not found',
  reasonRequired: 'Give the reason for the rejection',
  alreadyInfluencer: 'This user is already an influencer',
  alreadyPending: 'This user already has a pending request',
} as const;

/** The template each decision emails the applicant with (seeded; mailer.ts has fallbacks). */
const DECISION_TEMPLATES = {
  approved: 'influencer-request-approved',
  rejected: 'influencer-request-rejected',
} as const;

/**
 * "Requested on" is the request's own date; every other sort is the applicant's column, read from
 * the copy the database keeps on the request (migration 0010), each with its index.
 */
const REQUEST_SORT_COLUMNS: Record<RequestSort, string[]> = {
  updatedAt: ['r.updated_at'],
  createdAt: ['r.sort_user_created_at'],
  name: ['r.sort_first_name', 'r.sort_last_name'],
  userName: ['r.sort_user_name'],
  displayName: ['r.sort_display_name'],
  email: ['r.sort_email'],
};
const requestSortColumns = (sort: RequestSort): string[] => REQUEST_SORT_COLUMNS[sort];

function toRequestRow(r: {
  id: string;
  user_id: string;
  user_name: string;
  display_name: string;
  email: string;
  first_name: string;
  last_name: string;
  user_created_at: Date | string;
  updated_at: Date | string;
  status: RequestRow['status'];
}): RequestRow {
  return {
    _id: r.id,
    userId: r.user_id,
    ...personNames(r),
    createdAt: iso(r.user_created_at),
    updatedAt: iso(r.updated_at),
    status: r.status,
  };
}

const REQUEST_ROW_COLUMNS = [
  'r.id',
  'r.user_id',
  'u.user_name',
  'u.display_name',
  'u.email',
  'u.first_name',
  'u.last_name',
  'u.created_at as user_created_at',
  'r.updated_at',
  'r.status',
] as const;

const withApplicant = (db: Kysely<DB>) =>
  db.selectFrom('influencer_requests as r').innerJoin('users as u', 'u.id', 'r.user_id');

/** The requests a list query selects, with their applicant, before paging (what its total counts). */
export function filteredRequests(db: Kysely<DB>, q: Pick<RequestListQuery, 'search' | 'status'>) {
  let base = withApplicant(db);
  const search = normaliseSearch(q.search);
  if (search) base = base.where((eb) => eb.or(personSearch(search, { alias: 'u', fullName: true })));
  if (q.status) base = base.where('r.status', '=', q.status);
  return base;
}

/** One page of requests in the query's order, without counting them all. */
export async function requestsPage(db: Kysely<DB>, q: RequestListQuery): Promise<RequestRow[]> {
  const rows = await pageOf(
    filteredRequests(db, q).select(REQUEST_ROW_COLUMNS),
    [...requestSortColumns(q.sortBy ?? 'updatedAt'), 'r.id'],
    listParamsOf(q),
  );
  return rows.map(toRequestRow);
}

export async function listRequests(db: Kysely<DB>, q: RequestListQuery): Promise<ListPage<RequestRow>> {
  const sortBy = q.sortBy ?? 'updatedAt';
  const search = normaliseSearch(q.search);
  return listPage({
    db,
    params: listParamsOf(q),
    filtered: filteredRequests(db, q),
    table: withApplicant(db),
    id: 'r.id',
    sort: [...requestSortColumns(sortBy), 'r.id'].map((c) => ({ by: sql.ref(c) })),
    rows: (from) => from.select(REQUEST_ROW_COLUMNS),
    counted: search ? undefined : { list: 'influencer_requests', status: q.status },
    estimate: !search,
    dayColumn: sortBy === 'updatedAt' ? 'r.updated_at' : undefined,
    // A name search in the default order: through the applicants found first (see peopleSearchPageIds).
    pageIds:
      search && sortBy === 'updatedAt'
        ? peopleSearchPageIds({
            people: peopleMatching(db, search, { by: 'person', among: 'applicants' }),
            rows: () => {
              const all = db.selectFrom('influencer_requests as r');
              return q.status ? all.where('r.status', '=', q.status) : all;
            },
            personColumns: ['r.user_id'],
            sortColumn: 'r.updated_at',
            id: 'r.id',
            population: listPopulation({ list: 'influencer_requests' }),
          })
        : undefined,
    pageIdsCount: true,
    toRow: toRequestRow,
  });
}

export async function getRequestDetail(db: Kysely<DB>, id: string): Promise<RequestDetail> {
  const r = await db
    .selectFrom('influencer_requests as r')
    .leftJoin('admins as a', 'a.id', 'r.decided_by')
    .select([
      'r.id',
      'r.user_id',
      'r.status',
      'r.reason',
      'r.created_at',
      'r.updated_at',
      'r.decided_at',
      'r.decided_by',
      'a.first_name',
      'a.last_name',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound(REQUEST_MESSAGES.notFound);
  const applicant = await db.selectFrom('users').selectAll().where('id', '=', r.user_id).executeTakeFirst();
  // the applicant's account was deleted a moment ago, taking the request with it (ON DELETE CASCADE)
  if (!applicant) throw notFound(REQUEST_MESSAGES.notFound);
  return {
    _id: r.id,
    status: r.status,
    reason: r.reason,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    decidedAt: isoOrNull(r.decided_at),
    decidedBy: r.decided_by ? { _id: r.decided_by, firstName: r.first_name ?? '', lastName: r.last_name ?? '' } : null,
    applicant: toUserProfile(applicant),
  };
}

/** Why a request that is no longer pending cannot be decided: 404 if it never existed, else 409 naming the decision. */
async function notPending(db: Kysely<DB>, id: string): Promise<HttpError> {
  const r = await db
    .selectFrom('influencer_requests as r')
    .leftJoin('admins as a', 'a.id', 'r.decided_by')
    .select(['r.status', 'r.decided_at', 'r.updated_at', 'a.first_name', 'a.last_name'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!r) return notFound(REQUEST_MESSAGES.notFound);
  return alreadyDecided('This request', r);
}

export interface Decision {
  detail: RequestDetail;
  /** What open screens are told: the decision, and the applicant's new role when approved. */
  events: EventMessage<'influencerRequestDecided' | 'userUpdated'>[];
}

/**
 * Decides a pending request, once. The conditional UPDATE is the lock: of two admins deciding at
 * the same moment, exactly one changes the row and the other finds it no longer pending (409).
 * The applicant's email is queued in the decision's transaction and the socket event follows the
 * commit, so neither can announce a decision that was rolled back, and a mail server that is down
 * can neither undo one nor hold the reply (the outbox's worker sends it).
 */
export async function decideRequest(ctx: AppContext, actor: Actor, body: DecideRequestBody): Promise<Decision> {
  const reason = body.reason?.trim() ?? '';
  if (body.decision === 'rejected' && !reason) {
    throw badRequest(REQUEST_MESSAGES.reasonRequired, { reason: REQUEST_MESSAGES.reasonRequired });
  }

  const userId = await ctx.db.transaction().execute(async (trx) => {
    const decided = await trx
      .updateTable('influencer_requests')
      .set({
        status: body.decision,
        reason,
        decided_by: actor.adminId,
        decided_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', body.id)
      .where('status', '=', 'pending')
      .returning('user_id')
      .executeTakeFirst();
    // inside the transaction: on PGlite it holds the only connection
    if (!decided) throw await notPending(trx, body.id);
    if (body.decision === 'approved') {
      await trx
        .updateTable('users')
        .set({ is_influencer: true, accept_influencer_terms: true, updated_at: sql<Date>`now()` })
        .where('id', '=', decided.user_id)
        .execute();
    }
    await recordAudit(trx, {
      action: body.decision === 'approved' ? 'influencerRequest.approved' : 'influencerRequest.rejected',
      actorId: actor.adminId,
      ip: actor.ip,
      recordType: 'influencerRequest',
      recordId: body.id,
      before: { status: 'pending' },
      after: { status: body.decision, ...(reason ? { reason } : {}) },
    });
    const applicant = await trx
      .selectFrom('users')
      .select(['email', 'first_name', 'display_name'])
      .where('id', '=', decided.user_id)
      .executeTakeFirstOrThrow();
    const mail = await renderTemplate(trx, DECISION_TEMPLATES[body.decision], {
      firstName: applicant.first_name,
      displayName: applicant.display_name,
      reason,
    });
    await queueEmail(ctx, trx, { to: applicant.email, ...mail });
    return decided.user_id;
  });

  const detail = await getRequestDetail(ctx.db, body.id);
  const events = [
    emit('influencerRequestDecided', { _id: detail._id, status: detail.status }),
    ...(body.decision === 'approved' ? [emit('userUpdated', { _id: userId })] : []),
  ];

  return { detail, events };
}

/**
 * Files a fan's application. The partial unique index (one pending request per user) is what
 * refuses a second one, so two applications sent at once cannot both be filed.
 */
export async function createInfluencerRequest(
  db: Kysely<DB>,
  userId: string,
  filedBy: MarketplaceActor,
): Promise<RequestRow> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'is_influencer', 'user_name', 'display_name', 'email', 'first_name', 'last_name', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound(REQUEST_MESSAGES.userNotFound);
  if (user.is_influencer) {
    throw conflict(REQUEST_MESSAGES.alreadyInfluencer, { userId: REQUEST_MESSAGES.alreadyInfluencer });
  }
  try {
    const r = await db.transaction().execute(async (trx) => {
      const filed = await trx
        .insertInto('influencer_requests')
        .values({ user_id: userId })
        .returning(['id', 'user_id', 'updated_at', 'status'])
        .executeTakeFirstOrThrow();
      // Filed by the marketplace, not by an admin: the key that filed it and the caller's address.
      await recordAudit(trx, {
        action: 'influencerRequest.created',
        actorId: null,
        actorEmail: filedBy.actorEmail,
        ip: filedBy.ip,
        recordType: 'influencerRequest',
        recordId: filed.id,
        after: { userId, status: filed.status },
      });
      return filed;
    });
    return toRequestRow({ ...user, ...r, user_created_at: user.created_at });
  } catch (err) {
    if (uniqueViolation(err) === 'influencer_requests_one_pending') {
      throw conflict(REQUEST_MESSAGES.alreadyPending, { userId: REQUEST_MESSAGES.alreadyPending });
    }
    if (foreignKeyViolation(err)) throw notFound(REQUEST_MESSAGES.userNotFound);
    throw err;
  }
}
