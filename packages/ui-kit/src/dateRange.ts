/**
 * A list's created-on range works in the admin's days: the URL keeps the days they picked
 * (YYYY-MM-DD, readable and shareable, what the dashboard's cards link to), the server gets the
 * instants those days start and end at in the admin's own time zone.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function localInstant(day: string | undefined, hours: number, minutes: number, seconds: number, ms: number) {
  const m = day ? DAY.exec(day) : null;
  if (!m) return undefined;
  const [year, month, date] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  // setFullYear, because the Date constructor reads years below 100 as 19xx.
  const d = new Date(0);
  d.setFullYear(year, month, date);
  d.setHours(hours, minutes, seconds, ms);
  // 2026-02-30 rolls over into March: a day that does not exist is no filter.
  if (d.getFullYear() !== year || d.getMonth() !== month || d.getDate() !== date) return undefined;
  return d;
}

/** The day itself when it names a real calendar day, else undefined (a hand-edited URL). */
export function validDay(day: string | undefined): string | undefined {
  return localInstant(day, 12, 0, 0, 0) ? day : undefined;
}

/** The instant the local day starts at, as ISO 8601 UTC. */
export function startOfLocalDay(day: string | undefined): string | undefined {
  return localInstant(day, 0, 0, 0, 0)?.toISOString();
}

/** The last millisecond of the local day, as ISO 8601 UTC: "to" includes the whole day. */
export function endOfLocalDay(day: string | undefined): string | undefined {
  return localInstant(day, 23, 59, 59, 999)?.toISOString();
}

/** The URL parameters of the range, for a list's filterKeys. */
export const DATE_RANGE_KEYS = ['from', 'to'] as const;

/** What a list query gets for the range: the instants the URL's days start and end at; an invalid day is no bound. */
export function dateRangeBounds(filters: Partial<Record<string, string>>): { from?: string; to?: string } {
  return { from: startOfLocalDay(filters.from), to: endOfLocalDay(filters.to) };
}

/** The part of useListController's result the range reads and writes. */
export interface DateRangeSource {
  filters: Partial<Record<string, string>>;
  setFilter: (key: string, value: string | undefined) => void;
}

export interface DateRangeState {
  /** The valid days in the URL (YYYY-MM-DD), for the inputs. */
  from: string | undefined;
  to: string | undefined;
  /** An emptied input ('') removes its bound. */
  setFrom: (day: string) => void;
  setTo: (day: string) => void;
  /** Whether either bound narrows the list (a "Clear filters" then shows). */
  isSet: boolean;
  /** The change that clears the range, to merge into a list's one "Clear filters" setFilters call. */
  cleared: Record<(typeof DATE_RANGE_KEYS)[number], undefined>;
}

/** The From/To pair of a list whose controller keeps DATE_RANGE_KEYS and sends dateRangeBounds. */
export function useDateRangeFilter(list: DateRangeSource): DateRangeState {
  const from = validDay(list.filters.from);
  const to = validDay(list.filters.to);
  return {
    from,
    to,
    setFrom: (day) => list.setFilter('from', day || undefined),
    setTo: (day) => list.setFilter('to', day || undefined),
    isSet: !!(from || to),
    cleared: { from: undefined, to: undefined },
  };
}
