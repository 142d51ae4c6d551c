import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type {
  TransactionListQuery,
  TransactionRow,
  TransactionSort,
  TransactionTotals,
  TransactionTotalsQuery,
} from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import {
  containsPattern,
  ilike,
  iso,
  listPage,
  listParamsOf,
  normaliseSearch,
  peopleSearchPageIds,
  withinRange,
  type ListPage,
} from '../../lib/list';
import { dollarsFromCents } from '../../lib/money';
import { peopleMatching } from '../people/user-list';
import { sumSpans, TRANSACTION_TOTALS } from '../dashboard/totals';

/** What both the list and its export select by: the list query without its paging. */
export type TransactionSelection = Pick<
  TransactionListQuery,
  'search' | 'sortBy' | 'sortOrder' | 'status' | 'type' | 'from' | 'to'
>;

/**
 * The expression each sort orders by, each matching an index of migration 0003 (the fee one is
 * written exactly as its index is); status is followed by the date, as its index is, so that the
 * payments of one status read newest first. A payer's name is followed by the payer and the date:
 * hundreds of payers share a display name at scale ("Aiden"), and ordered by the name and the id
 * alone the page had to sort every payment of all of them (5,342 rows at 2M payments, growing with
 * the data); by payer, each payer's payments come in date order from transactions_user_created and
 * only one payer's are sorted. Every column is NOT NULL, so a keyset over them is exact.
 */
const SORT_EXPRESSIONS: Record<TransactionSort, ReadonlyArray<RawBuilder<unknown>>> = {
  createdAt: [sql`t.created_at`],
  displayName: [sql`u.display_name`, sql`t.user_id`, sql`t.created_at`],
  preference: [sql`t.preference`],
  query: [sql`t.query`],
  amount: [sql`t.amount_cents`],
  payableAmount: [sql`t.payable_amount_cents`],
  platformFee: [sql`(t.amount_cents - t.payable_amount_cents)`],
  email: [sql`u.email`],
  status: [sql`t.status`, sql`t.created_at`],
};

/** The sort's expressions and then the id, which is unique, so that ties page (and resume) stably. */
export function transactionSortColumns(sort: TransactionSort | undefined): RawBuilder<unknown>[] {
  return [...SORT_EXPRESSIONS[sort ?? 'createdAt'], sql`t.id`];
}

/**
 * The transactions a list query selects, before paging and without the payer joined, so that it can
 * be counted cheaply. The search looks up payers through users' trigram indexes and transaction ids
 * through their own, rather than testing every joined row.
 */
export function filteredTransactions(db: Kysely<DB>, q: TransactionSelection) {
  let base = db.selectFrom('transactions as t');
  const search = normaliseSearch(q.search);
  if (search) {
    const payers = peopleMatching(db, search, { by: 'person' });
    const p = containsPattern(search);
    if (search.length >= 3) {
      // Each half through its own index (payers by user_id, ids by trigram), then merged: 5-10x
      // faster at 50,000 payments than one OR, which can only filter every row.
      base = base.where('t.id', 'in', transactionSearchMatches(db, q, search));
    } else {
      // Under three characters pg_trgm has no trigram to look up, so every row is read anyway and
      // one pass with a hashed set of payers is the cheaper plan.
      base = base.where((eb) => eb.or([eb('t.user_id', 'in', payers), ilike('t.transaction_id', p)]));
    }
  }
  return narrowTransactions(base, q);
}

/**
 * The ids of the transactions a search of three characters or more matches, with the list's other
 * filters: by payer (users' trigram indexes, then transactions_user_created) and by transaction id
 * (its trigram index), each half through its own index, then merged — 5-10x faster at 50,000
 * payments than one OR, which can only filter every row. Counted as it is: joined back to every
 * transaction, a few thousand matches were planned as a hash join over the whole table.
 */
function transactionSearchMatches(db: Kysely<DB>, q: TransactionSelection, search: string, counting = false) {
  const payers = peopleMatching(db, search, { by: 'person' });
  const byPayer = narrowTransactions(db.selectFrom('transactions as t'), q)
    .select('t.id')
    .where('t.user_id', 'in', payers);
  const byId = narrowTransactions(db.selectFrom('transactions as t'), q)
    .select('t.id')
    .where(ilike('t.transaction_id', containsPattern(search)));
  // Counted, the halves are kept apart instead of merged (a merge reads every match before the
  // first row comes out), so that counting stops at the limit.
  return counting ? byPayer.unionAll(byId.where('t.user_id', 'not in', payers)) : byPayer.union(byId);
}

/** The list's filters other than the search: status, type and date range. */
function narrowTransactions<D, T extends keyof D, O>(
  qb: SelectQueryBuilder<D, T, O>,
  q: Pick<TransactionSelection, 'status' | 'type' | 'from' | 'to'>,
): SelectQueryBuilder<D, T, O> {
  let out = qb;
  if (q.status) out = out.where(sql<boolean>`t.status = ${q.status}`);
  if (q.type) out = out.where(sql<boolean>`t.type = ${q.type}`);
  return withinRange(out, 't.created_at', q);
}

/**
 * One page of a name search in date order: the matching payers' newest transactions, or the newest
 * transactions of any matching payer (see peopleSearchPageIds), merged with the transactions whose
 * own id matches.
 */
function searchPageIds(db: Kysely<DB>, q: TransactionSelection, search: string) {
  return peopleSearchPageIds({
    people: peopleMatching(db, search, { by: 'person' }),
    rows: () => narrowTransactions(db.selectFrom('transactions as t'), q),
    personColumns: ['t.user_id'],
    ownMatches: [(rows) => rows.where(ilike('t.transaction_id', containsPattern(search)))],
    sortColumn: 't.created_at',
    id: 't.id',
  });
}

/** The filtered transactions with their payer, and every column a row of the list or export shows. */
export function transactionRows(base: ReturnType<typeof filteredTransactions>) {
  return base
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.transaction_id',
      't.order_id',
      't.video_call_id',
      't.user_id',
      't.type',
      't.status',
      't.preference',
      't.query',
      't.amount_cents',
      't.payable_amount_cents',
      't.hold_amount_cents',
      't.released_amount_cents',
      't.earning_cents',
      't.created_at',
      'u.first_name',
      'u.last_name',
      'u.display_name',
      'u.email',
    ]);
}

export type TransactionDbRow = Awaited<ReturnType<ReturnType<typeof transactionRows>['execute']>>[number];

export const payerName = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`.trim();

export function toTransactionRow(r: TransactionDbRow): TransactionRow {
  return {
    _id: r.id,
    transactionId: r.transaction_id,
    orderId: r.order_id,
    videoCallId: r.video_call_id,
    userId: r.user_id,
    name: payerName(r),
    displayName: r.display_name,
    email: r.email,
    preference: r.preference,
    query: r.query,
    type: r.type as TransactionRow['type'],
    status: r.status as TransactionRow['status'],
    amount: dollarsFromCents(r.amount_cents),
    payable_amount: dollarsFromCents(r.payable_amount_cents),
    platformFee: dollarsFromCents(r.amount_cents - r.payable_amount_cents),
    hold_amount: dollarsFromCents(r.hold_amount_cents),
    released_amount: dollarsFromCents(r.released_amount_cents),
    earning: dollarsFromCents(r.earning_cents),
    createdAt: iso(r.created_at),
  };
}

export async function listTransactions(db: Kysely<DB>, q: TransactionListQuery): Promise<ListPage<TransactionRow>> {
  const search = normaliseSearch(q.search);
  const sortBy = q.sortBy ?? 'createdAt';
  const filtered = filteredTransactions(db, q);
  return listPage({
    db,
    params: listParamsOf(q),
    filtered,
    table: db.selectFrom('transactions as t'),
    id: 't.id',
    sort: transactionSortColumns(sortBy).map((by) => ({ by })),
    rows: transactionRows,
    sortFrom: sortBy === 'displayName' || sortBy === 'email' ? filtered : undefined,
    counted: search || q.from || q.to ? undefined : { list: 'transactions', status: q.status, kind: q.type },
    exactTotal:
      !search && (q.from || q.to)
        ? async () => (await transactionTotals(db, { from: q.from, to: q.to, status: q.status, type: q.type })).count
        : undefined,
    countFrom:
      search && search.length >= 3
        ? db.selectFrom(transactionSearchMatches(db, q, search, true).as('m')).select('m.id')
        : undefined,
    estimate: !search,
    dayColumn: sortBy === 'createdAt' ? 't.created_at' : undefined,
    pageIds: search && search.length >= 3 && sortBy === 'createdAt' ? searchPageIds(db, q, search) : undefined,
    pageIdsCount: true,
    toRow: toTransactionRow,
  });
}

/**
 * What the payments a list query selects add up to, whatever the page: the same selection as the
 * list (so a figure that links to the list is the list's own sum), summed in cents by the database.
 * Without a search, from the totals kept per time bucket, status and type (migration 0006), so that
 * the cost does not grow with the table; a search selects payers and ids, which no total is kept
 * by, and is summed over the rows it finds through its indexes.
 */
export async function transactionTotals(db: Kysely<DB>, q: TransactionTotalsQuery): Promise<TransactionTotals> {
  // Built only for its checks: it refuses the bounds the list refuses, with the list's messages.
  filteredTransactions(db, q);
  let n: number;
  let amount: number;
  let payable: number;
  const search = normaliseSearch(q.search);
  if (search) {
    // The list's selection as two parts that cannot overlap: the payments of the payers found, and
    // those whose id matches but whose payer does not. Without a range, the payers' payments are
    // read from their totals (a few per payer), not one by one.
    const payers = peopleMatching(db, search, { by: 'person' });
    const kinds = [
      sql`TRUE`,
      ...(q.status ? [sql`t.status = ${q.status}`] : []),
      ...(q.type ? [sql`t.type = ${q.type}`] : []),
    ];
    // As text, as the list reads them (withinRange): to the microsecond.
    const dated = sql.join(
      [...kinds, ...(q.from ? [sql`t.created_at >= ${q.from}`] : []), ...(q.to ? [sql`t.created_at <= ${q.to}`] : [])],
      sql` AND `,
    );
    const ofPayer =
      q.from === undefined && q.to === undefined
        ? sql`SELECT t.count, t.amount_cents, t.payable_amount_cents FROM payer_totals t
            WHERE t.user_id = u.id AND ${sql.join(kinds, sql` AND `)}`
        : sql`SELECT 1, t.amount_cents, t.payable_amount_cents FROM transactions t
            WHERE t.user_id = u.id AND ${dated}`;
    // Of every status and type at all times: the sums beside each payer's names, read as the payers
    // are found (migration 0032), instead of a lookup of each one's totals. Otherwise payer by payer
    // through the user_id indexes: the trigram estimate of how many payers match is often ten times
    // too high, and a join would then read every total (or payment) instead. OFFSET 0 keeps the
    // planner from turning the lateral back into that join.
    const byPayer =
      kinds.length === 1 && q.from === undefined && q.to === undefined
        ? sql`SELECT u.paid_count, u.paid_amount_cents, u.paid_payable_cents FROM (${peopleMatching(db, search, {
            by: 'person',
            kept: ['paid_count', 'paid_amount_cents', 'paid_payable_cents'],
          })}) AS u`
        : sql`SELECT t.* FROM (${payers}) AS u CROSS JOIN LATERAL (${ofPayer} OFFSET 0) AS t`;
    const byId = sql`SELECT 1, t.amount_cents, t.payable_amount_cents FROM transactions t
      WHERE ${ilike('t.transaction_id', containsPattern(search))} AND t.user_id NOT IN (${payers}) AND ${dated}`;
    const { rows } = await sql<{ n: string; amount: string; payable: string }>`
      SELECT coalesce(sum(n), 0) AS n, coalesce(sum(amount), 0) AS amount, coalesce(sum(payable), 0) AS payable
      FROM (${byPayer} UNION ALL ${byId}) AS x (n, amount, payable)`.execute(db);
    [n, amount, payable] = [Number(rows[0]!.n), Number(rows[0]!.amount), Number(rows[0]!.payable)];
  } else {
    const where = { ...(q.status ? { status: q.status } : {}), ...(q.type ? { type: q.type } : {}) };
    const [t] = await sumSpans(db, TRANSACTION_TOTALS, [{ from: q.from, to: q.to }], { where });
    [n, amount, payable] = [t?.count ?? 0, t?.sums.amount_cents ?? 0, t?.sums.payable_amount_cents ?? 0];
  }
  return {
    count: n,
    totalTransactionAmount: dollarsFromCents(amount),
    totalPayableAmount: dollarsFromCents(payable),
    totalPlatformFee: dollarsFromCents(amount - payable),
  };
}
