/**
 * The client half of shared-api: how every app talks to the API and to the shell's services. The
 * one-per-page services come from the singleton entry (src/runtime.ts) by package name, so this
 * part can be a remote's own copy without a second session, HTTP client or socket.
 */
// Named, not `export *`: a star re-export of a federation-shared module is not resolved at runtime.
export {
  __setHttpTransport,
  __setSocketFactory,
  apiData,
  ApiError,
  apiRequest,
  CANCELLED_MESSAGE,
  clearToken,
  configureClient,
  connectSocket,
  disconnectSocket,
  FIRST_SCREEN_WAIT_MS,
  firstScreenDrawn,
  getClientConfig,
  isOk,
  isSocketOpen,
  LIVE_CONNECTED,
  markScreenDrawn,
  NETWORK_ERROR_MESSAGE,
  onServerEvent,
  PERSIST_RESTORE_TIMEOUT_MS,
  readRoot,
  readToken,
  reconnectSocket,
  REQUEST_TIMEOUT_MS,
  restoreSession,
  ROOT_KEY,
  session,
  setToastHandler,
  toast,
  THEME_STORAGE_KEY,
  themeMode,
  TOKEN_KEY,
  UNKNOWN_ERROR_MESSAGE,
  useAuthUser,
  usePasswordChangeRequired,
  useServerEvent,
  useSession,
  useThemeMode,
  writeRoot,
  writeToken,
} from '@backoffice/shared-api/runtime';
export type {
  ApiRequestOptions,
  AuthState,
  AuthStatus,
  BackofficeRuntimeConfig,
  ClientConfig,
  GeneralState,
  HttpMethod,
  HttpRequest,
  HttpResponse,
  HttpTransport,
  NotificationState,
  ServerEventHandler,
  SessionListener,
  SessionState,
  SocketConnectOptions,
  SocketFactory,
  SocketLike,
  ThemeMode,
  ToastHandler,
  ToastKind,
} from '@backoffice/shared-api/runtime';
export * from './call-endpoint';
export * from './auth-api';
export * from './admin';
export * from './query';
export * from './reads';
export * from './people';
export * from './payments';
export * from './catalog';
export * from './dashboard';
export * from './audit';
