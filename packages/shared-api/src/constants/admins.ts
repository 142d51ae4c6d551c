/** The vocabulary of the team of admins (Setting → Admins and Roles), shared by the server and the shell. */

export const ADMIN_STATUSES = ['active', 'inactive'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

export const ADMIN_STATUS_LABELS: Record<AdminStatus, string> = { active: 'Active', inactive: 'Deactivated' };

/** What the Admins list sorts by; each is one index walk. */
export const ADMIN_SORTS = ['createdAt', 'name', 'email'] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];

/** An invitation's link works this long, once. */
export const INVITE_TTL_HOURS = 48;

export const ROLE_LIMITS = { nameMax: 60 } as const;

/** What the team screens and the server say, word for word the same in both. */
export const ADMIN_TEAM_MESSAGES = {
  invited: (email: string) => `An invitation was sent to ${email}.`,
  inviteResent: (email: string) => `The invitation to ${email} was sent again.`,
  inviteCancelled: 'The invitation was cancelled.',
  inviteInvalid: 'This invitation link is invalid, was already used, or has expired. Ask for a new one.',
  inviteAccepted: 'Your account is ready. Sign in with your email and new password.',
  alreadyAdmin: 'An admin with this email already exists.',
  roleChanged: 'The role was changed.',
  deactivated: 'The admin was deactivated and signed out everywhere.',
  reactivated: 'The admin was reactivated.',
  lastOwner: 'The last active Owner cannot be deactivated or given another role.',
  notYourself: 'You cannot do this to your own account.',
  roleCreated: 'The role was created.',
  roleUpdated: 'The role was saved.',
  ownerRoleFixed: 'The Owner role always has every permission.',
  roleNameTaken: 'A role with this name already exists.',
  adminNotFound: 'Admin not found',
  inviteNotFound: 'This invitation was accepted or cancelled, or does not exist.',
  roleNotFound: 'Role not found',
  unknownRole: 'Choose one of the roles that exist.',
  sessionNotFound: 'This session has already ended, or does not exist.',
  tooManyAttempts: 'Too many attempts. Try again later.',
  sessionEnded: 'The session was signed out.',
  otherSessionsEnded: (count: number) =>
    count === 1 ? 'One other session was signed out.' : `${count} other sessions were signed out.`,
} as const;
