/** What the auth forms say of their fields: the sign-in form (drawn without antd) and the antd ones alike. */
export const AUTH_FIELD_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  recoveryCodeRequired: 'Enter one of your recovery codes',
} as const;
