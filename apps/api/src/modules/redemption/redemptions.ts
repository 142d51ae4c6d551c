import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  isUuid,
  REDEMPTION_DEFAULTS,
  type RedemptionListQuery,
  type RedemptionRecord,
  type RedemptionSort,
} from '@backoffice/shared-api/contract';
import { peopleMatching } from '../people/user-list';
import type { DB } from '../../db/schema';
import { dollarsFromCents } from '../../lib/money';
import { REDEMPTION_TOTALS, sumSpans } from '../dashboard/totals';
import {
  containsPattern,
  ilike,
  iso,
  listPage,
  listParamsOf,
  listPopulation,
  normaliseSearch,
  peopleSearchPageIds,
  withinRange,
  type ListPage,
} from '../../lib/list';

const SORT_COLUMNS: Record<RedemptionSort, string> = {
  createdAt: 'r.created_at',
  redeemedAt: 'r.redeemed_at',
  // copies kept on each redemption by the database (migration 0009), each with its indexes
  displayName: 'r.sort_display_name',
  discountCode: 'r.sort_code_name',
  discountCodeType: 'r.sort_code_type',
  discountAmount: 'r.discount_amount_cents',
  status: 'r.status',
};

/**
 * Only the columns of the joined user and code can be null (a redemption whose user or code is
 * gone). The redemption's own are NOT NULL and keep a plain order: a backward index scan gives
 * DESC NULLS FIRST, so NULLS LAST on them would make every descending page sort the whole table.
 */
const NULLABLE_SORTS: ReadonlySet<RedemptionSort> = new Set(['displayName', 'discountCode', 'discountCodeType']);

/**
 * The redemptions a list query selects, before paging (what its total counts). The user and the code
 * are left joined by their primary keys, so a count that reads neither skips both joins.
 */
export function filteredRedemptions(
  db: Kysely<DB>,
  q: Pick<RedemptionListQuery, 'search' | 'filterValue' | 'from' | 'to'>,
) {
  const search = normaliseSearch(q.search);
  let base = withCodeAndUser(db);
  if (search) {
    // The matching users and codes through their trigram indexes, then their redemptions through
    // theirs: filtering the joined rows would read every redemption.
    const m = searchMatches(db, search);
    const matched = db
      .selectFrom('redemptions as r')
      .select('r.id')
      .where('r.user_id', 'in', m.users())
      .union(db.selectFrom('redemptions as r').select('r.id').where('r.discount_code_id', 'in', m.codes()));
    base = base.where('r.id', 'in', matched);
  }
  return narrowRedemptions(db, base, q);
}

/** The users and the codes a search matches, each through its trigram indexes. */
function searchMatches(db: Kysely<DB>, search: string) {
  const p = containsPattern(search);
  return {
    users: () => peopleMatching(db, search, { by: 'names' }),
    codes: () => db.selectFrom('discount_codes').select('id').where(ilike('code_name', p)),
  };
}

/**
 * The list's filters other than the search, on the redemptions alone: the code (by id, from a
 * code's page, or by its name) and the redemption date (redeemedAt, the date the list shows).
 */
function narrowRedemptions<Q extends SelectQueryBuilder<DB & { r: DB['redemptions'] }, 'r', unknown>>(
  db: Kysely<DB>,
  qb: Q,
  q: Pick<RedemptionListQuery, 'filterValue' | 'from' | 'to'>,
): Q {
  const filter = normaliseSearch(q.filterValue);
  let out = qb;
  if (filter) {
    out = (
      isUuid(filter)
        ? out.where('r.discount_code_id', '=', filter)
        : out.where(
            'r.discount_code_id',
            'in',
            db.selectFrom('discount_codes').select('id').where('code_name', '=', filter),
          )
    ) as Q;
  }
  return withinRange(out, 'r.redeemed_at', q) as Q;
}

/**
 * A search's matches counted apart (by user, then by code for the rest), not merged: a merge reads
 * every match first, and counting stops at the limit.
 */
function countedSearch(db: Kysely<DB>, q: Pick<RedemptionListQuery, 'filterValue' | 'from' | 'to'>, search: string) {
  const m = searchMatches(db, search);
  const rows = () => narrowRedemptions(db, db.selectFrom('redemptions as r').select('r.id'), q);
  return db
    .selectFrom(
      rows()
        .where('r.user_id', 'in', m.users())
        .unionAll(
          rows()
            .where('r.discount_code_id', 'in', m.codes())
            .where((eb) => eb.or([eb('r.user_id', 'is', null), eb('r.user_id', 'not in', m.users())])),
        )
        .as('m'),
    )
    .select('m.id');
}

const withCodeAndUser = (db: Kysely<DB>) =>
  db
    .selectFrom('redemptions as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('discount_codes as dc', 'dc.id', 'r.discount_code_id');

export async function listRedemptions(db: Kysely<DB>, q: RedemptionListQuery): Promise<ListPage<RedemptionRecord>> {
  const sortBy = q.sortBy ?? 'createdAt';
  const search = normaliseSearch(q.search);
  const nullsLast = NULLABLE_SORTS.has(sortBy) ? true : undefined;
  const narrowed = normaliseSearch(q.search) || normaliseSearch(q.filterValue) || q.from || q.to;
  return listPage({
    db,
    params: listParamsOf(q),
    filtered: filteredRedemptions(db, q),
    table: withCodeAndUser(db),
    id: 'r.id',
    sort: [{ by: sql.ref(SORT_COLUMNS[sortBy]), nullsLast }, { by: sql.ref('r.id') }],
    rows: (from) =>
      from.select([
        'r.id',
        'u.display_name',
        'dc.code_name',
        'dc.type',
        'r.discount_amount_cents',
        'r.status',
        'r.redeemed_at',
      ]),
    counted: narrowed ? undefined : { list: 'redemptions' },
    exactTotal:
      !normaliseSearch(q.search) && !normaliseSearch(q.filterValue) && (q.from || q.to)
        ? async () => (await sumSpans(db, REDEMPTION_TOTALS, [{ from: q.from, to: q.to }]))[0]?.count ?? 0
        : undefined,
    countFrom: search ? countedSearch(db, q, search) : undefined,
    estimate: !search,
    dayColumn: sortBy === 'createdAt' ? 'r.created_at' : undefined,
    pageIds:
      search && sortBy === 'createdAt'
        ? peopleSearchPageIds({
            // With no filter but the search, each redeemer's redemptions are counted beside their
            // names (migration 0032): the count reads the people found, not their redemptions.
            ...(normaliseSearch(q.filterValue) || q.from || q.to
              ? { people: searchMatches(db, search).users() }
              : {
                  people: peopleMatching(db, search, { by: 'names', kept: ['redeemed_count'] }),
                  rowsCounted: 'redeemed_count',
                }),
            rows: () => narrowRedemptions(db, db.selectFrom('redemptions as r'), q),
            personColumns: ['r.user_id'],
            ownKeys: {
              keys: searchMatches(db, search).codes(),
              column: 'r.discount_code_id',
              population: listPopulation({ list: 'discount_codes' }),
            },
            sortColumn: 'r.created_at',
            id: 'r.id',
          })
        : undefined,
    pageIdsCount: true,
    toRow: (r: {
      id: string;
      display_name: string | null;
      code_name: string | null;
      type: string | null;
      discount_amount_cents: number | null;
      status: string | null;
      redeemed_at: Date;
    }): RedemptionRecord => ({
      _id: r.id,
      // Spec section 3 defaults: "N/A" for names, code and type, 0 for the amount, "Inactive".
      displayName: r.display_name || REDEMPTION_DEFAULTS.displayName,
      discountCode: r.code_name || REDEMPTION_DEFAULTS.discountCode,
      discountCodeType: (r.type || REDEMPTION_DEFAULTS.discountCodeType) as RedemptionRecord['discountCodeType'],
      discountAmount:
        r.discount_amount_cents == null
          ? REDEMPTION_DEFAULTS.discountAmount
          : dollarsFromCents(r.discount_amount_cents),
      status: (r.status || REDEMPTION_DEFAULTS.status) as RedemptionRecord['status'],
      redeemedAt: iso(r.redeemed_at),
    }),
  });
}
