import {
  CompiledQuery,
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { PAYMENT_MESSAGES, type SortOrder } from '@backoffice/shared-api/contract';
import type { ListTotalIs } from '@backoffice/shared-api/contract';
import type { DB } from '../db/schema';
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

/**
 * One page of `rows` (see pageOf), and how many rows `filtered` has in all (see totalOf): for the
 * tables of one fan (fan detail), which stay small at any scale, where reading the rows before a
 * page costs less than finding where it starts. Every list of its own goes through listPage.
 */
export async function pageAndCount<D, T extends keyof D, O>(
  db: Kysely<DB>,
  rows: SelectQueryBuilder<D, T, O>,
  filtered: AnyQuery,
  columns: readonly string[],
  p: PageParams,
  opts: { exact?: boolean } = {},
): Promise<ListPage<O>> {
  const counting = opts.exact ? countRows(filtered).then((total) => ({ total })) : totalOf(db, filtered);
  const [found, total] = await Promise.all([pageOf(rows, columns, p), counting]);
  return { ...total, rows: found };
}

// ---------------------------------------------------------------------------------------------
// The list helper: one page of any list, and its total, at the same cost on a million rows as on
// a thousand.

/** A list's total, and how sure it is (absent: exact). */
export interface ListTotal {
  total: number;
  totalIs?: ListTotalIs;
}

export interface ListPage<R> extends ListTotal {
  rows: R[];
}

/**
 * Up to this many matching rows are counted one by one; beyond it a list that the database does not
 * count (a search, a created-on range, a code) says "more than" it, or gives the planner's estimate.
 * Counting costs about a millisecond per thousand rows, and 10 admins searching at once share two
 * cores: at 10,000 a common name's search spent more time counting than finding its page.
 */
export const EXACT_COUNT_LIMIT = 1_000;

/** One expression the list orders by; the last of a sort is the unique id, so that ties page stably. */
export interface SortKey {
  by: RawBuilder<unknown>;
  /** Unknown values last in both directions. */
  nullsLast?: boolean;
}

/** The rows of a list counted by the database (list_counts, migration 0007), with its filters. */
export interface CountedList {
  list:
    | 'users'
    | 'influencer_requests'
    | 'video_calls'
    | 'transactions'
    | 'payout_requests'
    | 'payouts'
    | 'redemptions'
    | 'notifications'
    | 'discount_codes'
    | 'audit_log';
  status?: string;
  kind?: string;
}

// The list's own builders are each of their own type; the helper only composes them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

export interface ListSpec<Q extends AnyQuery, R> {
  db: Kysely<DB>;
  params: PageParams;
  /** The list's rows after its filters, joined to no more than they need (the page's ids come from here). */
  filtered: AnyQuery;
  /** The list's table alone, unfiltered: the page's rows are joined and selected from it by id. */
  table: Q;
  /** The row's unique key, e.g. `t.id`. */
  id: string;
  /** The sort, its unique id last. */
  sort: readonly SortKey[];
  /** Every column a row shows (joins included), selected from `table` or `filtered`. */
  rows: (from: Q) => AnyQuery;
  /** When the sort reads joined columns: the filtered rows, whose `rows(…)` the page's ids are read from. */
  sortFrom?: Q;
  /**
   * The exact total from totals the database keeps, when the list has them for its filters (a
   * created-on range: the dashboard's totals per quarter hour), so that a list a dashboard figure
   * opens shows that same figure, however many rows it has.
   */
  exactTotal?: () => Promise<number>;
  /** What to count instead of `filtered`, when the list has a cheaper way to count the same rows. */
  countFrom?: AnyQuery;
  /**
   * Whether a total beyond EXACT_COUNT_LIMIT may be the planner's estimate (default: yes). Not for a
   * search: the planner's guess of how many rows a text pattern matches can be off several times,
   * so a search beyond the limit says "more than" it instead.
   */
  estimate?: boolean;
  /** Set when the filters are only ones the database counts: the total is read, not counted. */
  counted?: CountedList;
  /** The default sort's column, when the list is in its default sort: deep pages seek by day, then hour. */
  dayColumn?: string;
  /** The page's ids, when the list has a cheaper way than ordering `filtered` (a search merge). */
  pageIds?: PageIds;
  /**
   * Whether pageIds also gives, as `list_total` on each id, the matches counted up to
   * EXACT_COUNT_LIMIT + 1 in the same statement (peopleSearchPageIds and rowSearchPageIds do): then
   * the list is counted from that, and countFrom is only read for a page past the end.
   */
  pageIdsCount?: boolean;
  toRow: (row: never) => R;
}

/** A query for one page's ids, as `page_id`, read in `order` (or a promise of one: rowSearchPageIds). */
export type PageIds = (
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) => AnyQuery | RawBuilder<unknown> | Promise<AnyQuery | RawBuilder<unknown>>;

function ordered(q: AnyQuery, sort: readonly SortKey[], order: 'asc' | 'desc'): AnyQuery {
  let out = q;
  for (const k of sort) {
    out = out.orderBy(k.by, (o) => {
      const d = order === 'asc' ? o.asc() : o.desc();
      // Reading backwards from the far end turns NULLS LAST into NULLS FIRST.
      return k.nullsLast === undefined ? d : k.nullsLast ? d.nullsLast() : d.nullsFirst();
    });
  }
  return out;
}

const reversed = (sort: readonly SortKey[]): SortKey[] =>
  sort.map((k) => (k.nullsLast === undefined ? k : { ...k, nullsLast: !k.nullsLast }));

function countedWhere(c: CountedList): RawBuilder<boolean> {
  const parts = [sql`list = ${c.list}`];
  if (c.status !== undefined) parts.push(sql`status = ${c.status}`);
  if (c.kind !== undefined) parts.push(sql`kind = ${c.kind}`);
  return sql<boolean>`${sql.join(parts, sql` AND `)}`;
}

/**
 * The total of a list the database counts: a sum over its filter values (list_totals, migration
 * 0011: at most a few dozen rows), never a scan of its rows or of its days.
 */
async function countedTotal(db: Kysely<DB>, c: CountedList): Promise<number> {
  const { rows } = await sql<{ n: string | number | null }>`
    SELECT sum(n) AS n FROM list_totals WHERE ${countedWhere(c)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The planner's estimate of how many rows a query returns. */
async function estimatedRows(db: Kysely<DB>, q: AnyQuery): Promise<number> {
  const compiled = q.compile();
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
  );
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Number(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/** "about 2,400,000" reads better as two significant figures: the estimate is no finer than that. */
const roughly = (n: number) => {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
};

/**
 * How many rows `filtered` has: read from list_counts when counted; otherwise counted one by one up
 * to EXACT_COUNT_LIMIT, beyond which the planner's estimate is given as "about", or, when the
 * planner thinks there are fewer than were already seen, "more than" the limit.
 */
export async function totalOf(
  db: Kysely<DB>,
  filtered: AnyQuery,
  counted?: CountedList,
  opts: { estimate?: boolean } = {},
): Promise<ListTotal> {
  if (counted) return { total: await countedTotal(db, counted) };
  const capped = filtered.select(sql`1`.as('one')).limit(EXACT_COUNT_LIMIT + 1);
  const { rows } = await sql<{ n: string | number }>`SELECT count(*) AS n FROM (${capped}) AS capped`.execute(db);
  return totalSeen(db, filtered, Number(rows[0]?.n ?? 0), opts);
}

/** The total of `filtered`, `seen` of its rows having been counted up to EXACT_COUNT_LIMIT + 1. */
async function totalSeen(
  db: Kysely<DB>,
  filtered: AnyQuery,
  seen: number,
  opts: { estimate?: boolean },
): Promise<ListTotal> {
  if (seen <= EXACT_COUNT_LIMIT) return { total: seen };
  if (opts.estimate === false) return { total: EXACT_COUNT_LIMIT + 1, totalIs: 'atLeast' };
  const estimate = await estimatedRows(db, filtered.select(sql`1`.as('one')));
  return estimate > EXACT_COUNT_LIMIT
    ? { total: roughly(estimate), totalIs: 'about' }
    : { total: EXACT_COUNT_LIMIT + 1, totalIs: 'atLeast' };
}

/**
 * From how many rows a day is narrowed to its hour. Skipping a row of a day over the date index
 * costs about a microsecond; finding the hour reads at most 24 rows of list_hour_counts beside the
 * day's. At scale 500 a day holds tens of thousands of transactions, and a page late in a day
 * skipped them all (153-172 ms); a day of the demo's smaller scales holds a few hundred, where the
 * hours would save less than they cost.
 */
export const HOUR_GRAIN_FROM = 2_000;

/**
 * Where the `offset`-th row of a counted list lies: the day it falls on and how many rows of the list
 * come before that day, from list_counts (a few hundred rows a year), so that a deep page skips only
 * the rows of one day instead of every row before it; and, when that day holds more than
 * HOUR_GRAIN_FROM rows, the hour (UTC, 0-23) within it and how many of the day's rows come before
 * that hour, from list_hour_counts (at most 24 rows), so that the page skips at most one hour's rows.
 * One statement, so that the day and its hours are read from one snapshot. `before` counts every
 * row before the day, or before the hour when there is one. The days are summed in the page's
 * order (over list_counts_by_day, migration 0026), so that the read stops at the page's day.
 */
async function startPosition(
  db: Kysely<DB>,
  c: CountedList,
  order: 'asc' | 'desc',
  offset: number,
): Promise<{ day: string; hour?: number; before: number } | undefined> {
  const dir = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
  const { rows } = await sql<{
    day: string;
    before: string | number;
    hour: number | null;
    hour_before: string | number | null;
  }>`
    WITH at AS (
      SELECT day, n, before FROM (
        SELECT day, n, coalesce(sum(n) OVER (ORDER BY day ${dir} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
        FROM (SELECT day, sum(n) AS n FROM list_counts WHERE ${countedWhere(c)} GROUP BY day ORDER BY day ${dir}) AS days
      ) AS running
      WHERE before + n > ${offset}
      ORDER BY day ${dir} LIMIT 1)
    SELECT at.day::text AS day, at.before, h.hour, h.before AS hour_before
    FROM at LEFT JOIN LATERAL (
      SELECT date_part('hour', hour)::int AS hour, before FROM (
        SELECT hour, n, coalesce(sum(n) OVER (ORDER BY hour ${dir} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
        FROM (
          SELECT hour, sum(n) AS n FROM list_hour_counts
          WHERE ${countedWhere(c)} AND hour >= at.day AND hour < at.day + 1 AND at.n > ${HOUR_GRAIN_FROM}
          GROUP BY hour) AS hours
      ) AS running
      WHERE at.before + before + n > ${offset}
      ORDER BY hour ${dir} LIMIT 1
    ) AS h ON true`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const day = { day: row.day, before: Number(row.before) };
  return row.hour === null ? day : { ...day, hour: Number(row.hour), before: day.before + Number(row.hour_before) };
}

/**
 * From how many rows in a page is deep: skipping fewer over an index costs less than the round trip
 * that finds where the page starts.
 */
export const DEEP_PAGE_OFFSET = 1_000;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The instants a position's day, or its hour within the day, starts and ends at. */
function spanOf(at: { day: string; hour?: number }): { start: string; end: string } {
  const midnight = Date.parse(`${at.day}T00:00:00Z`);
  const start = at.hour === undefined ? midnight : midnight + at.hour * HOUR_MS;
  const end = at.hour === undefined ? midnight + DAY_MS : start + HOUR_MS;
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

/**
 * One page of a list and its total. The page never reads the rows before it one by one through the
 * wide join: its ids are read first over the narrowest index the sort has (a deferred join), from
 * the nearer end of the list when its total is exact, and, for a counted list in its default sort,
 * from the day the page starts on, or its hour in a day of many rows (see startPosition). Only then
 * are the page's rows joined.
 */
export async function listPage<Q extends AnyQuery, R>(spec: ListSpec<Q, R>): Promise<ListPage<R>> {
  const { page, limit } = spec.params;
  const order = direction(spec.params.order);
  const offset = offsetOf(page, limit);
  if (!spec.counted && !spec.exactTotal && !spec.countFrom && !spec.pageIds && offset < EXACT_COUNT_LIMIT) {
    const small = await smallListPage(spec, order, offset);
    if (small) return small;
  }
  if (spec.pageIds && spec.pageIdsCount && !spec.counted && !spec.exactTotal) {
    const counted = await pageCountedWithIds(spec, spec.pageIds, order, offset);
    if (counted) return counted;
  }
  const counting = spec.exactTotal
    ? spec.exactTotal().then((total): ListTotal => ({ total }))
    : totalOf(spec.db, spec.countFrom ?? spec.filtered, spec.counted, { estimate: spec.estimate });
  // Only an exact total tells where the far end is; the list's own count is cheap when it is read.
  // A page near the start reads as little either way: it is spared waiting for the total first.
  const deep = offset >= DEEP_PAGE_OFFSET;
  const known = (spec.counted || spec.exactTotal) && deep ? await counting : undefined;

  let sort: readonly SortKey[] = spec.sort;
  let readOrder = order;
  let readOffset = offset;
  let readLimit = limit;
  if (known && offset > known.total / 2 && offset < known.total) {
    sort = reversed(spec.sort);
    readOrder = order === 'asc' ? 'desc' : 'asc';
    readLimit = Math.min(limit, known.total - offset);
    readOffset = known.total - offset - readLimit;
  }

  let ids: AnyQuery | RawBuilder<unknown>;
  if (spec.pageIds) {
    ids = await spec.pageIds(readOrder, readLimit, readOffset);
  } else {
    let from: AnyQuery = spec.sortFrom ? spec.rows(spec.sortFrom).clearSelect() : spec.filtered;
    if (spec.counted && spec.dayColumn && readOffset >= DEEP_PAGE_OFFSET) {
      const at = await startPosition(spec.db, spec.counted, readOrder, readOffset);
      if (at) {
        // Only the side the read comes from is bounded: the page may run on past its day or hour.
        const { start, end } = spanOf(at);
        from =
          readOrder === 'desc'
            ? from.where(sql<boolean>`${sql.ref(spec.dayColumn)} < ${end}`)
            : from.where(sql<boolean>`${sql.ref(spec.dayColumn)} >= ${start}`);
        readOffset -= at.before;
      }
    }
    ids = ordered(from.select(sql.ref(spec.id).as('page_id')), sort, readOrder)
      .limit(readLimit)
      .offset(readOffset);
  }
  const pageRows = ordered(
    spec.rows(spec.table).where(sql<boolean>`${sql.ref(spec.id)} IN (SELECT page_id FROM (${ids}) AS page)`),
    spec.sort,
    order,
  );
  const [found, total] = await Promise.all([readLimit > 0 ? pageRows.execute() : Promise.resolve([]), counting]);
  return { ...total, rows: (found as never[]).map(spec.toRow) };
}

/**
 * A list whose matches are counted one by one (a search, a filter the database keeps no count of)
 * and turn out to be few: its count and its page from one read of its matches, in one statement.
 * Up to EXACT_COUNT_LIMIT + 1 matches are read with their sort keys; when that is all of them, the
 * page is sorted from those and the count is theirs. Counting and paging apart read the matches
 * twice (a name search finds its people twice). Undefined when there are more matches than that, or
 * the page is past the end (no row to carry the count): the caller then pages as usual.
 */
async function smallListPage<Q extends AnyQuery, R>(
  spec: ListSpec<Q, R>,
  order: 'asc' | 'desc',
  offset: number,
): Promise<ListPage<R> | undefined> {
  const from: AnyQuery = spec.sortFrom ? spec.rows(spec.sortFrom).clearSelect() : spec.filtered;
  const matched = from
    .select([sql.ref(spec.id).as('page_id'), ...spec.sort.map((k, i) => k.by.as(`k${i}`))])
    .limit(EXACT_COUNT_LIMIT + 1);
  const keys = spec.sort.map((k, i) => ({ ...k, by: sql.ref(`m.k${i}`) }));
  const ids = ordered(spec.db.selectFrom(sql`matched`.as('m')).select(sql.ref('m.page_id').as('page_id')), keys, order)
    .limit(spec.params.limit)
    .offset(offset);
  const pageRows = ordered(
    spec
      .rows(spec.table)
      .select(sql<number>`(SELECT count(*) FROM matched)`.as('list_total'))
      .where(sql<boolean>`${sql.ref(spec.id)} IN (SELECT page_id FROM (${ids}) AS page)`),
    spec.sort,
    order,
  );
  const { rows } = await sql<{ list_total: number | string }>`
    WITH matched AS MATERIALIZED (${matched}) ${pageRows}`.execute(spec.db);
  const total = rows.length > 0 ? Number(rows[0]!.list_total) : undefined;
  if (total === undefined || total > EXACT_COUNT_LIMIT) return undefined;
  return { total, rows: (rows as never[]).map(spec.toRow) };
}

/**
 * One page whose ids come with the count of every match (pageIdsCount): the page and its total in
 * one statement. Undefined for a page past the end, which has no row to carry the count.
 */
async function pageCountedWithIds<Q extends AnyQuery, R>(
  spec: ListSpec<Q, R>,
  pageIds: PageIds,
  order: 'asc' | 'desc',
  offset: number,
): Promise<ListPage<R> | undefined> {
  const ids = await pageIds(order, spec.params.limit, offset);
  const found = await ordered(
    spec
      .rows(spec.table)
      .innerJoin(sql`(${ids})`.as('page'), (join) => join.onRef('page.page_id' as never, '=', spec.id as never))
      .select(sql.ref('page.list_total').as('list_total')),
    spec.sort,
    order,
  ).execute();
  if (found.length === 0) return undefined;
  const seen = Number((found[0] as { list_total: number | string }).list_total);
  const total = await totalSeen(spec.db, spec.countFrom ?? spec.filtered, seen, { estimate: spec.estimate });
  return { ...total, rows: (found as never[]).map(spec.toRow) };
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

/**
 * A list searched through the people its rows name (a payer, a call's parties, an influencer). The
 * page's ids come with `list_total`: every match counted up to EXACT_COUNT_LIMIT + 1 (see
 * ListSpec.pageIdsCount); rows matched by their own values are assumed not to match two ways.
 */
export interface PeopleSearch {
  /** The people the search matches, as `SELECT p.id FROM users AS p WHERE …`. */
  people: AnyQuery;
  /** The list's rows with its filters other than the search, nothing selected yet. */
  rows: () => AnyQuery;
  /** The columns that name a person on a row (a call names two: its host and its receiver). */
  personColumns: readonly string[];
  /** The rows the search matches by their own values (an id, a reference, a code), through their own indexes. */
  ownMatches?: ReadonlyArray<(rows: AnyQuery) => AnyQuery>;
  /**
   * The rows the search matches through a key of their own that it finds in another table (a
   * redemption's discount code, found by its name), read like people: each key's newest rows
   * through the rows' (key, date) index when few keys match, the list walked against the hashed
   * keys when many do (see peopleSearchPageIds).
   */
  ownKeys?: OwnKeys;
  /**
   * The column `people` also selects with how many of the list's rows name each person (kept beside
   * their names), when the list has one person column and no filter but the search: the count then
   * reads the people found, not their rows.
   */
  rowsCounted?: string;
  /** The list's default sort: its date column, then its id. */
  sortColumn: string;
  id: string;
  /**
   * How many people the list's rows could name, read without a scan (default: the planner's count
   * of users). A list of influencers' rows says how many influencers there are.
   */
  population?: RawBuilder<number>;
}

/** See PeopleSearch.ownKeys. */
export interface OwnKeys {
  /** The keys the search matches, as `SELECT id FROM … WHERE …`, through their trigram index. */
  keys: AnyQuery;
  /** The row's column holding the key, first in an index followed by the list's date. */
  column: string;
  /** How many keys there are, read without a scan (listPopulation). */
  population: RawBuilder<number>;
}

/**
 * A list's kept total (list_totals), for the population of a search through people not all of whom
 * its rows name (influencers, applicants, senders): at most that many people, read without a scan.
 */
export const listPopulation = (c: CountedList) =>
  sql<number>`(SELECT greatest(coalesce(sum(n), 0), 1) FROM list_totals WHERE ${countedWhere(c)})`;

/** The planner's count of users, kept by ANALYZE and autovacuum: no scan. */
export const USER_POPULATION = sql<number>`(SELECT greatest(reltuples, 1) FROM pg_class WHERE oid = 'users'::regclass)`;

/**
 * Reading one matched person's newest rows through their (person, date) index costs about as much
 * as reading this many rows of the whole list in date order and testing each against the set.
 */
export const PERSON_READ_COST_IN_ROWS = 5;

/**
 * Testing a row of the walk against its person's names (a lookup by id in people_names) costs about
 * as much as finding this many matched people through the trigram index (at 2M payments: 2,054
 * people found in 1.2 ms, 0.6 µs each; a walk testing 3,560 rows by lookup, 13.5 ms, about 3 µs a
 * row more than testing them against a hashed set). So a search stops finding people after
 * √(this × n × U) of them (see peopleSearchPageIds): past that, finding them all costs more than
 * the walk's lookups.
 */
export const PERSON_LOOKUP_COST_IN_MATCHES = 5;

/**
 * From how large a probe a search through people first tests a sample of everyone. Finding a
 * matched person costs about 3 µs at 1.15 M users: the lookup plan's probe of √(5 × 10 × U) = 7,583
 * people cost 22 ms of a common name's 34 at scale 500, only to learn that many match. Testing a
 * fixed sample by lookup costs about the same per person but PEOPLE_SAMPLE of them at any scale; below
 * this probe, the probe costs little more than the sample, which would then be read for nothing
 * when few match.
 */
export const PEOPLE_SAMPLE_FROM_PROBE = 4_000;

/**
 * How many people the sample holds: the first by id, a fixed and uniform sample (ids are random).
 * At the smallest probe it is used for (4,000 of 320,000 people, 1.25 %) the sample expects 12 of
 * them where the probe would fill; a sample that guesses wrong only costs the other plan's time.
 */
export const PEOPLE_SAMPLE = 1_000;

/**
 * One page of a search, in the list's date order, when the search matches people. The people are
 * found through their trigram indexes, as far as the plan needs them, and within the same statement
 * one of three plans runs, chosen by how many match (M of U, U being the population: by default the
 * planner's count of users, which needs no scan), for a page ending at row n:
 * - `people` (few match): each person's newest rows through their (person, date) index, enough of
 *   each for the page, merged; this costs a little per person;
 * - `hashed` (more match): the list walked newest first through its date index, each row kept if its
 *   person is in the hashed set of all M matches; this reads about n × U / M rows, fewer as more
 *   people match. It wins once M × PERSON_READ_COST_IN_ROWS > n × U / M;
 * - `lookup` (many match): when the first √(PERSON_LOOKUP_COST_IN_MATCHES × n × U) people found
 *   are not all of them, the rest are not looked for: the walk tests each row's person by id
 *   (people_names' key) instead. Its cost, about n × U / M lookups, stays at one page's whether a
 *   thousand or a hundred thousand people match.
 * Either way the rows matched by their own values (ownMatches) are merged in, and those of the keys
 * the search finds (ownKeys: a redemption's codes), read key by key or walked by the same rule as
 * `people` and `hashed`, with the keys' own count; only the merged few are sorted. The matches are
 * counted up to EXACT_COUNT_LIMIT + 1, person by person, so that counting stops there: where the people have many rows each it reads a few of them.
 */
export function peopleSearchPageIds(s: PeopleSearch): PageIds {
  return (order, limit, offset) => {
    const enough = offset + limit;
    const population = s.population ?? USER_POPULATION;
    const newest = (q: AnyQuery) =>
      q
        .select([sql.ref(s.id).as('id'), sql.ref(s.sortColumn).as('at')])
        .orderBy(sql.ref(s.sortColumn), order)
        .orderBy(sql.ref(s.id), order)
        .limit(enough);
    const gate = (plan: 'people' | 'hashed' | 'lookup') => sql<boolean>`(SELECT ${sql.raw(plan)} FROM gate)`;
    const branches: RawBuilder<unknown>[] = s.personColumns.map(
      (column) => sql`SELECT pt.id, pt.at FROM found AS p
        CROSS JOIN LATERAL (${newest(s.rows().where(sql<boolean>`${sql.ref(column)} = p.id`))}) AS pt
        WHERE ${gate('people')}`,
    );
    // The list walked in date order, keeping a row when `named` holds for one of its person
    // columns. Parenthesised: a call names two people, and an OR left bare would take the walk
    // whichever plan the gate chose.
    const walk = (plan: 'hashed' | 'lookup', named: (column: string) => RawBuilder<unknown>) => {
      const any = sql.join(s.personColumns.map(named), sql` OR `);
      return sql`SELECT * FROM (${newest(
        s
          .rows()
          .where(gate(plan))
          .where(sql<boolean>`(${any})`),
      )}) AS ${sql.raw(plan)}`;
    };
    // IS TRUE keeps each IN a hashed subplan, a filter on the walk, instead of a join the planner
    // could turn back into reading every row of every person.
    branches.push(walk('hashed', (column) => sql`(${sql.ref(column)} IN (SELECT id FROM found)) IS TRUE`));
    // A scalar subquery on the row's person runs for each row walked: a lookup by id, never a set.
    branches.push(
      walk(
        'lookup',
        (column) => sql`(SELECT true FROM (${s.people}) AS q WHERE q.id = ${sql.ref(column)} LIMIT 1) IS TRUE`,
      ),
    );
    for (const own of s.ownMatches ?? []) branches.push(sql`SELECT * FROM (${newest(own(s.rows()))}) AS o`);
    // The keys' rows, as the people's: key by key when few match (walking the list for 61 codes of
    // 18,000 read 3,000 redemptions, 20 ms at scale 500), else walked against the hashed keys.
    const keyed = s.ownKeys;
    if (keyed) {
      const fewKeys = sql<boolean>`(SELECT few FROM key_gate)`;
      branches.push(
        sql`SELECT kt.id, kt.at FROM own_keys AS k
          CROSS JOIN LATERAL (${newest(s.rows().where(sql<boolean>`${sql.ref(keyed.column)} = k.id`))}) AS kt
          WHERE ${fewKeys}`,
        sql`SELECT * FROM (${newest(
          s
            .rows()
            .where(sql<boolean>`NOT ${fewKeys}`)
            .where(sql<boolean>`(${sql.ref(keyed.column)} IN (SELECT id FROM own_keys)) IS TRUE`),
        )}) AS kw`,
      );
    }
    const dir = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
    // The matches counted up to the limit, each once: by each person column in turn, leaving out
    // the rows an earlier column found, then by their own values, leaving out any a person found.
    // Person by person through their (person, date) index, so that counting stops at the limit.
    const foundBy = (column: string) => sql`(${sql.ref(column)} IN (SELECT id FROM found)) IS TRUE`;
    const counted = [
      ...s.personColumns.map((column, i) => {
        // n rows for a person who has n, made up rather than read: counting stops at the limit.
        if (s.rowsCounted) {
          return sql`SELECT 1 FROM found AS p CROSS JOIN LATERAL generate_series(1, ${sql.ref(`p.${s.rowsCounted}`)}) AS x`;
        }
        let rows = s
          .rows()
          .select(sql`1`.as('one'))
          .where(sql<boolean>`${sql.ref(column)} = p.id`);
        for (const earlier of s.personColumns.slice(0, i)) rows = rows.where(sql<boolean>`NOT ${foundBy(earlier)}`);
        // OFFSET 0: person by person, even where the planner expects many people and would sort
        // them all for a merge join (30,000 payers read to count 1,001 of their payments).
        return sql`SELECT 1 FROM found AS p CROSS JOIN LATERAL (${rows} OFFSET 0) AS x`;
      }),
      // The keys' rows are counted as own matches: through the (key, date) index, key by key.
      ...[
        ...(s.ownMatches ?? []),
        ...(keyed
          ? [(rows: AnyQuery) => rows.where(sql<boolean>`${sql.ref(keyed.column)} IN (SELECT id FROM own_keys)`)]
          : []),
      ].map((own) => {
        let rows = own(s.rows()).select(sql`1`.as('one'));
        for (const column of s.personColumns) rows = rows.where(sql<boolean>`NOT ${foundBy(column)}`);
        return sql`${rows}`;
      }),
    ];
    // `found` is read only as far as it is asked for: the probe stops at its limit, and so does the
    // count where the people have rows enough. Where the probe would read many (see
    // PEOPLE_SAMPLE_FROM_PROBE), a fixed sample of everyone first says whether that many match; when
    // it says so, the walk tests rows by lookup and the probe is never read. A CASE branch not taken
    // leaves its subquery unread.
    return sql`WITH found AS MATERIALIZED (${s.people}),
      size AS (
        SELECT u, ceil(sqrt(${PERSON_LOOKUP_COST_IN_MATCHES * enough}::float8 * u))::bigint AS probed
        FROM (SELECT ${population} AS u) AS population),
      sampled AS (
        SELECT CASE WHEN probed >= ${PEOPLE_SAMPLE_FROM_PROBE} THEN (
            SELECT count(*) FROM (SELECT id FROM people_names ORDER BY id LIMIT ${PEOPLE_SAMPLE}) AS x
            WHERE (SELECT true FROM (${s.people}) AS q WHERE q.id = x.id LIMIT 1) IS TRUE
          ) * (SELECT greatest(reltuples, 1) FROM pg_class WHERE oid = 'people_names'::regclass) / ${PEOPLE_SAMPLE}
          ELSE 0 END AS m
        FROM size),
      seen AS MATERIALIZED (
        SELECT CASE WHEN (SELECT m FROM sampled) >= probed THEN probed
          ELSE (SELECT count(*) FROM (SELECT FROM found LIMIT (SELECT probed FROM size)) AS probe) END AS m
        FROM size),
      gate AS (
        SELECT m >= probed AS lookup,
          m < probed AND m * m * ${PERSON_READ_COST_IN_ROWS} > ${enough}::float8 * u AS hashed,
          m < probed AND m * m * ${PERSON_READ_COST_IN_ROWS} <= ${enough}::float8 * u AS people
        FROM seen, size),
      ${
        keyed
          ? sql`own_keys AS MATERIALIZED (${keyed.keys}),
      key_gate AS (
        SELECT count(*) * count(*) * ${PERSON_READ_COST_IN_ROWS} <= ${enough}::float8 * (SELECT ${keyed.population}) AS few
        FROM own_keys),`
          : sql``
      }
      counted AS (
        SELECT count(*) AS n FROM (${sql.join(counted, sql` UNION ALL `)} LIMIT ${EXACT_COUNT_LIMIT + 1}) AS c)
      SELECT m.id AS page_id, (SELECT n FROM counted) AS list_total FROM (${sql.join(branches, sql` UNION `)}) AS m
      ORDER BY m.at ${dir}, m.id ${dir} LIMIT ${limit} OFFSET ${offset}`;
  };
}

/**
 * A list searched by its own rows' values (a fan's or influencer's names, a discount code's name):
 * the page's ids come with `list_total`, the matches counted up to EXACT_COUNT_LIMIT + 1 (see
 * ListSpec.pageIdsCount).
 */
export interface RowSearch {
  db: Kysely<DB>;
  /** The list's rows with its filters other than the search, nothing selected yet. */
  rows: () => AnyQuery;
  /** What the search matches on a row, as its trigram indexes serve it. */
  matches: Expression<SqlBool>;
  /**
   * The ids of the same matches found through a narrower index than the rows' own (`SELECT p.id
   * …`: an influencer's names in people_names, whose index holds influencers alone), each row then
   * read by its id. Without it the rows' own indexes find them, among every user for a list of some.
   */
  ids?: AnyQuery;
  /**
   * The matches with their sort keys (`page_id`, `k0`, `k1`…), read from a narrower table than the
   * rows' own (people_names, which holds when each person joined): the probe then reads no row of
   * the list but the page's. Takes the place of `ids`.
   */
  keyed?: RawBuilder<unknown>;
  /**
   * The rows of `keyed` as the walk reads them: the same columns from the same table, every row of
   * the list, the search's test written so that no index serves it (see rowSearchPageIds). The walk
   * then reads that table's narrow rows in the sort's order instead of the list's own.
   */
  keyedWalk?: RawBuilder<unknown>;
  /** The list's sort, its unique id last (as ListSpec.sort). */
  sort: readonly SortKey[];
  id: string;
  /**
   * How many rows the list has, read without a scan: the totals the database keeps (list_totals),
   * or an expression such as USER_POPULATION. Only where the plan turns depends on it.
   */
  population: CountedList | RawBuilder<number>;
}

/**
 * How long a list's size, read for a search's plan, is reused. It only chooses between two plans
 * that give the same rows, and a list's size moves little in seconds: reading it again for every
 * search would cost each one a round trip more.
 */
const POPULATION_TTL_MS = 5_000;
const populations = new WeakMap<Kysely<DB>, Map<string, { n: number; at: number }>>();

/** The list's size for a search's plan: at least 1. */
async function populationOf(db: Kysely<DB>, p: CountedList | RawBuilder<number>): Promise<number> {
  const compiled = 'list' in p ? undefined : p.compile(db);
  const key = compiled ? `${compiled.sql} ${JSON.stringify(compiled.parameters)}` : JSON.stringify(p);
  let known = populations.get(db);
  if (!known) populations.set(db, (known = new Map()));
  const now = Date.now();
  const kept = known.get(key);
  if (kept && now - kept.at < POPULATION_TTL_MS) return kept.n;
  let n: number;
  if ('list' in p) n = await countedTotal(db, p);
  else {
    const { rows } = await sql<{ n: string | number | null }>`SELECT ${p} AS n`.execute(db);
    n = Number(rows[0]?.n ?? 1);
  }
  n = Math.max(1, n);
  known.set(key, { n, at: now });
  return n;
}

/** ORDER BY over the columns `k0`, `k1`… of `alias`, as `ordered` orders by the sort itself. */
function orderedKeys(alias: string, sort: readonly SortKey[], order: 'asc' | 'desc'): RawBuilder<unknown> {
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  return sql.join(
    sort.map((k, i) => {
      const nulls = k.nullsLast === undefined ? '' : k.nullsLast ? ' NULLS LAST' : ' NULLS FIRST';
      return sql`${sql.ref(`${alias}.k${i}`)} ${sql.raw(dir + nulls)}`;
    }),
  );
}

/**
 * One page of a search over a list's own rows, in the list's order, with the matches counted up to
 * EXACT_COUNT_LIMIT + 1, at a cost that stops growing with the matches. One statement:
 * - the matches are probed through the trigram indexes, up to P = max(EXACT_COUNT_LIMIT + 1,
 *   √(n × U)) of them, n being the page's end and U the list's size (its kept total: no scan);
 *   what the probe finds is also the count;
 * - fewer than P match: the page is sorted from those few;
 * - P or more match (M of U): the list is walked in its sort's index order, each row tested
 *   against the search, until the page is full: about n × U / M rows read, at most √(n × U),
 *   fewer as more rows match. The test is written `(SELECT …) IS TRUE`, which no index serves
 *   and whose selectivity the planner does not guess from the pattern (it takes a default), so
 *   that it walks the index even when its statistics say hardly anything matches, instead of
 *   collecting every match through the trigram indexes and sorting them.
 * So a search reads at most about P rows, whether a thousand or a hundred thousand rows match;
 * below EXACT_COUNT_LIMIT matches the exact count reads each of them.
 */
export function rowSearchPageIds(s: RowSearch): PageIds {
  return async (order, limit, offset) => {
    const enough = offset + limit;
    const population = await populationOf(s.db, s.population);
    const probed = Math.max(EXACT_COUNT_LIMIT + 1, Math.ceil(Math.sqrt(enough * population)));
    const keyed = (q: AnyQuery) => q.select([sql.ref(s.id).as('page_id'), ...s.sort.map((k, i) => k.by.as(`k${i}`))]);
    // By id, row by row (OFFSET 0 keeps the planner from joining every row of the list instead:
    // its estimate of a trigram search's matches is often ten times too high).
    const byId = (ids: AnyQuery) => sql`SELECT m.* FROM (${ids}) AS p
      CROSS JOIN LATERAL (${keyed(s.rows().where(sql<boolean>`${sql.ref(s.id)} = p.id`))} OFFSET 0) AS m`;
    const matching = s.keyed ?? (s.ids ? byId(s.ids) : keyed(s.rows().where(s.matches)));
    const walk = s.keyedWalk
      ? sql`SELECT * FROM (${s.keyedWalk}) AS kw WHERE (SELECT walk FROM gate)
          ORDER BY ${orderedKeys('kw', s.sort, order)} LIMIT ${enough}`
      : ordered(
          keyed(
            s
              .rows()
              .where(sql<boolean>`(SELECT walk FROM gate)`)
              .where(sql<boolean>`(SELECT ${s.matches}) IS TRUE`),
          ),
          s.sort,
          order,
        ).limit(enough);
    const columns = sql.join([sql.ref('page_id'), ...s.sort.map((_, i) => sql.ref(`k${i}`))]);
    // `matching` is planned for all its rows (through the trigram indexes) but read only as far as
    // the probe asks: a LIMIT on it could make the planner scan the table instead.
    return sql`WITH matching AS MATERIALIZED (${matching}),
      probe AS MATERIALIZED (SELECT * FROM matching LIMIT ${probed}),
      gate AS (
        SELECT count(*) >= ${probed} AS walk, least(count(*), ${EXACT_COUNT_LIMIT + 1}) AS n FROM probe)
      SELECT m.page_id, (SELECT n FROM gate) AS list_total FROM (
        SELECT ${columns} FROM probe WHERE NOT (SELECT walk FROM gate)
        UNION ALL
        SELECT * FROM (${walk}) AS w) AS m
      ORDER BY ${orderedKeys('m', s.sort, order)} LIMIT ${limit} OFFSET ${offset}`;
  };
}
