import { GENDERS, SOCIAL_LINK_TYPES, type UserStatus } from '@backoffice/shared-api';

/** Spec: missing values of a profile read as a dash, never as an empty cell. */
export const MISSING = '-';

export function orDash(value: string | null | undefined): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : MISSING;
}

export function yesNo(value: boolean | null | undefined): string {
  return value ? 'Yes' : 'No';
}

/** Spec section 2: active when status is '1', otherwise inactive. */
export function isActive(status: UserStatus | string | null | undefined): boolean {
  return status === '1';
}

export function statusLabel(status: UserStatus | string | null | undefined): 'Active' | 'Inactive' {
  return isActive(status) ? 'Active' : 'Inactive';
}

export function fullName(p: { firstName?: string | null; lastName?: string | null }): string {
  return orDash([p.firstName?.trim(), p.lastName?.trim()].filter(Boolean).join(' '));
}

export function genderName(code: number | null | undefined): string {
  return (code != null && GENDERS[code as keyof typeof GENDERS]) || MISSING;
}

export function socialTypeName(code: number | null | undefined): string {
  return (code != null && SOCIAL_LINK_TYPES[code as keyof typeof SOCIAL_LINK_TYPES]) || MISSING;
}

/**
 * Ids resolved against a lookup list. An id the list lacks (or a list that failed to load) is shown
 * as the id: hiding it would make a stored value look absent.
 */
export function namesOf(
  ids: readonly string[] | null | undefined,
  list: ReadonlyArray<{ _id: string; name: string }> = [],
) {
  const byId = new Map(list.map((item) => [item._id, item.name]));
  return (ids ?? []).map((id) => byId.get(id) ?? id);
}

/** Only web addresses become links: a stored `javascript:` URL must not run when clicked. */
export function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

/** The social links worth showing: the default empty entry (`{ url: '', type: null }`) is none. */
export function filledLinks<L extends { url: string }>(links: readonly L[] | null | undefined): L[] {
  return (links ?? []).filter((l) => l.url.trim() !== '');
}
