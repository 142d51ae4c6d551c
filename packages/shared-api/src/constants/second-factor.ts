/** Two-factor sign-in (TOTP and recovery codes): its figures and what the server says, shared with the screens. */

/** How long the second step of a sign-in may wait for its code. */
export const SECOND_FACTOR_CHALLENGE_SECONDS = 5 * 60;

/** How many single-use recovery codes an enrolment (or a new set) hands out. */
export const RECOVERY_CODE_COUNT = 10;

export const SECOND_FACTOR_MESSAGES = {
  challenge: 'Enter the 6-digit code from your authenticator app',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  totpRequired: 'Enter the 6-digit code your authenticator app shows.',
  wrongCode: 'That code is not right. Enter the code your authenticator app shows now, or an unused recovery code.',
  wrongTotp: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  codeUsed: 'That code was already used. Wait for the next one in your authenticator app.',
  challengeExpired: 'This sign-in has expired. Sign in again with your email and password.',
  tooManyCodes: 'Too many wrong codes. Try again later.',
  enrollmentStarted: 'Scan the QR code with your authenticator app, then enter the code it shows.',
  notStarted: 'Start the set-up again: there is no QR code waiting to be confirmed.',
  alreadyEnabled: 'Two-factor sign-in is already on for your account.',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  notEnabled: 'Two-factor sign-in is not on for your account.',
  recoveryCodesReplaced: 'New recovery codes were made; the old ones no longer work.',
  reset: (name: string) => `The second factor of ${name} was removed and their sessions ended: they set it up again.`,
  nothingToReset: 'This admin has no second factor to reset.',
  notYourOwn: 'You cannot reset your own second factor: another Owner can.',
  adminNotFound: 'Admin not found',
} as const;
