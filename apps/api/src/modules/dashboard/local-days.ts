/**
 * Calendar days of a time zone, computed in Node with the runtime's zone data. The database is
 * given only instants, never the zone, so that the days of the dashboard and the bounds the screens
 * send to the lists come from one source and cannot disagree with PostgreSQL's own zone data.
 */

/** A local calendar day, YYYY-MM-DD. */
export type Day = string;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter, or undefined when the runtime does not know the zone. */
function formatterOf(timeZone: string): Intl.DateTimeFormat | undefined {
  // Zone names are case-insensitive: one entry per zone, however a caller spells it.
  const key = timeZone.toLowerCase();
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      return undefined;
    }
    // Only zones that exist are kept, so made-up names cannot grow the cache.
    formatters.set(key, f);
  }
  return f;
}

/** True when the runtime knows the zone (an IANA name; case as IANA writes it or not). */
export const isKnownZone = (timeZone: string): boolean => formatterOf(timeZone) !== undefined;

function wallClock(instant: number, timeZone: string) {
  const f = formatterOf(timeZone);
  if (!f) throw new RangeError(`Unknown time zone ${timeZone}`);
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local day an instant falls on in the zone. */
export function localDay(instant: number, timeZone: string): Day {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (whole seconds). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

const utcMidnight = (day: Day): number => Date.parse(`${day}T00:00:00.000Z`);

/** The day `n` calendar days after `day` (before, when negative). */
export function addDays(day: Day, n: number): Day {
  return new Date(utcMidnight(day) + n * DAY).toISOString().slice(0, 10);
}

/** 1 for Monday .. 7 for Sunday, as ISO weeks count. */
export function isoWeekday(day: Day): number {
  return ((new Date(utcMidnight(day)).getUTCDay() + 6) % 7) + 1;
}

/**
 * The first instant of a local day: its midnight, or where midnight does not exist (a clock moved
 * forward at 00:00, as in America/Santiago) the first instant the day has.
 */
export function startOfDay(day: Day, timeZone: string): number {
  const wall = utcMidnight(day);
  // Twice: the offset at the guess may differ from the offset at midnight across a transition.
  let t = wall - offsetAt(wall, timeZone);
  t = wall - offsetAt(t, timeZone);
  if (localDay(t, timeZone) === day && localDay(t - 1, timeZone) < day) return t;
  // Midnight fell in a gap: find the first instant of the day. Offsets lie within -12 h .. +14 h,
  // so the day begins within this window.
  let lo = wall - 15 * HOUR; // still the day before
  let hi = wall + 13 * HOUR; // already the day
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDay(mid, timeZone) < day) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** A local day as the instants the lists' from and to take: its first and its last millisecond. */
export interface DayBounds {
  day: Day;
  from: Date;
  to: Date;
}

export function boundsOf(day: Day, timeZone: string): DayBounds {
  return {
    day,
    from: new Date(startOfDay(day, timeZone)),
    to: new Date(startOfDay(addDays(day, 1), timeZone) - 1),
  };
}
