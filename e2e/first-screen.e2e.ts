import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { whenSocketAuthenticated } from '../test-support/socket';
import { requestWaves } from '../test-support/waves';
import { launch, newPage, signIn, menu, state } from './support/browser';
import { publicRegistry } from './support/releases';

let browser: Browser;
/** A signed-in admin's browser storage, after opening Fans once (the page remembers what it read). */
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  browser = await launch();
  const { context, page } = await newPage(browser);
  await signIn(page);
  await menu(page, 'Fans').click();
  await page.getByText('Showing 1 to 10 of').waitFor();
  // The list remembers its first read for the next cold load of its address.
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('backoffice:first-reads') ?? '{}')['/app/fans']);
  storageState = await context.storageState();
  await context.close();
  // Signing in is an event (sessionsChanged), and a page whose first reads come within the clocks'
  // margin of the last event (a second, CLOCK_MARGIN_MS in shared-api's client/live.ts) rightly
  // reads them again when its socket authenticates: the cold loads below start past it (on a fast
  // machine they came 0.9 s after the sign-in, and read Fans twice).
  await new Promise((resolve) => setTimeout(resolve, 1_500));
});
afterAll(() => browser?.close());

/** A cold load of `path` by the signed-in admin: an empty cache, the stored session. */
async function coldLoad(path: string, initScript?: () => void) {
  const context = await browser.newContext({ baseURL: state().baseURL, storageState });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const asked: Request[] = [];
  page.on('request', (r) => asked.push(r));
  // How each script came: compressed, or as it is.
  const scripts: { path: string; encoding: string | undefined; bytes: number }[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    const headers = r.headers();
    if (url.pathname.endsWith('.js'))
      scripts.push({
        path: url.pathname,
        encoding: headers['content-encoding'],
        bytes: Number(headers['content-length']),
      });
  });
  const authenticated = whenSocketAuthenticated(page);
  await page.goto(path);
  return { context, page, errors, asked, scripts, authenticated };
}

const rowsShown = (page: Page) => page.getByText(/^Showing 1 to 10 of/).waitFor();

/**
 * When the page first showed its rows (ms since it started loading): recorded in the page by an
 * observer of the document, since the test learns of them only some time later.
 */
const ROWS_AT = () => {
  const w = window as unknown as { __rowsAt?: number };
  new MutationObserver((_, observer) => {
    if (document.body?.textContent?.includes('Showing 1 to 10 of')) {
      w.__rowsAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
};

/**
 * The paths of the requests the browser sent before `at` (ms since the epoch, its clock). A request's
 * time is known once it is answered; one with no answer within 10 s counts as sent before.
 */
async function sentBefore(requests: Request[], at: number): Promise<string[]> {
  const sent = await Promise.all(
    requests.map(async (r) => {
      const unanswered = new Promise<null>((resolve) => setTimeout(resolve, 10_000, null).unref());
      const answered = await Promise.race([r.response(), unanswered]).catch(() => null);
      return answered && r.timing().startTime >= at ? null : new URL(r.url()).pathname + new URL(r.url()).search;
    }),
  );
  return sent.filter((p): p is string => p !== null);
}

async function timings(page: Page) {
  return page.evaluate(() => ({
    navigation: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).toJSON(),
    resources: performance.getEntriesByType('resource').map((e) => e.toJSON() as PerformanceResourceTiming),
  }));
}

describe('the first screen', () => {
  it('a cold load of Fans shows its rows after at most 3 request waves, each file and read asked for once', async () => {
    const { context, page, errors, asked, scripts, authenticated } = await coldLoad('/app/fans', ROWS_AT);
    await rowsShown(page);
    // What was asked for before the rows were drawn: once they are, the socket connects, and its
    // authentication refreshes every open read (what changed before it was not pushed), which on a
    // loaded machine comes before the test hears of the rows.
    const rows = await page.evaluate(() => {
      const at = (window as unknown as { __rowsAt: number }).__rowsAt;
      return { at, epoch: performance.timeOrigin + at };
    });
    const askedForRows = await sentBefore(asked, rows.epoch);
    const { navigation, resources } = await timings(page);
    const waves = requestWaves(navigation, resources);
    // What the rows waited on: what had arrived when they were drawn.
    const before = waves.filter((r) => r.responseEnd <= rows.at);
    const fansRead = before.filter((r) => new URL(r.name).pathname.endsWith('/getAllFans'));
    const chain = before.map((r) => `${r.wave} ${new URL(r.name).pathname}`).join('\n');
    // The chain is in the message when there are too many.
    expect(`${Math.max(...before.map((r) => r.wave))} waves:\n${chain}`).toMatch(/^[123] waves/);
    // What the rows wait on is on its way at once: the session check, the shell's signed-in files,
    // the people remote's manifest, entry and Fans screen, all in the first wave. (The first page,
    // which the page's inline script starts with them, is in it too on a quiet machine; on a loaded
    // one its start can come after the parser's end and count as wave 2: not asserted.)
    const firstWave = before.filter((r) => r.wave === 1).map((r) => new URL(r.name).pathname);
    expect(firstWave).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/getUserProfile$/),
        expect.stringMatching(/^\/remotes\/people\/[^/]+\/mf-manifest\.json$/),
        expect.stringMatching(/^\/remotes\/people\/[^/]+\/remoteEntry\.js$/),
        expect.stringMatching(/^\/remotes\/people\/[^/]+\/__federation_expose_Fans\.[0-9a-f]+\.js$/),
      ]),
    );
    // The shell's own code for the screen is three files (main.js, the sign-in page's, the signed-in
    // screen's: webpack/first-screen-plugin.js), not twenty: a browser asks for six at a time, and
    // the session check waited behind four turns of them.
    const shellScripts = before
      .map((r) => new URL(r.name).pathname)
      .filter((p) => p.endsWith('.js') && !p.startsWith('/remotes/'));
    expect(shellScripts).toHaveLength(3);
    expect(shellScripts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/main\./),
        expect.stringMatching(/^\/bootstrap\./),
        expect.stringMatching(/^\/signed-in\./),
      ]),
    );
    // Preloads are taken, not fetched again; the first page and the session are each read once.
    const names = before.map((r) => r.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(askedForRows.filter((p) => p.endsWith('/getUserProfile'))).toHaveLength(1);
    expect(askedForRows.filter((p) => p.includes('/getAllFans?'))).toHaveLength(1);
    expect(fansRead[0]!.wave).toBeLessThanOrEqual(2);
    // Every script but the smallest came compressed, the shell's and the remote's alike (a browser
    // takes gzip at least); the integrity checks (below) are of the decoded bytes.
    expect(scripts.filter((s) => !s.encoding && !(s.bytes < 1024))).toEqual([]);
    expect(scripts.filter((s) => s.encoding && s.path.startsWith('/remotes/')).length).toBeGreaterThanOrEqual(2);
    // The socket connects after the rows. No event went out since the page read them, so its
    // authentication reads nothing again.
    expect(await authenticated).toBe(true);
    await page.waitForTimeout(1000);
    expect(asked.filter((r) => r.url().includes('/getAllFans?')).map((r) => new URL(r.url()).search)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('every remote file the page preloads carries the integrity the registry records', async () => {
    const entry = (await publicRegistry()).remotes.people!;
    const base = new URL(entry.manifestUrl.replace(/mf-manifest\.json$/, ''), state().baseURL).href;
    const { context, page } = await coldLoad('/app/fans');
    await rowsShown(page);
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => ({
        href: l.href,
        integrity: l.integrity,
        crossOrigin: l.crossOrigin,
      })),
    );
    const remote = preloads.filter((p) => p.href.startsWith(base));
    expect(remote.map((p) => p.href.slice(base.length))).toEqual(
      expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js']),
    );
    for (const p of remote) {
      expect({ file: p.href.slice(base.length), integrity: p.integrity, crossOrigin: p.crossOrigin }).toEqual({
        file: p.href.slice(base.length),
        integrity: entry.integrity![p.href.slice(base.length)],
        crossOrigin: 'anonymous',
      });
    }
    await context.close();
  });

  it.each([
    ['remoteEntry.js', (code: string) => `${code}\n;window.__tampered = true;`],
    ['Fans screen file', (code: string) => `${code}\n;window.__tampered = true;`],
    ['mf-manifest.json', (json: string) => json.replace('"remoteEntry.js"', '"remoteEntry.js?tampered=1"')],
  ])(
    'a preloaded %s changed after publication does not run: the screen shows the integrity fallback',
    async (which, change) => {
      const entry = (await publicRegistry()).remotes.people!;
      const manifest = (await (await fetch(new URL(entry.manifestUrl, state().baseURL))).json()) as {
        exposes: Array<{ name: string; assets: { js: { sync: string[] } } }>;
      };
      const file =
        which === 'Fans screen file' ? manifest.exposes.find((e) => e.name === 'Fans')!.assets.js.sync.at(-1)! : which;
      const context = await browser.newContext({ baseURL: state().baseURL, storageState });
      const page = await context.newPage();
      await page.route(`**/remotes/people/*/${file}`, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: change(await response.text()) });
      });
      await page.goto('/app/fans');
      await page.getByText('Fans failed its integrity check').waitFor();
      expect(await page.evaluate(() => (window as unknown as { __tampered?: boolean }).__tampered)).toBeUndefined();
      await context.close();
    },
  );

  it('signed out, the page starts nothing of the signed-in area: the sign-in page', async () => {
    const context = await browser.newContext({ baseURL: state().baseURL });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto('/app/fans');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(asked.filter((p) => p.startsWith('/remotes/') || p.startsWith('/api/v1/admin/'))).toEqual([]);
    await context.close();
  });
});
