/**
 * The singleton surface of shared-api: what must be one instance per page whichever remotes are
 * open (the session, the HTTP client and its interceptors, the client configuration, the socket,
 * the toast bridge, the admin's light/dark choice). Module Federation shares this entry under its own key as a strict singleton
 * with its own version (package.json `federation.singletons`), so it changes rarely and a remote
 * that needs a newer one is refused at release. Everything else in the package (contract, hooks,
 * query keys) is shared by semver, and a remote whose version the shell cannot serve brings its own.
 *
 * Code elsewhere in the package imports these through `@backoffice/shared-api/runtime`, never by a
 * relative path, so that a remote's own copy of the rest still uses the page's one instance.
 */
export * from './config';
export * from './storage';
export * from './toast';
export * from './session';
export * from './http';
export * from './earlyReads';
export * from './readTimes';
export * from './socket';
export * from './themeMode';
