import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import {
  isUuid,
  CATALOG_MESSAGES,
  type CallDetail,
  type CallListQuery,
  type CallRow,
  type CallSort,
  type CallStatus,
  type RefundDestination,
  type RefundStatus,
  type TransactionStatus,
  type TransactionType,
  type UserRef,
} from '@backoffice/shared-api/contract';
import { peopleMatching } from '../people/user-list';
import type { DB } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import {
  iso,
  isoOrNull,
  listPage,
  listParamsOf,
  normaliseSearch,
  peopleSearchPageIds,
  withinRange,
  type ListPage,
} from '../../lib/list';
import { dollarsFromCents } from '../../lib/money';
import { sumSpans, VIDEO_CALL_TOTALS } from '../dashboard/totals';

/**
 * An ongoing call's length is not known yet (its end is the epoch, spec section 4), nor is that of
 * a call that never started: both are null. Written exactly as the indexes of migration 0004 are,
 * the epoch as a literal (a bound parameter would not match them).
 */
const DURATION = sql`(CASE WHEN c.ended_at <> '1970-01-01T00:00:00Z' THEN c.ended_at - c.started_at END)`;

interface SortSpec {
  by: ReadonlyArray<RawBuilder<unknown>>;
  /** Unknown values come last whichever the direction; migration 0004 indexes both directions. */
  nullsLast?: boolean;
}

/**
 * What each sort orders by, each matching an index (migrations 0001 and 0004); the call id comes
 * last so that ties page stably. Status is followed by the date, as its index is, so that the calls
 * of one status read newest first. The party names order by the party (name, then id, so that
 * namesakes do not interleave) and then the call id: the plan walks users' (display_name, id) index
 * into each party's calls (0001's host and receiver indexes) and sorts only one party's calls at a
 * time, never the whole table.
 */
const SORTS: Record<CallSort, SortSpec> = {
  createdAt: { by: [sql`c.created_at`] },
  startedAt: { by: [sql`c.started_at`], nullsLast: true },
  duration: { by: [DURATION], nullsLast: true },
  hostName: { by: [sql`h.display_name`, sql`c.host_id`] },
  receiverName: { by: [sql`r.display_name`, sql`c.receiver_id`] },
  transactionTotal: { by: [sql`c.transaction_total_cents`] },
  earnAmount: { by: [sql`c.earn_amount_cents`] },
  refundedAmount: { by: [sql`c.refunded_amount_cents`] },
  status: { by: [sql`c.status`, sql`c.created_at`] },
};

/** The first characters of a call id, as the screens show it ("1a2b3c4d…"). */
const ID_PREFIX = /^[0-9a-f][0-9a-f-]{0,34}$/;

/**
 * How a search names a call by its id, if it can: the whole id (the primary key), or its first
 * characters as the screens show them (migration 0004's text_pattern_ops index on id::text).
 */
function idMatch(search: string): ((column: string) => Expression<SqlBool>) | undefined {
  const s = search.toLowerCase();
  if (isUuid(s)) return (column) => sql<boolean>`${sql.ref(column)} = ${s}::uuid`;
  // id::text is lower case hex and dashes; the prefix holds neither % nor _
  if (ID_PREFIX.test(s)) return (column) => sql<boolean>`${sql.ref(column)}::text LIKE ${`${s}%`}`;
  return undefined;
}

/**
 * The calls a list query selects, before paging and without the parties joined, so that it counts
 * cheaply. The search finds the parties through users' trigram indexes, then their calls through
 * the calls' host and receiver indexes; a call id is found whole or by its first characters.
 */
export function filteredCalls(db: Kysely<DB>, q: Pick<CallListQuery, 'search' | 'status' | 'from' | 'to'>) {
  let base = db.selectFrom('video_calls as c');
  const search = normaliseSearch(q.search);
  if (search) {
    const parties = peopleMatching(db, search, { by: 'names' });
    const byId = idMatch(search);
    if (search.length >= 3) {
      // Each way through its own index, then merged: one OR can only filter every call (4x slower
      // for a name with few calls at 20,000 calls, and growing with the table).
      base = base.where('c.id', 'in', callSearchMatches(db, q, search));
    } else {
      // Under three characters pg_trgm has no trigram to look up: every user is read anyway, and
      // one pass over the calls with a hashed set of parties is the cheaper plan.
      base = base.where((eb) =>
        eb.or([eb('c.host_id', 'in', parties), eb('c.receiver_id', 'in', parties), ...(byId ? [byId('c.id')] : [])]),
      );
    }
  }
  return narrowCalls(base, q);
}

/** The list's filters other than the search: status, and when the call was requested (its Date). */
function narrowCalls<D, T extends keyof D, O>(
  qb: SelectQueryBuilder<D, T, O>,
  q: Pick<CallListQuery, 'status' | 'from' | 'to'>,
): SelectQueryBuilder<D, T, O> {
  const narrowed = q.status ? qb.where(sql<boolean>`c.status = ${q.status}`) : qb;
  return withinRange(narrowed, 'c.created_at', q);
}

/**
 * The ids of the calls a search of three characters or more matches, with the list's other
 * filters: each party side through its own index, and the call id, then merged (one OR can only
 * filter every call: 4x slower for a name with few calls at 20,000 calls, and growing with the
 * table). Counted as it is (see transactionSearchMatches).
 */
function callSearchMatches(
  db: Kysely<DB>,
  q: Pick<CallListQuery, 'status' | 'from' | 'to'>,
  search: string,
  counting = false,
) {
  return callSearchRows(db, q, search, (calls) => calls.select('c.id'), counting);
}

/**
 * One page of a search's calls in date order: the matching parties' newest calls as host and as
 * receiver, or the newest calls of any matching party (see peopleSearchPageIds), merged with the
 * calls whose id matches.
 */
function callSearchPageIds(db: Kysely<DB>, q: Pick<CallListQuery, 'status' | 'from' | 'to'>, search: string) {
  const byId = idMatch(search);
  return peopleSearchPageIds({
    people: peopleMatching(db, search, { by: 'names' }),
    rows: () => narrowCalls(callsFrom(db), q),
    personColumns: ['c.host_id', 'c.receiver_id'],
    ownMatches: byId ? [(rows) => rows.where(byId('c.id'))] : [],
    sortColumn: 'c.created_at',
    id: 'c.id',
  });
}

type CallsFrom = ReturnType<typeof callsFrom>;
const callsFrom = (db: Kysely<DB>) => db.selectFrom('video_calls as c');

function callSearchRows<O>(
  db: Kysely<DB>,
  q: Pick<CallListQuery, 'status' | 'from' | 'to'>,
  search: string,
  columns: (calls: CallsFrom) => SelectQueryBuilder<DB & { c: DB['video_calls'] }, 'c', O>,
  counting = false,
) {
  const parties = peopleMatching(db, search, { by: 'names' });
  const calls = () => columns(narrowCalls(callsFrom(db), q));
  const byId = idMatch(search);
  if (counting) {
    // Kept apart instead of merged (a merge reads every match first), so that counting stops at
    // the limit: each way leaves out the calls an earlier one found.
    let apart = calls()
      .where('c.host_id', 'in', parties)
      .unionAll(calls().where('c.receiver_id', 'in', parties).where('c.host_id', 'not in', parties));
    if (byId) {
      apart = apart.unionAll(
        calls().where(byId('c.id')).where('c.host_id', 'not in', parties).where('c.receiver_id', 'not in', parties),
      );
    }
    return apart;
  }
  let matched = calls()
    .where('c.host_id', 'in', parties)
    .union(calls().where('c.receiver_id', 'in', parties));
  if (byId) matched = matched.union(calls().where(byId('c.id')));
  return matched;
}

/** The selected calls with both parties: every column a row of the list shows. */
function callRows(base: ReturnType<typeof filteredCalls>) {
  return base
    .innerJoin('users as h', 'h.id', 'c.host_id')
    .innerJoin('users as r', 'r.id', 'c.receiver_id')
    .select([
      'c.id',
      'c.status',
      'c.created_at',
      'c.updated_at',
      'c.started_at',
      'c.ended_at',
      'c.transaction_total_cents',
      'c.earn_amount_cents',
      'c.refunded_amount_cents',
      'h.id as h_id',
      'h.display_name as h_display_name',
      'h.user_name as h_user_name',
      'h.email as h_email',
      'h.main_profile_picture as h_main_profile_picture',
      'h.is_influencer as h_is_influencer',
      'r.id as r_id',
      'r.display_name as r_display_name',
      'r.user_name as r_user_name',
      'r.email as r_email',
      'r.main_profile_picture as r_main_profile_picture',
      'r.is_influencer as r_is_influencer',
    ]);
}

type CallDbRow = Awaited<ReturnType<ReturnType<typeof callRows>['execute']>>[number];

function party(r: CallDbRow, who: 'h' | 'r'): UserRef {
  return {
    _id: r[`${who}_id`],
    displayName: r[`${who}_display_name`],
    userName: r[`${who}_user_name`],
    email: r[`${who}_email`],
    mainProfilePicture: r[`${who}_main_profile_picture`],
    isInfluencer: r[`${who}_is_influencer`],
  };
}

function toCallRow(r: CallDbRow): CallRow {
  return {
    _id: r.id,
    host: party(r, 'h'),
    receiver: party(r, 'r'),
    status: r.status as CallStatus,
    createdAt: iso(r.created_at),
    startedAt: isoOrNull(r.started_at),
    // The epoch of an ongoing call is a date like any other here: the screens read it (spec section 4).
    endedAt: r.ended_at === null ? null : iso(r.ended_at),
    transactionTotal: dollarsFromCents(r.transaction_total_cents),
    earnAmount: dollarsFromCents(r.earn_amount_cents),
    refundedAmount: dollarsFromCents(r.refunded_amount_cents),
  };
}

export async function listCalls(db: Kysely<DB>, q: CallListQuery): Promise<ListPage<CallRow>> {
  const search = normaliseSearch(q.search);
  const sortBy = q.sortBy ?? 'createdAt';
  const sort = SORTS[sortBy];
  const filtered = filteredCalls(db, q);
  return listPage({
    db,
    params: listParamsOf(q),
    filtered,
    table: db.selectFrom('video_calls as c'),
    id: 'c.id',
    sort: [...sort.by.map((by) => ({ by, nullsLast: sort.nullsLast })), { by: sql`c.id` }],
    rows: callRows,
    sortFrom: sortBy === 'hostName' || sortBy === 'receiverName' ? filtered : undefined,
    counted: search || q.from || q.to ? undefined : { list: 'video_calls', status: q.status },
    exactTotal:
      !search && (q.from || q.to)
        ? async () => {
            const where: Record<string, string> = q.status ? { status: q.status } : {};
            const [t] = await sumSpans(db, VIDEO_CALL_TOTALS, [{ from: q.from, to: q.to }], { where });
            return t?.count ?? 0;
          }
        : undefined,
    countFrom:
      search && search.length >= 3
        ? db.selectFrom(callSearchMatches(db, q, search, true).as('m')).select('m.id')
        : undefined,
    estimate: !search,
    dayColumn: sortBy === 'createdAt' ? 'c.created_at' : undefined,
    pageIds: search && search.length >= 3 && sortBy === 'createdAt' ? callSearchPageIds(db, q, search) : undefined,
    pageIdsCount: true,
    toRow: toCallRow,
  });
}

export async function getCall(db: Kysely<DB>, id: string): Promise<CallDetail> {
  const [call, transactions, refunds] = await Promise.all([
    callRows(db.selectFrom('video_calls as c').where('c.id', '=', id)).executeTakeFirst(),
    db
      .selectFrom('transactions')
      .select([
        'id',
        'transaction_id',
        'order_id',
        'type',
        'status',
        'amount_cents',
        'payable_amount_cents',
        'created_at',
      ])
      .where('video_call_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('refunds')
      .select(['id', 'order_id', 'amount_cents', 'transfer_to', 'status', 'created_at'])
      .where('video_call_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  if (!call) throw notFound(CATALOG_MESSAGES.callNotFound);
  return {
    ...toCallRow(call),
    updatedAt: iso(call.updated_at),
    transactions: transactions.map((t) => ({
      _id: t.id,
      transactionId: t.transaction_id,
      orderId: t.order_id,
      type: t.type as TransactionType,
      status: t.status as TransactionStatus,
      amount: dollarsFromCents(t.amount_cents),
      payable_amount: dollarsFromCents(t.payable_amount_cents),
      createdAt: iso(t.created_at),
    })),
    refunds: refunds.map((f) => ({
      _id: f.id,
      orderId: f.order_id,
      amount: dollarsFromCents(f.amount_cents),
      transfer_to: f.transfer_to as RefundDestination,
      status: f.status as RefundStatus,
      createdAt: iso(f.created_at),
    })),
  };
}
