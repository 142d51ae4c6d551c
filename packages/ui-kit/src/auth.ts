/**
 * What a page needs before anyone is signed in: the host's root (providers, router, session
 * restore), the sign-in and change-password forms, and the loading overlay. A separate entry, so
 * that the sign-in page fetches this and `./antd-core` and nothing of the tables, layout and forms
 * the signed-in screens use. Everything here imports antd through `@backoffice/ui-kit/antd-core`
 * only; the main entry re-exports it all by package name.
 *
 * Not a shared module of its own: only the shell imports it directly, and the main entry's copy in
 * the shell's build is the same module, so one more key in every remoteEntry.js would buy nothing.
 */
export { HostRoot, type HostRootProps } from './host/HostRoot';
export { LOGOUT_PATH, SignOut } from './host/SignOut';
export { AppProviders } from './host/AppProviders';
export { SignInForm } from './host/SignInForm';
export { ChangePasswordForm, DEFAULT_PASSWORD_NOTICE } from './host/ChangePasswordForm';
export { AuthCard, EmailField, NewPasswordFields, useServerForm } from './host/AuthForm';
export { useFormServerErrors, type FormFieldName, type FormServerErrorsOptions } from './host/useFormServerErrors';
export { FormErrorAlert, type FormErrorAlertProps } from './host/FormErrorAlert';
export { LoadingOverlay } from './LoadingOverlay';
