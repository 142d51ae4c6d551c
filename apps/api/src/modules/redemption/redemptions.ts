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
import {
  containsPattern,
  countRows,
  direction,
  ilike,
  iso,
  normaliseSearch,
  offsetOf,
  withinRange,
} from '../../lib/list';

const SORT_COLUMNS: Record<RedemptionSort, string> = {
  createdAt: 'r.created_at',
  redeemedAt: 'r.redeemed_at',
  displayName: 'u.display_name',
  discountCode: 'dc.code_name',
  discountCodeType: 'dc.type',
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
  let base = db
    .selectFrom('redemptions as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('discount_codes as dc', 'dc.id', 'r.discount_code_id');
  if (search) {
    const p = containsPattern(search);
    base = base.where((eb) => eb.or([ilike('u.display_name', p), ilike('u.user_name', p), ilike('dc.code_name', p)]));
  }
  if (filter) {
    // The filter names one code, by id (links from a code's page) or by its code name.
    base = isUuid(filter) ? base.where('r.discount_code_id', '=', filter) : base.where('dc.code_name', '=', filter);
  }
  // When the code was redeemed: the date the list shows (redeemedAt).
  return withinRange(base, 'r.redeemed_at', q);
}

export async function listRedemptions(
  db: Kysely<DB>,
  q: RedemptionListQuery,
): Promise<{ rows: RedemptionRecord[]; total: number }> {
  const page = q.page ?? 1;
  const limit = q.limit ?? 10;
  const order = direction(q.sortOrder);
  const sortBy = q.sortBy ?? 'createdAt';
  const base = filteredRedemptions(db, q);

  const [rows, count] = await Promise.all([
    base
      .select([
        'r.id',
        'u.display_name',
        'dc.code_name',
        'dc.type',
        'r.discount_amount_cents',
        'r.status',
        'r.redeemed_at',
      ])
      .orderBy(sql.raw(`${SORT_COLUMNS[sortBy]} ${order}${NULLABLE_SORTS.has(sortBy) ? ' NULLS LAST' : ''}`))
      .orderBy('r.id', order)
      .limit(limit)
      .offset(offsetOf(page, limit))
      .execute(),
    countRows(base),
  ]);
  return {
    total: count,
    rows: rows.map((r) => ({
      _id: r.id,
      // Spec section 3 defaults: "N/A" for names, code and type, 0 for the amount, "Inactive".
      displayName: r.display_name || REDEMPTION_DEFAULTS.displayName,
      discountCode: r.code_name || REDEMPTION_DEFAULTS.discountCode,
      discountCodeType: r.type || REDEMPTION_DEFAULTS.discountCodeType,
      discountAmount:
        r.discount_amount_cents == null
          ? REDEMPTION_DEFAULTS.discountAmount
          : dollarsFromCents(r.discount_amount_cents),
      status: r.status || REDEMPTION_DEFAULTS.status,
      redeemedAt: iso(r.redeemed_at),
    })),
  };
}
