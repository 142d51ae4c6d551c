import { sql, type Kysely } from 'kysely';
import {
  isUuid,
  REDEMPTION_DEFAULTS,
  type RedemptionListQuery,
  type RedemptionRecord,
  type RedemptionSort,
} from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import { dollarsFromCents } from '../../lib/money';
import { REDEMPTION_TOTALS, sumSpans } from '../dashboard/totals';
import {
  containsPattern,
  ilike,
  iso,
  listPage,
  listParamsOf,
  normaliseSearch,
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
  const filter = normaliseSearch(q.filterValue);
  let base = withCodeAndUser(db);
  if (search) {
    // The matching users and codes through their trigram indexes, then their redemptions through
    // theirs: filtering the joined rows would read every redemption.
    const p = containsPattern(search);
    const users = db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([ilike('display_name', p), ilike('user_name', p)]));
    const codes = db.selectFrom('discount_codes').select('id').where(ilike('code_name', p));
    const matched = db
      .selectFrom('redemptions')
      .select('id')
      .where('user_id', 'in', users)
      .union(db.selectFrom('redemptions').select('id').where('discount_code_id', 'in', codes));
    base = base.where('r.id', 'in', matched);
  }
  if (filter) {
    // The filter names one code, by id (links from a code's page) or by its code name.
    base = isUuid(filter) ? base.where('r.discount_code_id', '=', filter) : base.where('dc.code_name', '=', filter);
  }
  // When the code was redeemed: the date the list shows (redeemedAt).
  return withinRange(base, 'r.redeemed_at', q);
}

const withCodeAndUser = (db: Kysely<DB>) =>
  db
    .selectFrom('redemptions as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('discount_codes as dc', 'dc.id', 'r.discount_code_id');

export async function listRedemptions(db: Kysely<DB>, q: RedemptionListQuery): Promise<ListPage<RedemptionRecord>> {
  const sortBy = q.sortBy ?? 'createdAt';
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
    estimate: !normaliseSearch(q.search),
    dayColumn: sortBy === 'createdAt' ? 'r.created_at' : undefined,
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
