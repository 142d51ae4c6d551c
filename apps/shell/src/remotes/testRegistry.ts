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
