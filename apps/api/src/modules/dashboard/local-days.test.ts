import { addDays, boundsOf, isKnownZone, isoWeekday, localDay, startOfDay } from './local-days';

const iso = (ms: number | Date) => new Date(ms).toISOString();
const hoursOf = (day: string, tz: string) => {
  const b = boundsOf(day, tz);
  return (b.to.getTime() + 1 - b.from.getTime()) / 3_600_000;
};

describe('local days', () => {
  it('start at local midnight and end at the last millisecond before the next one', () => {
    expect(iso(startOfDay('2026-11-22', 'UTC'))).toBe('2026-11-22T00:00:00.000Z');
    // Etc/GMT-5 is five hours ahead of UTC (POSIX signs are inverted)
    const b = boundsOf('2026-11-22', 'Etc/GMT-5');
    expect([iso(b.from), iso(b.to)]).toEqual(['2026-11-21T19:00:00.000Z', '2026-11-22T18:59:59.999Z']);
    expect(iso(startOfDay('2026-11-22', 'Asia/Kolkata'))).toBe('2026-11-21T18:30:00.000Z');
  });

  it('are 23 and 25 hours long on the days clocks change', () => {
    expect(iso(startOfDay('2024-03-10', 'America/New_York'))).toBe('2024-03-10T05:00:00.000Z');
    expect(hoursOf('2024-03-10', 'America/New_York')).toBe(23);
    expect(iso(startOfDay('2024-11-03', 'America/New_York'))).toBe('2024-11-03T04:00:00.000Z');
    expect(hoursOf('2024-11-03', 'America/New_York')).toBe(25);
    expect(hoursOf('2024-03-31', 'Europe/London')).toBe(23);
  });

  it('begin at the first instant the day has when its midnight does not exist', () => {
    // Chile moved its clocks from 00:00 to 01:00 on 2022-09-11: the day began at 01:00 (-03).
    expect(iso(startOfDay('2022-09-11', 'America/Santiago'))).toBe('2022-09-11T04:00:00.000Z');
    expect(localDay(startOfDay('2022-09-11', 'America/Santiago') - 1, 'America/Santiago')).toBe('2022-09-10');
  });

  it('name the day an instant falls on in the zone', () => {
    const instant = Date.parse('2026-11-22T20:30:00Z');
    expect(localDay(instant, 'UTC')).toBe('2026-11-22');
    expect(localDay(instant, 'Asia/Tokyo')).toBe('2026-11-23');
    expect(localDay(instant, 'Pacific/Honolulu')).toBe('2026-11-22');
  });

  it('count calendar days and ISO weekdays', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isoWeekday('2026-11-23')).toBe(1); // a Monday
    expect(isoWeekday('2026-11-22')).toBe(7); // a Sunday
  });

  it('know the zones the runtime knows, whatever their case, and no others', () => {
    expect(isKnownZone('Europe/Paris')).toBe(true);
    expect(isKnownZone('europe/paris')).toBe(true);
    expect(isKnownZone('Etc/GMT+11')).toBe(true);
    expect(isKnownZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownZone('')).toBe(false);
  });
});
