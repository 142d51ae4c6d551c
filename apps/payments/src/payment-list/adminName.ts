import type { AdminRef } from '@backoffice/shared-api';

/** First and last name; either may be empty on an incomplete profile, so no stray space then. */
export function adminName(admin: AdminRef | null | undefined): string {
  if (!admin) return '-';
  return `${admin.firstName} ${admin.lastName}`.trim() || '-';
}
