/**
 * The date range filter works in the admin's days: the URL keeps the days they picked
 * (YYYY-MM-DD, readable and shareable), the server gets the instants those days start and end at
 * in the admin's own time zone.
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
