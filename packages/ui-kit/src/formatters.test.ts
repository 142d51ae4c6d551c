import {
  EPOCH_ISO,
  formatCallDuration,
  formatCallEnd,
  formatDate,
  formatDateTime,
  formatDollars,
  isOngoing,
  shortId,
  underscoresToSpaces,
} from './formatters';

const pad = (n: number) => String(n).padStart(2, '0');

describe('formatDollars', () => {
  it('shows US dollars with two decimals and thousands separators', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
    expect(formatDollars(7)).toBe('$7.00');
    expect(formatDollars(-12.345)).toBe('-$12.35');
  });

  it('reads a missing or broken amount as zero', () => {
    expect(formatDollars(null)).toBe('$0.00');
    expect(formatDollars(undefined)).toBe('$0.00');
    expect(formatDollars(NaN)).toBe('$0.00');
  });
});

describe('dates', () => {
  it('formats date and time as YYYY-MM-DD HH:mm', () => {
    expect(formatDateTime('2024-03-05T07:08:09.000Z')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(formatDate('2024-03-05T12:00:00.000Z')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("uses the admin's local time zone, whatever zone the test runs in", () => {
    const iso = '2024-12-31T23:30:00.000Z';
    const local = new Date(iso);
    const day = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
    expect(formatDateTime(iso)).toBe(`${day} ${pad(local.getHours())}:${pad(local.getMinutes())}`);
    expect(formatDate(iso)).toBe(day);
  });

  it('shows a dash for a missing or invalid time', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(value)).toBe('-');
      expect(formatDate(value)).toBe('-');
    }
  });
});

describe('shortId and underscoresToSpaces', () => {
  it('keeps the first 8 characters of a long id and marks the cut', () => {
    expect(shortId('0f8e2d1c-aaaa-bbbb-cccc-123456789abc')).toBe('0f8e2d1c...');
    expect(shortId('12345678')).toBe('12345678');
    expect(shortId('abc')).toBe('abc');
    expect(shortId(null)).toBe('');
  });

  it('shows underscores as spaces', () => {
    expect(underscoresToSpaces('influencer_discount_code')).toBe('influencer discount code');
    expect(underscoresToSpaces('plain')).toBe('plain');
    expect(underscoresToSpaces(undefined)).toBe('');
  });
});

describe('calls', () => {
  const start = '2024-05-01T10:00:00.000Z';

  it('treats the epoch end time as an ongoing call, however it is spelled', () => {
    expect(isOngoing(EPOCH_ISO)).toBe(true);
    expect(isOngoing('1970-01-01T00:00:00Z')).toBe(true);
    expect(isOngoing('1970-01-01T00:00:00+00:00')).toBe(true);
    expect(isOngoing('1970-01-01T00:00:01.000Z')).toBe(false);
    expect(isOngoing(null)).toBe(false);
    expect(isOngoing('')).toBe(false);
  });

  it('shows the duration as hh:mm:ss, hours beyond a day included', () => {
    expect(formatCallDuration(start, '2024-05-01T10:01:05.000Z')).toBe('00:01:05');
    expect(formatCallDuration(start, '2024-05-01T12:34:56.999Z')).toBe('02:34:56');
    expect(formatCallDuration(start, '2024-05-03T11:00:00.000Z')).toBe('49:00:00');
    expect(formatCallDuration(start, start)).toBe('00:00:00');
  });

  it("shows 'Ongoing' for an ongoing call", () => {
    expect(formatCallDuration(start, EPOCH_ISO)).toBe('Ongoing');
    expect(formatCallDuration(null, EPOCH_ISO)).toBe('Ongoing');
  });

  it('shows 00:00:00 when the duration cannot be computed', () => {
    expect(formatCallDuration(null, '2024-05-01T10:01:00.000Z')).toBe('00:00:00');
    expect(formatCallDuration(start, null)).toBe('00:00:00');
    expect(formatCallDuration('garbage', '2024-05-01T10:01:00.000Z')).toBe('00:00:00');
    expect(formatCallDuration('2024-05-01T11:00:00.000Z', start)).toBe('00:00:00');
  });

  it('shows a dash for the end of an ongoing or unknown call, else the local time', () => {
    expect(formatCallEnd(EPOCH_ISO)).toBe('-');
    expect(formatCallEnd(null)).toBe('-');
    expect(formatCallEnd('2024-05-01T10:01:00.000Z')).toBe(formatDateTime('2024-05-01T10:01:00.000Z'));
  });
});
