import { dateRangeBounds, endOfLocalDay, startOfLocalDay, validDay } from './dateRange';

// Expectations are built with the local Date constructor: the admin's own days, whatever zone the test runs in.
describe('the created-on range, in the admin’s local days', () => {
  it('sends the instants the local day starts and ends at, the whole day included', () => {
    expect(startOfLocalDay('2026-01-05')).toBe(new Date(2026, 0, 5, 0, 0, 0, 0).toISOString());
    expect(endOfLocalDay('2026-01-05')).toBe(new Date(2026, 0, 5, 23, 59, 59, 999).toISOString());
    expect(dateRangeBounds({ from: '2026-11-01', to: '2026-11-22' })).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 22, 23, 59, 59, 999).toISOString(),
    });
    // One bound alone narrows one side only.
    expect(dateRangeBounds({ to: '2026-11-22' })).toEqual({
      from: undefined,
      to: new Date(2026, 10, 22, 23, 59, 59, 999).toISOString(),
    });
  });

  it('reads a hand-edited day that is not a calendar day as no bound', () => {
    for (const day of ['2026-02-30', '2026-13-01', 'yesterday', '2026-1-5', '', undefined]) {
      expect(validDay(day)).toBeUndefined();
      expect(startOfLocalDay(day)).toBeUndefined();
      expect(endOfLocalDay(day)).toBeUndefined();
    }
    expect(validDay('2028-02-29')).toBe('2028-02-29');
    expect(dateRangeBounds({ from: '2026-02-30' })).toEqual({ from: undefined, to: undefined });
  });

  it('keeps years below 100 as written, not 19xx', () => {
    const d = new Date(startOfLocalDay('0099-06-01')!);
    expect([d.getFullYear(), d.getMonth(), d.getDate()]).toEqual([99, 5, 1]);
  });
});
