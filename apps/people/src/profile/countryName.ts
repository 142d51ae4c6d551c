import { COUNTRIES } from '@backoffice/shared-api/profile';
import { MISSING } from './profileFormat';

// Apart from profileFormat, which the lists read too: only a profile's own screens carry the list.
const COUNTRY_NAMES = new Map(COUNTRIES.map((c) => [c.code, c.name]));

/** A code the list lacks is shown as sent, so the admin still sees what is stored. */
export function countryName(code: string | null | undefined): string {
  if (!code) return MISSING;
  return COUNTRY_NAMES.get(code) ?? code;
}
