import { endpoint, serverEvent } from './endpoint';
import { Ok, OkEmpty, OkList } from './common';
import { SIGN_IN_PATH } from '../constants/transport';
import { ADMIN_UPDATED_EVENT } from '../constants/realtime';
import { Type, type Static } from '@sinclair/typebox';
import { AvailabilityStatus } from './enums';
import { Id, IdQuery, Timestamp } from './common';
import { PICTURE_PATTERN, PROFILE_LIMITS } from '../constants/profile';
import { PERMISSIONS } from '../constants/permissions';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

const Email = Type.String({ format: 'email', maxLength: 254 });
const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
/** Reset tokens are 32 random bytes in base64url: 43 characters. */
const ResetToken = Type.String({ minLength: 20, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });

export const SignInBody = Type.Object(
  {
    email: Email,
    // Sign-in accepts any stored password length; the policy applies when a password is set.
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type SignInBody = Static<typeof SignInBody>;

/** An admin's role, as the account menu names it. */
export const RoleRef = Type.Object({ _id: Id, name: Type.String() }, { additionalProperties: false });
export type RoleRef = Static<typeof RoleRef>;

/** One thing a role may grant (constants/permissions.ts). */
export const PermissionName = Type.Union(PERMISSIONS.map((p) => Type.Literal(p)));

/** What a role grants (see constants/permissions.ts). */
export const Permissions = Type.Array(PermissionName, {
  description: 'The permissions of the role, as PERMISSIONS names them',
  uniqueItems: true,
});

/** The logged-in admin of spec section 3. */
export const LoggedInAdmin = Type.Object(
  {
    _id: Id,
    token: Type.String(),
    expiresAt: Timestamp,
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    availabilityStatus: AvailabilityStatus,
    /**
     * True when the admin signed in with the documented default password: this session may only
     * change the password (or log out) until they choose their own.
     */
    passwordChangeRequired: Type.Boolean(),
    /** True when the admin's role needs a second factor and they have none yet: they enrol first. */
    secondFactorEnrollmentRequired: Type.Boolean(),
    role: RoleRef,
    permissions: Permissions,
  },
  { additionalProperties: false },
);
export type LoggedInAdmin = Static<typeof LoggedInAdmin>;

/**
 * What sign-in answers, with no token, when the admin has a second factor: the password was right,
 * and `challenge` (signed, good for a few minutes, naming the admin) goes with the code to
 * verifySecondFactor (contract/second-factor.ts), which answers the LoggedInAdmin.
 */
export const SecondFactorChallenge = Type.Object(
  { secondFactorRequired: Type.Literal(true), challenge: Type.String(), expiresAt: Timestamp },
  { additionalProperties: false },
);
export type SecondFactorChallenge = Static<typeof SecondFactorChallenge>;

/** The short admin profile of spec section 3. */
export const AdminProfile = Type.Object(
  {
    _id: Id,
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    bio: Type.String(),
    isEmailVerified: Type.Boolean(),
    mainProfilePicture: Type.String(),
    timeZone: Type.String(),
    availabilityStatus: AvailabilityStatus,
    role: RoleRef,
    permissions: Permissions,
    /** Whether the admin has a second factor, and whether their role needs one. */
    secondFactorEnabled: Type.Boolean(),
    secondFactorRequired: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type AdminProfile = Static<typeof AdminProfile>;

/**
 * What the setting screen saves of the admin's own profile: every field, each time. The picture is
 * a data URL as on user profiles (or empty); the time zone one the server knows.
 */
export const UpdateAdminProfileBody = Type.Object(
  {
    firstName: Type.String({ minLength: 1, maxLength: PROFILE_LIMITS.nameMax }),
    lastName: Type.String({ minLength: 1, maxLength: PROFILE_LIMITS.nameMax }),
    email: Type.String({ format: 'email', maxLength: PROFILE_LIMITS.emailMax }),
    bio: Type.String({ maxLength: PROFILE_LIMITS.bioMax }),
    mainProfilePicture: Type.String({
      maxLength: PROFILE_LIMITS.pictureMaxChars,
      pattern: `(^$)|(${PICTURE_PATTERN})`,
    }),
    timeZone: Type.String({ minLength: 1, maxLength: PROFILE_LIMITS.timeZoneMax }),
    /** Needed only when the email changes: a stolen token alone must not take the account over. */
    currentPassword: Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type UpdateAdminProfileBody = Static<typeof UpdateAdminProfileBody>;

/** The availability switch of the setting screen: '1' available, '0' not (spec section 3). */
export const UpdateAvailabilityBody = Type.Object(
  { availabilityStatus: AvailabilityStatus },
  { additionalProperties: false },
);
export type UpdateAvailabilityBody = Static<typeof UpdateAvailabilityBody>;

export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const VerifyResetPasswordTokenQuery = Type.Object({ token: ResetToken }, { additionalProperties: false });
export type VerifyResetPasswordTokenQuery = Static<typeof VerifyResetPasswordTokenQuery>;

export const ResetPasswordBody = Type.Object(
  { token: ResetToken, password: Password },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const ChangePasswordBody = Type.Object(
  { oldPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }), newPassword: Password },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** A password change revokes every session, this one included, and hands back a fresh token. */
export const ChangePasswordResult = Type.Object(
  { token: Type.String(), expiresAt: Timestamp },
  { additionalProperties: false },
);
export type ChangePasswordResult = Static<typeof ChangePasswordResult>;

export { ADMIN_MESSAGES, AUTH_MESSAGES } from '../constants/messages';

/** One of an admin's sessions: a sign-in neither logged out, revoked nor expired. */
export const AdminSessionRow = Type.Object(
  {
    _id: Id,
    /** The browser and system it signed in from, as its User-Agent names them ("Chrome 131 on Linux"). */
    browser: Type.String(),
    /** The address it signed in from. */
    address: Type.String(),
    signedInAt: Timestamp,
    /** When it last made a request (to the minute). */
    lastSeenAt: Timestamp,
    expiresAt: Timestamp,
    /** The session the asking request came with. */
    current: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type AdminSessionRow = Static<typeof AdminSessionRow>;

export const authEvents = {
  sessionsChanged: serverEvent({
    name: 'admin:sessions',
    summary: "One of the admin's sessions began or ended (every tab of theirs gets it)",
    payload: Type.Object({ _id: Id }, { additionalProperties: false }),
    invalidates: ['admin'],
    to: 'self',
  }),
  adminUpdated: serverEvent({
    name: ADMIN_UPDATED_EVENT,
    summary: "The admin's own profile or availability changed (every tab of theirs gets it)",
    payload: AdminProfile,
    invalidates: ['admin'],
    to: 'self',
  }),
};

export const authEndpoints = {
  signIn: endpoint({
    method: 'POST',
    path: SIGN_IN_PATH,
    auth: 'public',
    resource: 'auth',
    summary:
      'Sign in with email and password; returns the logged-in admin with a bearer token, or, when the admin has a second factor, a challenge for verifySecondFactor (no token)',
    body: SignInBody,
    reply: Ok(Type.Union([LoggedInAdmin, SecondFactorChallenge])),
    emits: ['sessionsChanged'],
  }),
  getSessions: endpoint({
    method: 'GET',
    path: '/admin/getSessions',
    auth: 'admin',
    permission: 'self',
    resource: 'admin',
    summary: "The signed-in admin's own sessions, newest first, the current one marked",
    reply: OkList(AdminSessionRow),
  }),
  revokeSession: endpoint({
    method: 'POST',
    path: '/admin/sessions/revoke',
    auth: 'admin',
    permission: 'self',
    resource: 'admin',
    summary: "Sign out one of the signed-in admin's own sessions (its sockets end at once)",
    querystring: IdQuery,
    reply: OkEmpty,
    emits: ['sessionsChanged'],
  }),
  revokeOtherSessions: endpoint({
    method: 'POST',
    path: '/admin/sessions/revokeOthers',
    auth: 'admin',
    permission: 'self',
    resource: 'admin',
    summary: "Sign out every session of the signed-in admin's but this one",
    reply: Ok(Type.Object({ count: Type.Integer({ minimum: 0 }) }, { additionalProperties: false })),
    emits: ['sessionsChanged'],
  }),
  updateAdminProfile: endpoint({
    method: 'PATCH',
    path: '/admin/updateProfile',
    auth: 'admin',
    permission: 'self',
    resource: 'admin',
    summary:
      "Save the signed-in admin's own profile (names, email, bio, picture, time zone); their other tabs get it over the socket as admin:updated",
    body: UpdateAdminProfileBody,
    reply: Ok(AdminProfile),
    emits: ['adminUpdated'],
  }),
  updateAvailability: endpoint({
    method: 'PATCH',
    path: '/admin/updateAvailability',
    auth: 'admin',
    permission: 'self',
    resource: 'admin',
    summary: "Set the signed-in admin's availability ('1' available, '0' not), kept on the server",
    body: UpdateAvailabilityBody,
    reply: Ok(AdminProfile),
    emits: ['adminUpdated'],
  }),
  getUserProfile: endpoint({
    method: 'GET',
    path: '/admin/getUserProfile',
    auth: 'admin',
    permission: 'self',
    resource: 'admin',
    summary: "The signed-in admin's profile; used to verify a restored session",
    reply: Ok(AdminProfile),
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/admin/forgotPassword',
    auth: 'public',
    resource: 'auth',
    summary: 'Email a password reset link; replies the same whether or not the email is known',
    body: ForgotPasswordBody,
    reply: OkEmpty,
  }),
  verifyResetPasswordToken: endpoint({
    method: 'GET',
    path: '/admin/verifyResetPasswordToken',
    auth: 'public',
    resource: 'auth',
    summary: 'Tell whether a reset token is still valid (does not use it up)',
    querystring: VerifyResetPasswordTokenQuery,
    reply: OkEmpty,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/admin/resetPassword',
    auth: 'public',
    resource: 'auth',
    summary: 'Set a new password with a reset token; the token works once and every session ends',
    body: ResetPasswordBody,
    reply: OkEmpty,
  }),
  changePassword: endpoint({
    method: 'PATCH',
    path: '/admin/changePassword',
    auth: 'admin',
    permission: 'self',
    resource: 'auth',
    summary: 'Change the password; revokes every session and returns a fresh token',
    body: ChangePasswordBody,
    reply: Ok(ChangePasswordResult),
    emits: ['sessionsChanged'],
  }),
  logout: endpoint({
    method: 'POST',
    path: '/admin/logout',
    auth: 'admin',
    permission: 'self',
    resource: 'auth',
    summary: 'Revoke the token this request carries',
    reply: OkEmpty,
    emits: ['sessionsChanged'],
  }),
};
