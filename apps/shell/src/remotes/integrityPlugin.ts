import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Integrity of published remotes: the registry gives the SHA-384 of every file of a remote's
 * version, and nothing of the remote runs unless what the browser received is that file.
 *
 * - The manifest is fetched by the runtime through this plugin's `fetch` hook, hashed, and refused
 *   when it does not match (or when the registry has no hashes for the remote).
 * - Scripts get `integrity` and `crossOrigin="anonymous"` before they load, so the browser itself
 *   refuses a changed one. The guard is on `HTMLScriptElement.src`, installed with the plugin,
 *   because not only the runtime creates them (remoteEntry.js) but also the remote's own webpack
 *   runtime (its chunks), which no runtime hook reaches. A script in a published remote's folder that the
 *   registry does not list gets an integrity no file can match.
 *
 * A developer's override (a remote on their machine, allowed by the server) has no published hashes
 * and loads unchecked; the override banner says it is active.
 */

/** Thrown (and recorded) when a remote's file is not the one published. */
export class IntegrityError extends Error {
  constructor(
    readonly remote: string,
    readonly file: string,
    detail: string,
  ) {
    super(`${remote} failed its integrity check: ${file} ${detail}`);
    this.name = 'IntegrityError';
  }
}

interface Expected {
  remote: string;
  /** Folder of the version (absolute URL, ending in /). */
  base: string;
  /** Absolute URL → `sha384-…`; undefined when the registry entry has no hashes. */
  files?: Map<string, string>;
}

const byManifest = new Map<string, Expected>();
const byBase = new Map<string, Expected>();
const failures = new Map<string, IntegrityError>();
const pending = new Map<string, Set<Promise<void>>>();

/** Valid SRI syntax (48 bytes) that no file hashes to: a browser ignores malformed metadata instead. */
const NEVER = `sha384-${'A'.repeat(64)}`;

const absolute = (url: string): string => new URL(url, document.baseURI).href;

/**
 * What the registry says the remote's published version holds. Called for every published remote
 * each time the registry is read; versions are immutable, so a table once learned stays true.
 */
export function expectIntegrity(remote: string, manifestUrl: string, integrity: unknown): void {
  const manifest = absolute(manifestUrl);
  const base = new URL('.', manifest).href;
  let files: Map<string, string> | undefined;
  if (integrity && typeof integrity === 'object' && !Array.isArray(integrity)) {
    files = new Map(
      Object.entries(integrity as Record<string, unknown>).flatMap(([file, hash]) =>
        typeof hash === 'string' && hash.startsWith('sha384-') ? [[new URL(file, base).href, hash] as const] : [],
      ),
    );
  }
  const expected: Expected = { remote, base, files };
  byManifest.set(manifest, expected);
  byBase.set(base, expected);
}

/** Forgets a remote's recorded failure: a retry checks afresh. */
export function clearIntegrityFailure(remote: string): void {
  failures.delete(remote);
}

/** The integrity failure of `remote` in this page, once the checks under way have finished. */
export async function integrityFailureOf(remote: string): Promise<IntegrityError | undefined> {
  await Promise.all([...(pending.get(remote) ?? [])]);
  return failures.get(remote);
}

function fail(error: IntegrityError): IntegrityError {
  failures.set(error.remote, error);
  console.error(error.message);
  return error;
}

async function sha384(data: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', data));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `sha384-${btoa(binary)}`;
}

function fileOf(url: string): { expected: Expected; hash: string; name: string } | undefined {
  for (const expected of byBase.values()) {
    if (!url.startsWith(expected.base)) continue;
    return { expected, hash: expected.files?.get(url) ?? NEVER, name: url.slice(expected.base.length) };
  }
  return undefined;
}

/**
 * A protected script failed to load: fetch it again and hash it, to tell a changed file (an
 * integrity failure) from a network one (the remote is only unavailable).
 */
function verifyAfterError(url: string, expected: Expected, hash: string, name: string): void {
  const set = pending.get(expected.remote) ?? new Set<Promise<void>>();
  pending.set(expected.remote, set);
  const check = (async () => {
    try {
      if (hash === NEVER) {
        fail(
          new IntegrityError(
            expected.remote,
            name,
            expected.files ? 'is not a published file' : 'has no published hash',
          ),
        );
        return;
      }
      const res = await fetch(url);
      if (!res.ok) return;
      if ((await sha384(await res.arrayBuffer())) !== hash) {
        fail(new IntegrityError(expected.remote, name, 'does not match its published hash'));
      }
    } catch {
      // unreachable: a network failure, not an integrity one
    }
  })();
  set.add(check);
  void check.finally(() => set.delete(check));
}

/** Sets the expected hash on a script of a published remote before it loads. */
function protect(script: HTMLScriptElement, url: string): void {
  const file = fileOf(url);
  if (!file) return;
  script.integrity = file.hash;
  script.crossOrigin = 'anonymous';
  script.addEventListener('error', () => verifyAfterError(url, file.expected, file.hash, file.name), { once: true });
}

let guarded = false;

/**
 * The remote's webpack runtime creates its chunks' script tags itself and sets `src` before adding
 * them to the page, which is when the browser starts fetching: the integrity is set right there.
 */
function guardScripts(): void {
  if (guarded || typeof HTMLScriptElement === 'undefined') return;
  const descriptor = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, 'src');
  if (!descriptor?.set || !descriptor.get) return;
  const { get, set } = descriptor;
  Object.defineProperty(HTMLScriptElement.prototype, 'src', {
    configurable: true,
    enumerable: descriptor.enumerable,
    get,
    set(this: HTMLScriptElement, value: string) {
      try {
        protect(this, absolute(String(value)));
      } catch {
        // not a URL: nothing of a remote
      }
      set.call(this, value);
    },
  });
  guarded = true;
}

async function checkedManifest(manifest: string, expected: Expected, init: RequestInit): Promise<Response> {
  const name = manifest.slice(expected.base.length);
  const hash = expected.files?.get(manifest);
  if (!hash) {
    const detail = expected.files
      ? 'is not a published file'
      : 'has no published hash (published before hashes were recorded)';
    throw fail(new IntegrityError(expected.remote, name, detail));
  }
  // With the integrity, the page's preload of the manifest (apps/api/src/plugins/web.ts) is taken,
  // and the browser checks it too. It refuses a changed one as it would a network failure: a second
  // read, hashed here, tells the two apart.
  let res: Response;
  try {
    res = await fetch(manifest, { ...init, integrity: hash });
  } catch (error) {
    const again = await fetch(manifest, { ...init, cache: 'no-store' }).catch(() => undefined);
    if (again?.ok && (await sha384(await again.arrayBuffer())) !== hash) {
      throw fail(new IntegrityError(expected.remote, name, 'does not match its published hash'));
    }
    throw error;
  }
  if (!res.ok) return res;
  const body = await res.arrayBuffer();
  if ((await sha384(body)) !== hash) {
    throw fail(new IntegrityError(expected.remote, name, 'does not match its published hash'));
  }
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

export function integrityPlugin(): ModuleFederationRuntimePlugin {
  guardScripts();
  return {
    name: 'backoffice-remote-integrity',
    fetch(url, init) {
      const manifest = absolute(String(url));
      const expected = byManifest.get(manifest);
      // An override's manifest, or not a manifest: the runtime fetches it as usual.
      if (!expected) return undefined;
      return checkedManifest(manifest, expected, init);
    },
  };
}
