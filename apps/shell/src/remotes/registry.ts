import { useEffect, useSyncExternalStore } from 'react';
import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { callEndpoint } from '@backoffice/shared-api';
import { expectIntegrity, integrityPlugin } from './integrityPlugin';

import { REMOTE_NAMES, type RemoteName } from './remoteNames';

export { REMOTE_NAMES, type RemoteName };

export interface RegistryEntry {
  version: string;
  manifestUrl: string;
  /**
   * SHA-384 (`sha384-…`) of every file of the version, by its path in the version's folder. An entry
   * without it (published before hashes were recorded) is refused: `npm start` or a promote adds them.
   */
  integrity?: Record<string, string>;
  /** This admin runs a staged version of the remote: one given to some admins before everyone. */
  staged?: boolean;
  /** (Public registry) some admins run a staged version of this remote: ask the API for this admin's. */
  stageActive?: boolean;
}
export interface Registry {
  remotes: Partial<Record<RemoteName, RegistryEntry>>;
  /**
   * The origins this server lets a developer's override load a remote from (its REMOTE_OVERRIDE_ORIGINS,
   * the same its Content-Security-Policy names): exact origins, or `http://host:*` for any port.
   * None (or absent, from an older server): overrides are off.
   */
  overrides?: { origins: string[] };
}

/** localStorage key of a developer's per-browser remote overrides: { people: 'http://localhost:3001/mf-manifest.json' } */
export const OVERRIDES_KEY = 'backoffice:remote-overrides';

/** The server's variable that turns overrides on. */
export const OVERRIDES_VARIABLE = 'REMOTE_OVERRIDE_ORIGINS';

export const OVERRIDE_MESSAGES = {
  notAUrl: "Enter the full address of the remote's mf-manifest.json, e.g. http://localhost:3001/mf-manifest.json",
  off: `Remote overrides are off on this server. Start it with ${OVERRIDES_VARIABLE} (e.g. ${OVERRIDES_VARIABLE}=localhost) to load a remote from your machine.`,
  notAllowed: (origins: readonly string[]) => `This server accepts overrides only from ${origins.join(', ')}`,
} as const;

/** The origins the registry allows overrides from; empty when overrides are off. */
export const overrideOrigins = (registry: Registry | undefined): string[] =>
  Array.isArray(registry?.overrides?.origins) ? registry.overrides.origins.filter((o) => typeof o === 'string') : [];

/** Whether `origin` (as URL.origin writes it) is one of `allowed`, where `scheme://host:*` is any port of that host. */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((a) => {
    if (a === origin) return true;
    if (!a.endsWith(':*')) return false;
    const host = a.slice(0, -2);
    return origin === host || (origin.startsWith(`${host}:`) && /^\d+$/.test(origin.slice(host.length + 1)));
  });
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url.trim());
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why `url` cannot be an override on a server that allows `allowed`, or undefined when it can. An
 * override loads code into an admin's session, so only the server's own allow-list is accepted.
 */
export function overrideProblem(url: string, allowed: readonly string[]): string | undefined {
  const origin = originOf(url);
  if (!origin) return OVERRIDE_MESSAGES.notAUrl;
  if (allowed.length === 0) return OVERRIDE_MESSAGES.off;
  return originAllowed(origin, allowed) ? undefined : OVERRIDE_MESSAGES.notAllowed(allowed);
}

/**
 * Sets (or, with no url, removes) this browser's override of one remote. Refuses what the server
 * would not let load, so that what the admin saved is what loads. Takes effect on the next page load:
 * the runtime cannot swap a remote whose code already runs. It is set from the setting screen (or
 * the browser console), never from a link.
 */
export function writeOverride(
  name: RemoteName,
  url: string | undefined,
  allowed: readonly string[],
): string | undefined {
  const problem = url === undefined ? undefined : overrideProblem(url, allowed);
  if (problem) return problem;
  const next: Partial<Record<RemoteName, string>> = { ...readSavedOverrides() };
  if (url === undefined) delete next[name];
  else next[name] = url.trim();
  if (Object.keys(next).length === 0) localStorage.removeItem(OVERRIDES_KEY);
  else localStorage.setItem(OVERRIDES_KEY, JSON.stringify(next));
  return undefined;
}

/** What this browser saved, whether or not the server lets it load. */
export function readSavedOverrides(): Partial<Record<RemoteName, string>> {
  try {
    const raw = JSON.parse(localStorage.getItem(OVERRIDES_KEY) ?? '{}') as Record<string, unknown>;
    const saved: Partial<Record<RemoteName, string>> = {};
    for (const name of REMOTE_NAMES) {
      const url = raw[name];
      if (typeof url === 'string' && originOf(url)) saved[name] = url;
    }
    return saved;
  } catch {
    return {};
  }
}

/**
 * The saved overrides split by what `registry`'s server allows: `active` ones load instead of the
 * published remote, `ignored` ones do not (overrides off, or an origin no longer allowed).
 */
export function overridesFor(registry: Registry | undefined): {
  active: Partial<Record<RemoteName, string>>;
  ignored: Partial<Record<RemoteName, string>>;
} {
  const allowed = overrideOrigins(registry);
  const active: Partial<Record<RemoteName, string>> = {};
  const ignored: Partial<Record<RemoteName, string>> = {};
  for (const [name, url] of Object.entries(readSavedOverrides()) as Array<[RemoteName, string]>) {
    if (overrideProblem(url, allowed)) ignored[name] = url;
    else active[name] = url;
  }
  return { active, ignored };
}

/** The id of the page's data block the server writes (apps/api/src/plugins/web.ts). */
export const FIRST_SCREEN_DATA_ID = 'first-screen';

let pageRegistryTaken = false;

/**
 * The public registry as the server wrote it into this page, the first time it is asked for: it is
 * what /registry.json answered as the page was served, a request wave earlier. Later reads (a retry)
 * ask the server again.
 */
function registryInPage(): Registry | undefined {
  if (pageRegistryTaken || typeof document === 'undefined') return undefined;
  pageRegistryTaken = true;
  try {
    const data = JSON.parse(document.getElementById(FIRST_SCREEN_DATA_ID)?.textContent ?? 'null') as {
      registry?: Registry;
    } | null;
    return data?.registry && typeof data.registry.remotes === 'object' ? data.registry : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This admin's registry. Everyone's is the public /registry.json (no session check: it is read on
 * every page load, and is what the development shell's dev server serves too); only while a stage of
 * some remote is under way does the shell ask the API which version this admin runs, since that
 * depends on who they are. Remotes load only after sign-in, so there is a session to ask with.
 */
async function readRegistry(): Promise<Registry> {
  let everyone = registryInPage();
  if (!everyone) {
    const res = await fetch('/registry.json', { cache: 'no-store', credentials: 'same-origin' });
    if (!res.ok) throw new Error(`The remote registry could not be read (HTTP ${res.status})`);
    everyone = (await res.json()) as Registry;
  }
  if (!Object.values(everyone.remotes ?? {}).some((entry) => entry?.stageActive)) return everyone;
  const reply = await callEndpoint('getRemoteRegistry', {});
  if (reply.statusCode !== 200 || !reply.data) {
    throw new Error(`The remote registry could not be read (HTTP ${reply.statusCode}: ${reply.message})`);
  }
  return reply.data as Registry;
}

let current: Registry | undefined;
let pluginRegistered = false;
let loaded: Promise<Registry> | undefined;
const listeners = new Set<() => void>();

/**
 * Reads this admin's registry from the server (never from the build), applies overrides and hands
 * the remotes to the federation runtime. Nothing of a remote is fetched until one of its screens
 * opens. `refresh` (a retry) re-reads the registry and re-registers that remote, which drops the
 * runtime's cached, failed entry of it; the remotes already running are left as they are.
 */
export function loadRegistry(refresh?: RemoteName): Promise<Registry> {
  if (loaded && !refresh) return loaded;
  const reading = (async () => {
    const registry = await readRegistry();
    const overrides = overridesFor(registry).active;
    if (!pluginRegistered) {
      registerPlugins([integrityPlugin()]);
      pluginRegistered = true;
    }
    // Before the runtime may fetch anything of them: what each published remote's files must be.
    // The development registry points at dev servers that rebuild on every save, without hashes.
    const enforce = process.env.NODE_ENV !== 'development';
    for (const name of REMOTE_NAMES) {
      const published = registry.remotes[name];
      if (!overrides[name] && published?.manifestUrl && (enforce || published.integrity)) {
        expectIntegrity(name, published.manifestUrl, published.integrity);
      }
    }
    current = registry;
    for (const l of [...listeners]) l();
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

/** The registry as last read, undefined until the first read succeeds. */
export const registrySnapshot = (): Registry | undefined => current;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The registry as last read (reading it if nobody has yet); undefined until then, or when it cannot be read. */
export function useRegistry(): Registry | undefined {
  useEffect(() => {
    loadRegistry().catch(() => undefined);
  }, []);
  return useSyncExternalStore(subscribe, registrySnapshot, registrySnapshot);
}
