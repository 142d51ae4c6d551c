/**
 * What a page needs before anyone is signed in: the host's root (router, session restore, the
 * page's colours and toasts), the sign-in form, signing out, and the loading overlay. All of it is
 * drawn without antd and uses neither react-query nor shared-api's main entry, so that the sign-in
 * page fetches none of them (ESLint holds these files to that). The main entry re-exports it all by
 * package name.
 *
 * Not a shared module of its own: only the hosts import it directly, and the main entry's copy in
 * the shell's build is the same module, so one more key in every remoteEntry.js would buy nothing.
 */
export { HostRoot, type HostRootProps } from './host/HostRoot';
export { LOGOUT_PATH, SignOut } from './host/SignOut';
export { SignInForm } from './host/SignInForm';
export { AuthCard } from './host/AuthCard';
export { LoadingOverlay } from './LoadingOverlay';
export { lazyPage } from './lazyScreen';
