import { DATE_PATTERN, MIN_AGE_YEARS } from '../constants/profile';

/**
 * True for a YYYY-MM-DD date that exists and belongs to someone at least MIN_AGE_YEARS old on `today`.
 * Compared as calendar dates in UTC, so the answer does not depend on the machine's zone.
 */
export function isAdultBirthDate(dob: string, today: Date = new Date()): boolean {
  if (!new RegExp(DATE_PATTERN).test(dob)) return false;
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  if (y < 1900) return false;
  const limit = Date.UTC(today.getUTCFullYear() - MIN_AGE_YEARS, today.getUTCMonth(), today.getUTCDate());
  return date.getTime() <= limit;
}
