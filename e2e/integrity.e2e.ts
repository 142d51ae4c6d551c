import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, signIn, state, menu } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The folder of the people remote's current version in the suite's releases, and its manifest. */
function people() {
  const { releases } = state();
  const registry = JSON.parse(fs.readFileSync(path.join(releases, 'registry.json'), 'utf8'));
  const dir = path.join(releases, 'remotes', 'people', registry.remotes.people.version);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  return { dir, manifest, integrity: registry.remotes.people.integrity as Record<string, string> };
}

/** Changes a published file for the length of `body`, then puts it back as it was. */
async function whileChanged(file: string, change: (text: string) => string, body: () => Promise<void>) {
  const original = fs.readFileSync(file);
  fs.writeFileSync(file, change(original.toString('utf8')));
  try {
    await body();
  } finally {
    fs.writeFileSync(file, original);
  }
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
  it('the registry holds the SHA-384 of every file of the current version', () => {
    const { dir, integrity } = people();
    expect(Object.keys(integrity)).toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js']));
    for (const hash of Object.values(integrity)) expect(hash).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.js') && !integrity[f])).toEqual([]);
  });

  it('a script changed after publication does not run: the screen shows the integrity fallback', async () => {
    const { dir, manifest } = people();
    const fans = manifest.exposes.find((e: { name: string }) => e.name === 'Fans');
    const chunk = path.join(dir, fans.assets.js.sync.at(-1));
    await whileChanged(
      chunk,
      (code) => `${code}\n;window.__tampered = true;`,
      async () => {
        const { context, page } = await newPage(browser);
        await expectIntegrityFallbackAndOthersWorking(page);
        await context.close();
      },
    );
  });

  it('a manifest changed after publication is refused: nothing it names is loaded', async () => {
    const { dir } = people();
    const evil = path.join(dir, 'evil.js');
    fs.writeFileSync(evil, 'window.__tampered = true;');
    try {
      await whileChanged(
        path.join(dir, 'mf-manifest.json'),
        (json) => {
          const manifest = JSON.parse(json);
          manifest.metaData.remoteEntry.name = 'evil.js';
          return JSON.stringify(manifest);
        },
        async () => {
          const { context, page } = await newPage(browser);
          const fetched: string[] = [];
          page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
          await expectIntegrityFallbackAndOthersWorking(page);
          expect(fetched.filter((p) => p.endsWith('/evil.js'))).toEqual([]);
          await context.close();
        },
      );
    } finally {
      fs.rmSync(evil, { force: true });
    }
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
