import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { PAYMENT_MESSAGES, type SortOrder } from '@backoffice/shared-api/contract';
import { badRequest } from './http-errors';

/** `%` and `_` typed by an admin are literal characters, not wildcards. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Search text is trimmed; an empty search is no search. */
export function normaliseSearch(search: string | undefined): string | undefined {
  const s = search?.trim();
  return s ? s : undefined;
}

export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}

export const direction = (order: SortOrder | undefined): 'asc' | 'desc' => (order === 'asc' ? 'asc' : 'desc');

/** ILIKE on a column cast to text, matching the trigram indexes, which are built on the same cast. */
export function ilike(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)}::text ILIKE ${pattern}`;
}

export const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();
export const isoOrNull = (d: Date | string | null | undefined): string | null => (d ? iso(d) : null);

/** How many rows a filtered list has in all (the `total` of a list reply). */
export async function countRows<D, T extends keyof D, O>(qb: SelectQueryBuilder<D, T, O>): Promise<number> {
  const row = await qb.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number((row as unknown as { n: number }).n);
}

export const paginationOf = (page: number, limit: number, total: number) => ({ page, limit, total });

/** Page, limit, trimmed search and sort direction of a list query, with the contract's defaults. */
export function listParamsOf(q: { page?: number; limit?: number; search?: string; sortOrder?: SortOrder }) {
  return { page: q.page ?? 1, limit: q.limit ?? 10, search: normaliseSearch(q.search), order: direction(q.sortOrder) };
}

type PageParams = { page: number; limit: number; order: SortOrder };

/**
 * One page of `rows`, ordered by `columns` in one direction (the last column unique, so that ties
 * page stably). Without the count: what needs only the first rows (the dashboard's newest) is
 * spared counting them all.
 */
export function pageOf<D, T extends keyof D, O>(
  rows: SelectQueryBuilder<D, T, O>,
  columns: readonly string[],
  p: PageParams,
): Promise<O[]> {
  let q = rows.limit(p.limit).offset(offsetOf(p.page, p.limit));
  for (const c of columns) q = q.orderBy(sql.ref(c), p.order);
  return q.execute();
}

/** One page of `rows` (see pageOf), and how many rows `filtered` has in all. */
export async function pageAndCount<D, T extends keyof D, O, FD, FT extends keyof FD, FO>(
  rows: SelectQueryBuilder<D, T, O>,
  filtered: SelectQueryBuilder<FD, FT, FO>,
  columns: readonly string[],
  p: PageParams,
): Promise<{ rows: O[]; total: number }> {
  const [found, total] = await Promise.all([pageOf(rows, columns, p), countRows(filtered)]);
  return { rows: found, total };
}

/** The created-on range of a list query (the contract's CreatedRange): instants, both ends included. */
export interface CreatedRange {
  from?: string;
  to?: string;
}

/**
 * Narrows a list to the rows whose `column` lies in the range, both ends included. Refuses, on the
 * field, what the schema lets through but PostgreSQL cannot take or can never match.
 */
export function withinRange<D, T extends keyof D, O>(
  qb: SelectQueryBuilder<D, T, O>,
  column: string,
  range: CreatedRange,
): SelectQueryBuilder<D, T, O> {
  for (const field of ['from', 'to'] as const) {
    // The date-time format allows year 0000, which PostgreSQL refuses (there is no year 0).
    if (range[field]?.startsWith('0000')) {
      const message = `${field} must be a valid date-time`;
      throw badRequest(message, { [field]: message });
    }
  }
  if (range.from && range.to && Date.parse(range.from) > Date.parse(range.to)) {
    throw badRequest(PAYMENT_MESSAGES.badDateRange, { from: PAYMENT_MESSAGES.badDateRange });
  }
  let q = qb;
  // As text, not Date: the database reads the microseconds an ISO bound may carry, which Date drops.
  if (range.from) q = q.where(sql<boolean>`${sql.ref(column)} >= ${range.from}`);
  if (range.to) q = q.where(sql<boolean>`${sql.ref(column)} <= ${range.to}`);
  return q;
}
