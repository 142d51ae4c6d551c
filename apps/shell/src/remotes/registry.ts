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
 * own machine). It is set from the setting screen (or the browser console), never from a link.
 */
const ALLOWED_OVERRIDE_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

export const OVERRIDE_MESSAGES = {
  notAUrl: "Enter the full address of the remote's mf-manifest.json, e.g. http://localhost:3001/mf-manifest.json",
  notLocal: 'Only a remote on this machine (localhost or 127.0.0.1) can be loaded instead of the published one',
} as const;

/** Why `url` cannot be an override, or undefined when it can. */
export function overrideProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return OVERRIDE_MESSAGES.notAUrl;
  }
  if (!/^https?:$/.test(parsed.protocol)) return OVERRIDE_MESSAGES.notAUrl;
  return ALLOWED_OVERRIDE_ORIGIN.test(parsed.origin) ? undefined : OVERRIDE_MESSAGES.notLocal;
}

/**
 * Sets (or, with no url, removes) this browser's override of one remote. Refuses what readOverrides
 * would ignore, so that what the admin saved is what loads. Takes effect on the next page load:
 * the runtime cannot swap a remote whose code already runs.
 */
export function writeOverride(name: RemoteName, url: string | undefined): string | undefined {
  const problem = url === undefined ? undefined : overrideProblem(url);
  if (problem) return problem;
  const next: Partial<Record<RemoteName, string>> = { ...readOverrides() };
  if (url === undefined) delete next[name];
  else next[name] = url.trim();
  if (Object.keys(next).length === 0) localStorage.removeItem(OVERRIDES_KEY);
  else localStorage.setItem(OVERRIDES_KEY, JSON.stringify(next));
  return undefined;
}

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
 * opens. `refresh` (a retry) re-reads the registry and re-registers that remote, which drops the
 * runtime's cached, failed entry of it; the remotes already running are left as they are.
 */
export function loadRegistry(refresh?: RemoteName): Promise<Registry> {
  if (loaded && !refresh) return loaded;
  const reading = (async () => {
    const res = await fetch('/registry.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(`The remote registry could not be read (HTTP ${res.status})`);
    const registry = (await res.json()) as Registry;
    const overrides = readOverrides();
    current = registry;
    const entries = REMOTE_NAMES.flatMap((name) => {
      const entry = overrides[name] ?? registry.remotes[name]?.manifestUrl;
      return entry ? [{ name, entry }] : [];
    });
    // Without force the runtime keeps a remote it already has and adds one newly published.
    registerRemotes(entries.filter((e) => e.name !== refresh));
    registerRemotes(
      entries.filter((e) => e.name === refresh),
      { force: true },
    );
    return registry;
  })();
  loaded = reading;
  reading.catch(() => {
    // A failed read is tried again next time (unless a newer read has taken its place).
    if (loaded === reading) loaded = undefined;
  });
  return reading;
}

export const registrySnapshot = () => current;
