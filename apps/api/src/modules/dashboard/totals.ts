import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB, TotalsGrain } from '../../db/schema';

/**
 * Sums over periods read from the totals that migration 0006 keeps per UTC quarter hour, hour, day
 * and month, instead of from the rows: a period is cut into its ragged quarters at each end, then
 * hours, then days, then whole months, so that any period reads at most a few hundred totals.
 *
 * Exact for any bounds, not only those on a quarter: each bound is moved to the nearest quarter for
 * the buckets, and the rows between the bound and that quarter are added or taken away (a list's
 * `to` is its last millisecond, so a local day's end reads one empty millisecond of rows; a bound
 * in the middle of a quarter reads at most seven and a half minutes of them).
 */

const MINUTE = 60_000;
const LENGTH: Record<Exclude<TotalsGrain, 'month'>, number> = {
  quarter: 15 * MINUTE,
  hour: 60 * MINUTE,
  day: 24 * 60 * MINUTE,
};
const GRAINS: TotalsGrain[] = ['quarter', 'hour', 'day', 'month'];

/** The start of the bucket of `grain` an instant falls in (UTC; ±Infinity stays as it is). */
export function floorTo(grain: TotalsGrain, t: number): number {
  if (!Number.isFinite(t)) return t;
  if (grain !== 'month') return Math.floor(t / LENGTH[grain]) * LENGTH[grain];
  const d = new Date(t);
  // setUTC* rather than Date.UTC, which reads years 0-99 as 1900-1999
  d.setUTCDate(1);
  d.setUTCHours(0, 0, 0, 0);
  return d.getTime();
}

/** The first bucket start of `grain` at or after an instant. */
export function ceilTo(grain: TotalsGrain, t: number): number {
  const f = floorTo(grain, t);
  if (f === t) return t;
  if (grain !== 'month') return f + LENGTH[grain];
  const d = new Date(f);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.getTime();
}

/** A run of buckets of one grain: those starting at `from` (included) up to `to` (excluded). */
export interface Piece {
  grain: TotalsGrain;
  from: number;
  to: number;
}

/**
 * The fewest buckets that tile [lo, hi), both on a quarter (or infinite): quarters up to the first
 * whole hour and from the last one, hours likewise up to whole days, days up to whole months.
 */
export function piecesOf(lo: number, hi: number): Piece[] {
  const out: Piece[] = [];
  for (let g = 0; g < GRAINS.length - 1; g++) {
    const grain = GRAINS[g]!;
    const coarser = GRAINS[g + 1]!;
    const a = ceilTo(coarser, lo);
    const b = floorTo(coarser, hi);
    if (a >= b) {
      if (lo < hi) out.push({ grain, from: lo, to: hi });
      return out;
    }
    if (lo < a) out.push({ grain, from: lo, to: a });
    if (b < hi) out.push({ grain, from: b, to: hi });
    lo = a;
    hi = b;
  }
  if (lo < hi) out.push({ grain: 'month', from: lo, to: hi });
  return out;
}

/**
 * A period as the lists take it: rows at `from` or later, and at `to` or earlier (before `to`, when
 * `toExclusive`). Bounds are instants as text, read by the database as the lists read them (to the
 * microsecond); a missing bound is open.
 */
export interface Span {
  from?: string;
  to?: string;
  toExclusive?: boolean;
}

/** What a table of totals totals: its rows, the instant that buckets them, the columns summed. */
export interface Totalled<Sum extends string = string> {
  totals:
    | 'transaction_totals'
    | 'video_call_totals'
    | 'user_totals'
    | 'redemption_totals'
    | 'influencer_request_totals'
    | 'payout_request_totals';
  rows: 'transactions' | 'video_calls' | 'users' | 'redemptions' | 'influencer_requests' | 'payout_requests';
  at: string;
  sums: readonly Sum[];
}

export const TRANSACTION_TOTALS: Totalled<'amount_cents' | 'payable_amount_cents'> = {
  totals: 'transaction_totals',
  rows: 'transactions',
  at: 'created_at',
  sums: ['amount_cents', 'payable_amount_cents'],
};
export const VIDEO_CALL_TOTALS: Totalled<never> = {
  totals: 'video_call_totals',
  rows: 'video_calls',
  at: 'created_at',
  sums: [],
};
export const USER_TOTALS: Totalled<never> = { totals: 'user_totals', rows: 'users', at: 'created_at', sums: [] };
export const REDEMPTION_TOTALS: Totalled<never> = {
  totals: 'redemption_totals',
  rows: 'redemptions',
  at: 'redeemed_at',
  sums: [],
};
export const INFLUENCER_REQUEST_TOTALS: Totalled<never> = {
  totals: 'influencer_request_totals',
  rows: 'influencer_requests',
  at: 'created_at',
  sums: [],
};
export const PAYOUT_REQUEST_TOTALS: Totalled<'payable_amount_cents'> = {
  totals: 'payout_request_totals',
  rows: 'payout_requests',
  at: 'created_at',
  sums: ['payable_amount_cents'],
};

export interface SpanTotals<Sum extends string> {
  /** Which span of the query these are the totals of (its index). */
  span: number;
  /** The values of the `by` columns these are the totals of. */
  keys: Record<string, string>;
  count: number;
  sums: Record<Sum, number>;
}

const QUARTER = LENGTH.quarter;
const asSql = (t: number) => (t === -Infinity ? '-infinity' : t === Infinity ? 'infinity' : new Date(t).toISOString());

/** Where a span's buckets begin and end, and the buckets between. */
function bucketsOf(span: Span): { lo: string; hi: string; pieces: Piece[] } {
  const from = span.from === undefined ? -Infinity : Date.parse(span.from);
  const to = span.to === undefined ? Infinity : Date.parse(span.to);
  if (Number.isNaN(from) || Number.isNaN(to)) {
    // A bound this runtime cannot read (PostgreSQL reads more forms): no buckets, and the rows of
    // the whole span, which the correction below then reads between lo = hi and the other bound.
    const at = (span.from ?? span.to)!;
    return { lo: at, hi: at, pieces: [] };
  }
  // The nearest quarter, not the next one inwards: a day's last millisecond rounds up to midnight.
  const lo = Number.isFinite(from) ? Math.round(from / QUARTER) * QUARTER : from;
  const hi = Number.isFinite(to) ? Math.round(to / QUARTER) * QUARTER : to;
  return { lo: asSql(lo), hi: asSql(hi), pieces: lo < hi ? piecesOf(lo, hi) : [] };
}

/**
 * What each span adds up to, in the totals kept for `what`, with equality filters on columns the
 * rows and their totals share, and totalled apart by the `by` columns. One statement, however many
 * spans. Spans and groups without a row are left out of the result.
 */
export async function sumSpans<Sum extends string>(
  db: Kysely<DB>,
  what: Totalled<Sum>,
  spans: readonly Span[],
  opts: { where?: Record<string, string | boolean>; by?: readonly string[] } = {},
): Promise<Array<SpanTotals<Sum>>> {
  const where = Object.entries(opts.where ?? {});
  const by = opts.by ?? [];
  const pieces = { span: [] as number[], grain: [] as string[], lo: [] as string[], hi: [] as string[] };
  const edges = {
    span: [] as number[],
    from: [] as string[],
    to: [] as string[],
    exclusive: [] as boolean[],
    lo: [] as string[],
    hi: [] as string[],
  };
  spans.forEach((s, i) => {
    const b = bucketsOf(s);
    for (const p of b.pieces) {
      pieces.span.push(i);
      pieces.grain.push(p.grain);
      pieces.lo.push(asSql(p.from));
      pieces.hi.push(asSql(p.to));
    }
    // an open span has no bound to correct
    if (s.from === undefined && s.to === undefined) return;
    edges.span.push(i);
    edges.from.push(s.from ?? '-infinity');
    edges.to.push(s.to ?? 'infinity');
    edges.exclusive.push(s.toExclusive ?? false);
    edges.lo.push(b.lo);
    edges.hi.push(b.hi);
  });

  const filter = (alias: string) =>
    sql.join(
      where.map(([column, value]) => sql` AND ${sql.ref(`${alias}.${column}`)} = ${value}`),
      sql``,
    );
  const refs = (alias: string, names: readonly string[]) => names.map((c) => sql.ref(`${alias}.${c}`));
  const at = sql.ref(`r.${what.at}`);
  // +1 for a row the span has and its buckets do not, -1 for the reverse: only rows between a
  // bound and its quarter can differ, and only those are read.
  const sign: RawBuilder<number> = sql`(
    (${at} >= e.from_at AND CASE WHEN e.exclusive THEN ${at} < e.to_at ELSE ${at} <= e.to_at END)::int
    - (${at} >= e.lo AND ${at} < e.hi)::int)`;
  const groups = [sql`span`, ...by.map((c) => sql.ref(c))];

  const { rows } = await sql<Record<string, string | number>>`
    WITH pieces AS (
      SELECT * FROM unnest(${pieces.span}::int[], ${pieces.grain}::text[], ${pieces.lo}::timestamptz[],
        ${pieces.hi}::timestamptz[]) AS p(span, grain, lo, hi)
    ), edges AS (
      SELECT * FROM unnest(${edges.span}::int[], ${edges.from}::timestamptz[], ${edges.to}::timestamptz[],
        ${edges.exclusive}::boolean[], ${edges.lo}::timestamptz[], ${edges.hi}::timestamptz[])
        AS e(span, from_at, to_at, exclusive, lo, hi)
    )
    SELECT ${sql.join([...groups, sql`sum(n) AS count`, ...what.sums.map((c) => sql`sum(${sql.ref(c)}) AS ${sql.ref(c)}`)])}
    FROM (
      SELECT ${sql.join([sql`p.span`, ...refs('t', by), sql`t.count AS n`, ...refs('t', what.sums)])}
      FROM pieces p
      JOIN ${sql.table(what.totals)} t ON t.grain = p.grain AND t.bucket >= p.lo AND t.bucket < p.hi${filter('t')}
      UNION ALL
      SELECT ${sql.join([sql`e.span`, ...refs('c', by), sql`c.sign`, ...what.sums.map((c) => sql`c.sign * ${sql.ref(`c.${c}`)}`)])}
      FROM edges e
      CROSS JOIN LATERAL (
        SELECT ${sql.join([sql`${sign} AS sign`, ...refs('r', [...by, ...what.sums])])}
        FROM ${sql.table(what.rows)} r
        WHERE ((${at} >= least(e.from_at, e.lo) AND ${at} < greatest(e.from_at, e.lo))
          OR (${at} >= least(e.to_at, e.hi) AND ${at} <= greatest(e.to_at, e.hi)))${filter('r')}
      ) c
      WHERE c.sign <> 0
    ) x
    GROUP BY ${sql.join(groups)}`.execute(db);

  return rows.map((r) => ({
    span: Number(r.span),
    keys: Object.fromEntries(by.map((c) => [c, String(r[c])])),
    count: Number(r.count),
    sums: Object.fromEntries(what.sums.map((s) => [s, Number(r[s] ?? 0)])) as Record<Sum, number>,
  }));
}
