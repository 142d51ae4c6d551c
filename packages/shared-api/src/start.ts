/**
 * What a page needs before anyone is signed in: the auth calls and the table of screens (the shell
 * routes by it). Not a shared module: it is small, and bundled into the page that imports it, so
 * that the sign-in page does not fetch the main entry (every list's hooks, and react-query with
 * them). Its calls reach the session and the HTTP client through `@backoffice/shared-api/runtime`,
 * the page's one instance, as the main entry's do.
 */
export { authApi } from './client/auth-api';
export { SCREENS, baseOf, isRemoteScreen, linkTo, mountOf, screen } from './screens';
export { SCREEN_REMOTES } from './screens';
export type { PlainScreenKey, RemoteName, RemoteScreenEntry, Screen, ScreenKey } from './screens';
