import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { IdQuery, Ok, OkEmpty } from './common';
import { LoggedInAdmin } from './auth';
import { RECOVERY_CODE_COUNT } from '../constants/second-factor';

export * from '../constants/second-factor';

/**
 * What the admin types: the 6-digit code of their authenticator app, or a recovery code. Loose here
 * (spaces and dashes as the admin copies them) and read by the server, which says which it wanted.
 */
const Code = Type.String({ minLength: 1, maxLength: 64 });

export const VerifySecondFactorBody = Type.Object(
  {
    /** The challenge sign-in answered with. */
    challenge: Type.String({ minLength: 1, maxLength: 2048 }),
    /** A 6-digit code from the authenticator app, or one of the admin's unused recovery codes. */
    code: Code,
  },
  { additionalProperties: false },
);
export type VerifySecondFactorBody = Static<typeof VerifySecondFactorBody>;

/** A current code of the authenticator app (a recovery code does not confirm or change a factor). */
export const SecondFactorCodeBody = Type.Object({ code: Code }, { additionalProperties: false });
export type SecondFactorCodeBody = Static<typeof SecondFactorCodeBody>;

/** A new secret, shown once to be added to an authenticator app; nothing is on until it is confirmed. */
export const SecondFactorEnrollment = Type.Object(
  {
    /** Base32, for typing into the app by hand. */
    secret: Type.String(),
    /** The otpauth:// URI the QR code holds. */
    otpauthUrl: Type.String(),
    /** The QR code as an image data URL (SVG), drawn by the server: the page ships no QR library. */
    qrCode: Type.String(),
  },
  { additionalProperties: false },
);
export type SecondFactorEnrollment = Static<typeof SecondFactorEnrollment>;

/** Single-use codes for signing in without the app, shown this once (the server keeps only their hashes). */
export const RecoveryCodes = Type.Object(
  {
    recoveryCodes: Type.Array(Type.String(), { minItems: RECOVERY_CODE_COUNT, maxItems: RECOVERY_CODE_COUNT }),
  },
  { additionalProperties: false },
);
export type RecoveryCodes = Static<typeof RecoveryCodes>;

export const secondFactorEndpoints = {
  verifySecondFactor: endpoint({
    method: 'POST',
    path: '/admin/verifySecondFactor',
    auth: 'public',
    resource: 'auth',
    summary:
      "Sign-in's second step: the challenge signIn answered with and a code from the authenticator app (or a recovery code, which then works no more); returns the logged-in admin with a bearer token",
    body: VerifySecondFactorBody,
    reply: Ok(LoggedInAdmin),
    emits: ['sessionsChanged'],
  }),
  startSecondFactorEnrollment: endpoint({
    method: 'POST',
    path: '/admin/secondFactor/start',
    auth: 'admin',
    permission: 'self',
    resource: 'admin',
    summary:
      'Begin setting up two-factor sign-in: a new secret with its QR code, which confirmSecondFactorEnrollment turns on (a second start replaces it)',
    reply: Ok(SecondFactorEnrollment),
  }),
  confirmSecondFactorEnrollment: endpoint({
    method: 'POST',
    path: '/admin/secondFactor/confirm',
    auth: 'admin',
    permission: 'self',
    resource: 'admin',
    summary:
      "Turn two-factor sign-in on with a code from the app that scanned the QR code; returns ten recovery codes, shown once; the admin's sessions may do everything again",
    body: SecondFactorCodeBody,
    reply: Ok(RecoveryCodes),
    emits: ['adminUpdated', 'adminsChanged'],
  }),
  regenerateRecoveryCodes: endpoint({
    method: 'POST',
    path: '/admin/secondFactor/recoveryCodes',
    auth: 'admin',
    permission: 'self',
    resource: 'admin',
    summary: 'Replace the recovery codes with ten new ones (shown once), given a current code from the app',
    body: SecondFactorCodeBody,
    reply: Ok(RecoveryCodes),
  }),
  resetAdminSecondFactor: endpoint({
    method: 'POST',
    path: '/admin/secondFactor/reset',
    auth: 'admin',
    permission: 'admins.manage',
    resource: 'admins',
    summary:
      "Remove another admin's second factor and recovery codes and end their sessions: they set it up again at their next sign-in where their role needs one",
    querystring: IdQuery,
    reply: OkEmpty,
    emits: ['adminsChanged', 'sessionsChanged'],
  }),
};
