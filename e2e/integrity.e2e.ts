import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, signIn, state, menu } from './support/browser';
import { publicRegistry } from './support/releases';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The people remote's current version as the server serves it: its manifest and integrity records. */
async function people() {
  const entry = (await publicRegistry()).remotes.people!;
  const manifest = await (await fetch(new URL(entry.manifestUrl, state().baseURL))).json();
  return { entry, manifest, integrity: entry.integrity! };
}

/**
 * Serves `path` (a file of people's current version) changed, to this page only, as a tampered CDN
 * or a changed file on a server would: the page must refuse it by its integrity record.
 */
async function whileChanged(page: Page, file: string, change: (text: string) => string) {
  await page.route(`**/remotes/people/*/${file}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: change(await response.text()) });
  });
}

const tampered = (page: Page) => page.evaluate(() => (window as unknown as { __tampered?: boolean }).__tampered);

async function expectIntegrityFallbackAndOthersWorking(page: Page) {
  await signIn(page);
  await menu(page, 'Fans').click();
  await page.getByText('Fans failed its integrity check').waitFor();
  await page.getByText(/The people part of the back office is not the one that was published/).waitFor();
  await page.getByRole('button', { name: 'Retry' }).waitFor();
  expect(await tampered(page)).toBeUndefined();
  // header, menu and another remote still work
  await page.getByText('Hello, Ada Admin').waitFor();
  if (!(await menu(page, 'Transactions').isVisible())) await page.getByText('Manage Payments', { exact: true }).click();
  await menu(page, 'Transactions').click();
  await page.getByText('Showing 1 to 10 of').waitFor();
  expect(await tampered(page)).toBeUndefined();
}

describe('integrity of published remotes', () => {
  it('the registry holds the SHA-384 of every file of the current version, as the server computed it', async () => {
    const { entry, integrity } = await people();
    expect(Object.keys(integrity)).toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js']));
    for (const hash of Object.values(integrity)) expect(hash).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    const served = await fetch(
      new URL(entry.manifestUrl.replace('mf-manifest.json', 'remoteEntry.js'), state().baseURL),
    );
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(integrity['remoteEntry.js']).toBe(`sha384-${crypto.createHash('sha384').update(bytes).digest('base64')}`);
  });

  it('a script changed after publication does not run: the screen shows the integrity fallback', async () => {
    const { manifest } = await people();
    const fans = manifest.exposes.find((e: { name: string }) => e.name === 'Fans');
    const { context, page } = await newPage(browser);
    await whileChanged(page, fans.assets.js.sync.at(-1), (code) => `${code}\n;window.__tampered = true;`);
    await expectIntegrityFallbackAndOthersWorking(page);
    await context.close();
  });

  it('a manifest changed after publication is refused: nothing it names is loaded', async () => {
    const { context, page } = await newPage(browser);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await whileChanged(page, 'mf-manifest.json', (json) => {
      const manifest = JSON.parse(json);
      manifest.metaData.remoteEntry.name = 'evil.js';
      return JSON.stringify(manifest);
    });
    await expectIntegrityFallbackAndOthersWorking(page);
    expect(fetched.filter((p) => p.endsWith('/evil.js'))).toEqual([]);
    await context.close();
  });

  it('with the files as published, the remote loads', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    await menu(page, 'Fans').click();
    await page.getByText('Showing 1 to 10 of').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
