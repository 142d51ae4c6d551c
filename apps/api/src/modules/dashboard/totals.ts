import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
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

/** The instant a bound names, when it is exactly a millisecond (no finer digit but zeros). */
function exactMs(bound: string): number | undefined {
  const finer = /\.\d{3}(\d*)/.exec(bound)?.[1] ?? '';
  return /^0*$/.test(finer) ? Date.parse(bound) : undefined;
}

/**
 * How a span is read: the buckets from the quarter nearest its start to the quarter nearest its end
 * (lo, hi), and, where a bound is not that quarter, the rows between the two.
 */
interface Reading {
  pieces: Piece[];
  lo: string;
  hi: string;
  /** lo and hi as instants; NaN when a bound could not be read here. */
  loMs: number;
  hiMs: number;
  /** The rows between `from` and lo may differ from the buckets'. */
  fromEdge: boolean;
  /** The rows between `to` and hi may. */
  toEdge: boolean;
}

function readingOf(span: Span): Reading {
  const from = span.from === undefined ? -Infinity : Date.parse(span.from);
  const to = span.to === undefined ? Infinity : Date.parse(span.to);
  if (Number.isNaN(from) || Number.isNaN(to)) {
    // A bound this runtime cannot read (PostgreSQL reads more forms): no buckets, and every row of
    // the span read between the bounds (lo = hi at the open end, or at `from`).
    const at = span.from === undefined ? '-infinity' : span.to === undefined ? 'infinity' : span.from;
    return {
      pieces: [],
      lo: at,
      hi: at,
      loMs: NaN,
      hiMs: NaN,
      fromEdge: span.from !== undefined,
      toEdge: span.to !== undefined,
    };
  }
  // The nearest quarter, not the next one inwards: a day's last millisecond rounds up to midnight.
  const lo = Number.isFinite(from) ? Math.round(from / QUARTER) * QUARTER : from;
  const hi = Number.isFinite(to) ? Math.round(to / QUARTER) * QUARTER : to;
  return {
    pieces: lo < hi ? piecesOf(lo, hi) : [],
    lo: asSql(lo),
    hi: asSql(hi),
    loMs: lo,
    hiMs: hi,
    fromEdge: span.from !== undefined && exactMs(span.from) !== lo,
    // An inclusive `to` on the quarter still differs from the buckets by the rows at that instant.
    toEdge: span.to !== undefined && !(span.toExclusive && exactMs(span.to) === hi),
  };
}

type Row = Record<string, string | number | null>;

/** A statement that sums spans (see spansQuery), compiled, and how to read its rows. */
export interface SpansQuery<Sum extends string> {
  statement: RawBuilder<Row> | undefined;
  compiled: CompiledQuery<Row> | undefined;
  by: readonly string[];
  sums: readonly Sum[];
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
  return runSpans(db, spansQuery(db, what, spans, opts));
}

/**
 * The statement of sumSpans, compiled once for callers that run it again and again (the
 * dashboard's periods change once a day).
 *
 * Each piece of buckets and each bound's rows is its own branch with its own bounds, so that the
 * planner sees how little each selects: one join over arrays of bounds is estimated at thousands of
 * rows per bound, and then compiled with JIT, which alone costs ten times the query.
 */
export function spansQuery<Sum extends string>(
  db: Kysely<DB>,
  what: Totalled<Sum>,
  spans: readonly Span[],
  opts: { where?: Record<string, string | boolean>; by?: readonly string[] } = {},
): SpansQuery<Sum> {
  const where = Object.entries(opts.where ?? {});
  const by = opts.by ?? [];
  const filter = (alias: string) =>
    sql.join(
      where.map(([column, value]) => sql` AND ${sql.ref(`${alias}.${column}`)} = ${value}`),
      sql``,
    );
  const refs = (alias: string, names: readonly string[]) => names.map((c) => sql.ref(`${alias}.${c}`));
  const ts = (instant: string) => sql`${instant}::timestamptz`;
  const at = sql.ref(`r.${what.at}`);

  const branches: RawBuilder<unknown>[] = [];
  const readings = spans.map(readingOf);
  const inRun = new Set<number>();
  // A run of days, each ending where the next begins (a chart), is read as one range of hours or
  // days, each bucket given to its day by width_bucket: one branch to plan instead of thirty.
  for (let a = 0, b = 0; a < spans.length; a = b + 1) {
    b = a;
    while (b + 1 < spans.length && spans[b]!.toExclusive && spans[b]!.to === spans[b + 1]!.from) b++;
    const starts = readings.slice(a, b + 1).map((r) => r.loMs);
    const bounds = [...starts, readings[b]!.hiMs];
    const grain = (['day', 'hour'] as const).find((g) =>
      bounds.every((t) => Number.isFinite(t) && t % LENGTH[g] === 0),
    );
    if (b === a || !grain) continue;
    for (let k = a; k <= b; k++) inRun.add(k);
    branches.push(sql`
        SELECT ${sql.join([
          sql`(${a} + width_bucket(t.bucket, ${starts.slice(1).map(asSql)}::timestamptz[]))::int AS span`,
          ...refs('t', by),
          sql`t.count AS n`,
          ...refs('t', what.sums),
        ])}
        FROM ${sql.table(what.totals)} t
        WHERE t.grain = ${grain} AND t.bucket >= ${ts(asSql(starts[0]!))} AND t.bucket < ${ts(asSql(bounds.at(-1)!))}${filter('t')}`);
  }

  spans.forEach((span, i) => {
    const r = readings[i]!;
    for (const p of inRun.has(i) ? [] : r.pieces) {
      branches.push(sql`
        SELECT ${sql.join([sql`${i}::int AS span`, ...refs('t', by), sql`t.count AS n`, ...refs('t', what.sums)])}
        FROM ${sql.table(what.totals)} t
        WHERE t.grain = ${p.grain} AND t.bucket >= ${ts(asSql(p.from))} AND t.bucket < ${ts(asSql(p.to))}${filter('t')}`);
    }
    if (!r.fromEdge && !r.toEdge) return;
    const from = ts(span.from ?? '-infinity');
    const to = ts(span.to ?? 'infinity');
    const [lo, hi] = [ts(r.lo), ts(r.hi)];
    const windows = [
      ...(r.fromEdge ? [sql`(${at} >= least(${from}, ${lo}) AND ${at} < greatest(${from}, ${lo}))`] : []),
      ...(r.toEdge ? [sql`(${at} >= least(${to}, ${hi}) AND ${at} <= greatest(${to}, ${hi}))`] : []),
    ];
    // +1 for a row the span has and its buckets do not, -1 for the reverse: only rows between a
    // bound and its quarter can differ, and only those are read.
    const sign = sql`((${at} >= ${from} AND ${span.toExclusive ? sql`${at} < ${to}` : sql`${at} <= ${to}`})::int
      - (${at} >= ${lo} AND ${at} < ${hi})::int)`;
    branches.push(sql`
        SELECT ${sql.join([
          // Named as the bucket branches name them: a span inside one quarter has only this branch.
          sql`${i}::int AS span`,
          ...refs('c', by),
          sql`c.sign AS n`,
          ...what.sums.map((s) => sql`c.sign * ${sql.ref(`c.${s}`)} AS ${sql.ref(s)}`),
        ])}
        FROM (
          SELECT ${sql.join([sql`${sign} AS sign`, ...refs('r', [...by, ...what.sums])])}
          FROM ${sql.table(what.rows)} r
          WHERE (${sql.join(windows, sql` OR `)})${filter('r')}
        ) c
        WHERE c.sign <> 0`);
  });
  if (branches.length === 0) return { statement: undefined, compiled: undefined, by, sums: what.sums };

  const groups = [sql`span`, ...by.map((c) => sql.ref(c))];
  // current_schema() is marked parallel unsafe: it keeps the planner from starting parallel workers
  // for these statements (their many short branches add up to a cost that tempts it), which takes
  // longer (~10 ms) than the statement itself.
  const statement = sql<Row>`
    SELECT ${sql.join([
      ...groups,
      sql`sum(n) AS count`,
      ...what.sums.map((c) => sql`sum(${sql.ref(c)}) AS ${sql.ref(c)}`),
      sql`(SELECT current_schema()) AS serial`,
    ])}
    FROM (${sql.join(branches, sql` UNION ALL `)}) x
    GROUP BY ${sql.join(groups)}`;
  return { statement, compiled: statement.compile(db), by, sums: what.sums };
}

const totalsOf = <Sum extends string>(q: Pick<SpansQuery<Sum>, 'by' | 'sums'>, rows: Row[]) =>
  rows.map((r): SpanTotals<Sum> => ({
    span: Number(r.span),
    keys: Object.fromEntries(q.by.map((c, i) => [c, String(r[c] ?? r[`k${i}`])])),
    count: Number(r.count),
    sums: Object.fromEntries(q.sums.map((s, i) => [s, Number(r[s] ?? r[`s${i}`] ?? 0)])) as Record<Sum, number>,
  }));

export async function runSpans<Sum extends string>(
  db: Kysely<DB>,
  q: SpansQuery<Sum>,
): Promise<Array<SpanTotals<Sum>>> {
  if (!q.compiled) return [];
  return totalsOf(q, (await db.executeQuery(q.compiled)).rows);
}

/** Several sumSpans statements as one, and each one's own to fall back on. */
export interface SpansBatch<K extends string> {
  compiled: CompiledQuery<Row> | undefined;
  parts: Record<K, SpansQuery<string>>;
}

/**
 * One statement for several: each round trip costs more than most of these statements take to
 * run (a write to the socket, a parse, a plan), and a dashboard needs six of them.
 */
export function spansBatch<K extends string>(db: Kysely<DB>, parts: Record<K, SpansQuery<string>>): SpansBatch<K> {
  const named = (Object.entries(parts) as Array<[K, SpansQuery<string>]>).filter(([, q]) => q.statement);
  if (named.length === 0) return { compiled: undefined, parts };
  const keys = Math.max(...named.map(([, q]) => q.by.length));
  const sums = Math.max(...named.map(([, q]) => q.sums.length));
  const selects = named.map(([, q], part) => {
    const columns = [
      sql`${part}::int AS part`,
      sql`q.span`,
      ...Array.from({ length: keys }, (_, i) =>
        q.by[i] ? sql`${sql.ref(`q.${q.by[i]}`)}::text AS ${sql.ref(`k${i}`)}` : sql`NULL::text AS ${sql.ref(`k${i}`)}`,
      ),
      sql`q.count`,
      ...Array.from({ length: sums }, (_, i) =>
        q.sums[i]
          ? sql`${sql.ref(`q.${q.sums[i]}`)} AS ${sql.ref(`s${i}`)}`
          : sql`NULL::numeric AS ${sql.ref(`s${i}`)}`,
      ),
    ];
    return sql`SELECT ${sql.join(columns)} FROM (${q.statement}) q`;
  });
  return { compiled: sql<Row>`${sql.join(selects, sql` UNION ALL `)}`.compile(db), parts };
}

/** What each part of the batch adds up to, by the part's name. */
export async function runSpansBatch<K extends string>(
  db: Kysely<DB>,
  batch: SpansBatch<K>,
): Promise<Record<K, Array<SpanTotals<string>>>> {
  const names = (Object.keys(batch.parts) as K[]).filter((k) => batch.parts[k].statement);
  const rows = batch.compiled ? (await db.executeQuery(batch.compiled)).rows : [];
  const out = Object.fromEntries(Object.keys(batch.parts).map((k) => [k, []])) as unknown as Record<
    K,
    Array<SpanTotals<string>>
  >;
  for (const r of rows) {
    const name = names[Number(r.part)]!;
    out[name].push(totalsOf(batch.parts[name], [r])[0]!);
  }
  return out;
}
