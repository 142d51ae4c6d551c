/**
 * The client side of the contract: constants and types, without the schema builder, so that the
 * apps do not ship it. The server imports `@backoffice/shared-api/contract`.
 */
export * from './constants/enums';
export * from './constants/countries';
export * from './constants/realtime';
export * from './constants/paths';
export * from './constants/messages';
export * from './constants/lists';
export * from './constants/profile';
export * from './constants/payments';
export * from './constants/catalog';
export * from './constants/dashboard';
export * from './constants/ids';
export * from './constants/email-html';
export * from './constants/audit';
export * from './screens';
export { MAX_LIMIT, MAX_PAGE, MAX_SEARCH_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './contract/limits';
export type { ErrorReply, Reply, SortOrder, ListParams } from './contract/common';
export type * from './contract/auth';
export type * from './contract/people';
export type * from './contract/redemption';
export type * from './contract/payments';
export type * from './contract/catalog';
export type * from './contract/dashboard';
export type { AuditActor, AuditEntryRow, AuditLogQuery } from './contract/audit';
export * from './client';
