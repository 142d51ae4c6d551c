/**
 * The client side of the contract: its vocabulary, its types and the hooks that call it by name,
 * without the schema builder, so that the apps do not ship it. The server imports
 * `@backoffice/shared-api/contract`; the one-per-page services are `@backoffice/shared-api/runtime`.
 */
export {
  CALL_STATUSES,
  DISCOUNT_CODE_STATUSES,
  DISCOUNT_CODE_TYPES,
  GENDERS,
  SOCIAL_LINK_TYPES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type AvailabilityStatus,
  type CallStatus,
  type DecisionStatus,
  type DiscountCodeStatus,
  type DiscountCodeType,
  type TransactionStatus,
  type TransactionType,
  type UserStatus,
} from './constants/enums';
export { ADMIN_MESSAGES, AUTH_MESSAGES, noAccessTo } from './constants/messages';
export {
  DECISION_STATUS_FILTERS,
  DECISION_STATUS_LABELS,
  FAN_SORTS,
  INFLUENCER_SORTS,
  REDEMPTION_DEFAULTS,
  REDEMPTION_SORTS,
  REQUEST_SORTS,
  type DecisionStatusFilter,
  type FanDetailSection,
  type RedemptionSort,
} from './constants/lists';
export {
  EXPORT_TOTAL_HEADER,
  PAYMENT_LIMITS,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_NAME_PATTERN,
  PAYMENT_METHOD_SORTS,
  PAYOUT_REQUEST_SORTS,
  PAYOUT_SORTS,
  TRANSACTION_EXPORT_COLUMNS,
  TRANSACTION_SORTS,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
} from './constants/payments';
export {
  CALL_SORTS,
  CALL_STATUS_COLORS,
  CATALOG_LIMITS,
  CATALOG_MESSAGES,
  DISCOUNT_CODE_NAME_PATTERN,
  DISCOUNT_CODE_SORTS,
  DISCOUNT_CODE_TYPE_LABELS,
  EMAIL_TEMPLATE_SORTS,
  NOTIFICATION_SORTS,
} from './constants/catalog';
export {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  AUDIT_RECORD_TYPES,
  AUDIT_RECORD_TYPE_LABELS,
  type AuditAction,
  type AuditRecordType,
} from './constants/audit';
export { PERMISSIONS, PERMISSION_LABELS, SELF, type Permission } from './constants/permissions';
export {
  ADMIN_SORTS,
  ADMIN_STATUSES,
  ADMIN_STATUS_LABELS,
  ADMIN_TEAM_MESSAGES,
  INVITE_TTL_HOURS,
  ROLE_LIMITS,
  type AdminSort,
  type AdminStatus,
} from './constants/admins';
export type { EndpointPermission } from './contract/endpoint';
export { notificationText } from './rules/catalog';
export { isUuid } from './rules/ids';
export { decisionStatusFilterOf, decisionStatusOf } from './rules/lists';
export {
  MENU_GROUPS,
  SCREENS,
  SCREEN_REMOTES,
  baseOf,
  linkTo,
  mountOf,
  withComponents,
  type LinkArgs,
  type PlainScreenKey,
  type ScreenComponents,
  type ScreenKey,
  type Screen,
} from './screens';
export { MAX_LIMIT, MAX_PAGE, MAX_SEARCH_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './contract/limits';
export { ROUTES, EVENTS, LIST_ENDPOINTS } from './contract/routes';
export type { Reply } from './contract/common';
export type { EndpointName } from './contract/endpoints';
export type { EventName, PayloadOf } from './contract/events';
// The spec's entities and the rows and records the screens show, by name. A call's query and body
// are read off the endpoint instead: EndpointQuery<'getAllFans'>, EndpointBody<'updateUserProfile'>.
export type { AdminProfile, LoggedInAdmin, UpdateAdminProfileBody } from './contract/auth';
export type {
  AdminRef,
  FanDetails,
  PersonRow,
  RequestDetail,
  RequestRow,
  UpdateUserProfileBody,
  UserProfile,
} from './contract/people';
export type { RedemptionRecord } from './contract/redemption';
export type {
  PaymentMethod,
  PayoutRequestRow,
  PayoutRow,
  TransactionExportQuery,
  TransactionRow,
  TransactionTotals,
  TransactionTotalsQuery,
  UpdatePaymentMethodBody,
} from './contract/payments';
export type {
  CallDetail,
  CallRefund,
  CallRow,
  CallTransaction,
  CreateDiscountCodeBody,
  DiscountCodeRow,
  EmailTemplate,
  EmailTemplateRow,
  NotificationRow,
  UpdateDiscountCodeBody,
  UpdateEmailTemplateBody,
  UserRef,
} from './contract/catalog';
export type { CallsDay, DashboardFigureName, DashboardSummary, RevenueDay } from './contract/dashboard';
export type { AuditEntryRow, AuditLogQuery } from './contract/audit';
export type { AdminInviteInfo, AdminInviteRow, AdminRow, RoleRow } from './contract/admins';
export type { DeployTokenRow, ReleaseFigures, RemoteReleases } from './contract/releases';
export type { AdminSessionRow } from './contract/auth';
export { RECOVERY_CODE_COUNT, SECOND_FACTOR_MESSAGES } from './constants/second-factor';
export type { SecondFactorChallenge } from './contract/auth';
export type { RecoveryCodes, SecondFactorEnrollment, VerifySecondFactorBody } from './contract/second-factor';
export * from './client';
