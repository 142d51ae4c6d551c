/** Messages the client may show as they are. */
export const AUTH_MESSAGES = {
  signedIn: 'Signed in successfully',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many sign-in attempts. Try again later.',
  forgotPassword: 'If an account exists for that email, a password reset link has been sent.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  resetTokenValid: 'The password reset link is valid',
  passwordReset: 'Your password has been reset. Sign in with your new password.',
  passwordChanged: 'Password changed successfully',
  wrongOldPassword: 'Current password is incorrect',
  samePassword: 'The new password must differ from the current one',
  loggedOut: 'Logout Successfully!',
  missingToken: 'Authentication required',
  invalidToken: 'Your session is invalid or has expired. Please sign in again.',
  tooManyPasswordAttempts: 'Too many wrong passwords. Try again later.',
  passwordChangeRequired: 'Choose a new password before you go on: this account still has the default password.',
  defaultPasswordRefused: 'Choose a password of your own, not the documented default.',
  currentPasswordRequired: 'Enter your current password to change your email.',
  wrongCurrentPassword: 'Current password is incorrect',
  adminSessionRefused: 'This call is made by the marketplace with its own credential, not by an admin session.',
  missingMarketplaceCredential: 'Marketplace credential required',
  noPermission: 'Your role does not allow this.',
  secondFactorEnrollmentRequired: 'Set up a second factor before you go on: your role requires one.',
  accountInactive: 'This account is deactivated.',
} as const;

/** What a screen says to an admin whose role does not open it (a direct URL, an old bookmark). */
export const noAccessTo = (screenTitle: string) => `You do not have access to ${screenTitle}`;

/** The setting screen's messages (the admin's own profile and availability). */
export const ADMIN_MESSAGES = {
  profile: 'Profile',
  profileUpdated: 'Profile updated',
  nowAvailable: 'You are now available',
  nowUnavailable: 'You are now not available',
  dashboard: 'Dashboard',
  badTimeZone: 'Choose a time zone from the list',
} as const;
