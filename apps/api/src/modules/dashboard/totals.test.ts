import { boundsOf } from './local-days';
import { ceilTo, floorTo, piecesOf, type Piece } from './totals';

const at = (s: string) => Date.parse(s);
const iso = (t: number) => (Number.isFinite(t) ? new Date(t).toISOString() : String(t));
const show = (pieces: Piece[]) => pieces.map((p) => `${p.grain} ${iso(p.from)} ${iso(p.to)}`);

/** The pieces, in order, cover [lo, hi) once, and each starts and ends on a bucket of its grain. */
function expectTiling(lo: number, hi: number) {
  const pieces = [...piecesOf(lo, hi)].sort((a, b) => a.from - b.from);
  let next = lo;
  for (const p of pieces) {
    expect(p.from).toBe(next);
    expect(p.to).toBeGreaterThan(p.from);
    for (const edge of [p.from, p.to]) if (Number.isFinite(edge)) expect(floorTo(p.grain, edge)).toBe(edge);
    next = p.to;
  }
  expect(next).toBe(lo < hi ? hi : lo);
  return pieces;
}

describe('the buckets a period is read from', () => {
  it('tile a local day of a zone 5:45 ahead of UTC with its ragged quarters and the hours between', () => {
    const day = boundsOf('2026-03-10', 'Asia/Kathmandu');
    const lo = day.from.getTime();
    const hi = day.to.getTime() + 1;
    expect(show(expectTiling(lo, hi))).toEqual([
      'quarter 2026-03-09T18:15:00.000Z 2026-03-09T19:00:00.000Z',
      'hour 2026-03-09T19:00:00.000Z 2026-03-10T18:00:00.000Z',
      'quarter 2026-03-10T18:00:00.000Z 2026-03-10T18:15:00.000Z',
    ]);
  });

  it('read a month as days, and whole months as months, whatever the year', () => {
    expect(show(piecesOf(at('2026-01-31T22:00:00Z'), at('2026-04-01T01:30:00Z')))).toEqual([
      'quarter 2026-04-01T01:00:00.000Z 2026-04-01T01:30:00.000Z',
      'hour 2026-01-31T22:00:00.000Z 2026-02-01T00:00:00.000Z',
      'hour 2026-04-01T00:00:00.000Z 2026-04-01T01:00:00.000Z',
      'month 2026-02-01T00:00:00.000Z 2026-04-01T00:00:00.000Z',
    ]);
    // years 0-99 are not read as 1900-1999
    expect(iso(ceilTo('month', at('0050-01-15T00:00:00Z')))).toBe('0050-02-01T00:00:00.000Z');
    expect(iso(floorTo('month', at('0050-12-15T00:00:00Z')))).toBe('0050-12-01T00:00:00.000Z');
  });

  it('read an open end as every month before or after', () => {
    expect(show(piecesOf(-Infinity, Infinity))).toEqual(['month -Infinity Infinity']);
    expect(show(expectTiling(at('2026-05-20T10:15:00Z'), Infinity))).toEqual([
      'quarter 2026-05-20T10:15:00.000Z 2026-05-20T11:00:00.000Z',
      'hour 2026-05-20T11:00:00.000Z 2026-05-21T00:00:00.000Z',
      'day 2026-05-21T00:00:00.000Z 2026-06-01T00:00:00.000Z',
      'month 2026-06-01T00:00:00.000Z Infinity',
    ]);
    expectTiling(-Infinity, at('2026-05-20T10:15:00Z'));
  });

  it('tile any period on quarters, in at most a few hundred buckets', () => {
    const QUARTER = 15 * 60_000;
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const base = at('2024-01-01T00:00:00Z');
    for (let i = 0; i < 2000; i++) {
      const lo = base + Math.floor(random() * 70_000) * QUARTER;
      const hi = lo + Math.floor(random() ** 3 * 80_000) * QUARTER;
      const pieces = expectTiling(lo, hi);
      const buckets = pieces.reduce(
        (n, p) =>
          n +
          (p.grain === 'month'
            ? 1
            : (p.to - p.from) / { quarter: QUARTER, hour: 4 * QUARTER, day: 96 * QUARTER }[p.grain]),
        0,
      );
      expect(buckets).toBeLessThanOrEqual(2 * (3 + 23 + 30) + 36);
    }
    expect(piecesOf(base, base)).toEqual([]);
  });
});
