import type { AdminRow } from '@backoffice/shared-api';

/** How an admin is named on screen: their name, or their email before they gave one. */
export const adminName = (admin: Pick<AdminRow, 'firstName' | 'lastName' | 'email'>): string =>
  `${admin.firstName} ${admin.lastName}`.trim() || admin.email;
