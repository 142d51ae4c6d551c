/**
 * What the audit log records, named once: the server writes these, the Audit log screen filters by
 * them and shows their labels.
 */
export const AUDIT_ACTIONS = [
  'auth.signedIn',
  'auth.signInFailed',
  'auth.lockedOut',
  'auth.passwordChanged',
  'auth.passwordReset',
  'auth.loggedOut',
  'auth.emailChanged',
  'admin.profileUpdated',
  'admin.availabilityChanged',
  'user.statusChanged',
  'user.profileUpdated',
  'influencerRequest.created',
  'influencerRequest.approved',
  'influencerRequest.rejected',
  'payoutRequest.created',
  'payoutRequest.firstApproval',
  'payoutRequest.approved',
  'payoutRequest.rejected',
  'emailTemplate.updated',
  'discountCode.created',
  'discountCode.updated',
  'discountCode.deleted',
  'paymentMethod.created',
  'paymentMethod.updated',
  'paymentMethod.deleted',
  'notification.created',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.signedIn': 'Signed in',
  'auth.signInFailed': 'Sign-in failed',
  'auth.lockedOut': 'Locked out',
  'auth.passwordChanged': 'Password changed',
  'auth.passwordReset': 'Password reset',
  'auth.loggedOut': 'Logged out',
  'auth.emailChanged': 'Email changed',
  'admin.profileUpdated': 'Admin profile updated',
  'admin.availabilityChanged': 'Availability changed',
  'user.statusChanged': 'User status changed',
  'user.profileUpdated': 'User profile updated',
  'influencerRequest.created': 'Influencer request filed',
  'influencerRequest.approved': 'Influencer request approved',
  'influencerRequest.rejected': 'Influencer request rejected',
  'payoutRequest.created': 'Payout request filed',
  'payoutRequest.firstApproval': 'Payout request first approval',
  'payoutRequest.approved': 'Payout request approved',
  'payoutRequest.rejected': 'Payout request rejected',
  'emailTemplate.updated': 'Email template updated',
  'discountCode.created': 'Discount code created',
  'discountCode.updated': 'Discount code updated',
  'discountCode.deleted': 'Discount code deleted',
  'paymentMethod.created': 'Payment method created',
  'paymentMethod.updated': 'Payment method updated',
  'paymentMethod.deleted': 'Payment method deleted',
  'notification.created': 'Notification created',
};

export const AUDIT_RECORD_TYPES = [
  'admin',
  'user',
  'influencerRequest',
  'payoutRequest',
  'payout',
  'emailTemplate',
  'discountCode',
  'paymentMethod',
  'notification',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

export const AUDIT_RECORD_TYPE_LABELS: Record<AuditRecordType, string> = {
  admin: 'Admin',
  user: 'User',
  influencerRequest: 'Influencer request',
  payoutRequest: 'Payout request',
  payout: 'Payout',
  emailTemplate: 'Email template',
  discountCode: 'Discount code',
  paymentMethod: 'Payment method',
  notification: 'Notification',
};
