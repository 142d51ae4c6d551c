import { registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRegistry, type Registry } from './registry';

/** A registry of the people remote alone, at a released version. */
export const PEOPLE_REGISTRY: Registry = {
  remotes: { people: { version: '1.4.0', manifestUrl: '/remotes/people/1.4.0/mf-manifest.json' } },
};

/**
 * Serves the public /registry.json to the shell under test as the server would: `reply` gives the
 * status and body of each read. Returns the fetch stand-in, whose calls are the reads.
 */
export function serveRegistry(reply: () => { status: number; body?: unknown }) {
  const served = jest.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url !== '/registry.json') throw new TypeError(`Unexpected fetch of ${url}`);
    const { status, body } = reply();
    return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
  });
  globalThis.fetch = served as typeof fetch;
  return served;
}

/**
 * Reads the registry afresh, as a page load would, and returns the manifest each remote was handed
 * to the federation runtime with (the test file mocks '@module-federation/enhanced/runtime').
 */
export async function registeredRemotes(): Promise<Record<string, string | undefined>> {
  jest.mocked(registerRemotes).mockClear();
  await loadRegistry('people');
  return Object.fromEntries(
    jest
      .mocked(registerRemotes)
      .mock.calls.flatMap(([remotes]) => remotes)
      .map((r) => [r.name, 'entry' in r ? r.entry : undefined]),
  );
}
