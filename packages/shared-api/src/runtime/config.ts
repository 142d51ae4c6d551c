import { API_BASE_PATH } from '../constants/transport';

/** What the page that hosts the apps may set before they start, to point them at another API. */
export interface BackofficeRuntimeConfig {
  apiBaseUrl?: string;
  socketUrl?: string;
}

declare global {
  interface Window {
    __BACKOFFICE_CONFIG__?: BackofficeRuntimeConfig;
  }
}

export interface ClientConfig {
  apiBaseUrl: string;
  /** undefined: the socket connects to the host that served the page. */
  socketUrl: string | undefined;
}

let overrides: BackofficeRuntimeConfig = {};

/** Later calls win per field; a field left out keeps its earlier value. */
export function configureClient(opts: BackofficeRuntimeConfig): void {
  overrides = { ...overrides, ...dropUndefined(opts) };
}

/**
 * Read on every request rather than once at import, so that a page can set its runtime config (or an
 * app can call configureClient) after shared-api has been loaded by another app.
 */
export function getClientConfig(): ClientConfig {
  const fromPage = typeof window === 'undefined' ? undefined : window.__BACKOFFICE_CONFIG__;
  return {
    apiBaseUrl: overrides.apiBaseUrl || fromPage?.apiBaseUrl || API_BASE_PATH,
    socketUrl: overrides.socketUrl || fromPage?.socketUrl || undefined,
  };
}

function dropUndefined(o: BackofficeRuntimeConfig): BackofficeRuntimeConfig {
  const out: BackofficeRuntimeConfig = {};
  if (o.apiBaseUrl !== undefined) out.apiBaseUrl = o.apiBaseUrl;
  if (o.socketUrl !== undefined) out.socketUrl = o.socketUrl;
  return out;
}
