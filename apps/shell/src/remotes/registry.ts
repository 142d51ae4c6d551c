import { registerRemotes } from '@module-federation/enhanced/runtime';

export type RemoteName = 'people' | 'payments' | 'catalog';
export const REMOTE_NAMES: RemoteName[] = ['people', 'payments', 'catalog'];

export interface RegistryEntry {
  version: string;
  manifestUrl: string;
}
export interface Registry {
  remotes: Partial<Record<RemoteName, RegistryEntry>>;
}

/** localStorage key of a developer's per-browser remote overrides: { people: 'http://localhost:3001/mf-manifest.json' } */
export const OVERRIDES_KEY = 'backoffice:remote-overrides';

/**
 * An override loads code into an admin's session, so only these origins are accepted (a developer's
 * own machine). It is set from the browser console or the setting screen, never from a link.
 */
const ALLOWED_OVERRIDE_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

export function readOverrides(): Partial<Record<RemoteName, string>> {
  try {
    const raw = JSON.parse(localStorage.getItem(OVERRIDES_KEY) ?? '{}') as Record<string, unknown>;
    const valid: Partial<Record<RemoteName, string>> = {};
    for (const name of REMOTE_NAMES) {
      const url = raw[name];
      if (typeof url === 'string' && ALLOWED_OVERRIDE_ORIGIN.test(new URL(url).origin)) valid[name] = url;
    }
    return valid;
  } catch {
    return {};
  }
}

let current: Registry = { remotes: {} };
let loaded: Promise<Registry> | undefined;

/**
 * Reads the registry from the shell's server (never from the build), applies overrides and hands
 * the remotes to the federation runtime. Nothing of a remote is fetched until one of its screens
 * opens.
 */
export function loadRegistry(force = false): Promise<Registry> {
  if (loaded && !force) return loaded;
  loaded = (async () => {
    const res = await fetch('/registry.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(`The remote registry could not be read (HTTP ${res.status})`);
    const registry = (await res.json()) as Registry;
    const overrides = readOverrides();
    current = registry;
    registerRemotes(
      REMOTE_NAMES.flatMap((name) => {
        const entry = overrides[name] ?? registry.remotes[name]?.manifestUrl;
        return entry ? [{ name, entry }] : [];
      }),
      { force },
    );
    return registry;
  })();
  loaded.catch(() => {
    loaded = undefined; // a failed read is tried again next time
  });
  return loaded;
}

export const registrySnapshot = () => current;
