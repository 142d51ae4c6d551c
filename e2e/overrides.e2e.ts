import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, launch, newPage, signIn, state } from './support/browser';
import { startOwnServer, type OwnServer } from './support/servers';

/**
 * A developer's override of a remote (Setting -> Platform) loads code into an admin's session, so it
 * works only on a server started with REMOTE_OVERRIDE_ORIGINS: the suite's server is (`localhost`);
 * a second one here is not, as a production server is not. The "developer's machine" is a plain
 * file server on 127.0.0.1 (another origin than the pages'), serving a published build of people as
 * its dev server would: with CORS open, and nothing else.
 */
let browser: Browser;
let off: OwnServer | undefined;
let devServer: http.Server;
let devPort: number;

function startDevMachine(): Promise<void> {
  // /<remote>/dev/<file>: the remote's build on this machine (apps/<remote>/dist), as its dev server serves it.
  const root = path.resolve(__dirname, '..', 'apps');
  devServer = http.createServer((req, res) => {
    const [, remote, , ...rest] = decodeURIComponent(new URL(req.url!, 'http://x').pathname).split('/');
    const file = path.join(root, String(remote), 'dist', path.normalize(rest.join('/')));
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.json') ? 'application/json' : 'text/javascript';
    res.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    devServer.listen(0, '127.0.0.1', () => {
      devPort = (devServer.address() as AddressInfo).port;
      resolve();
    }),
  );
}

beforeAll(async () => {
  browser = await launch();
  await startDevMachine();
  // Set to nothing, whatever the environment running the tests says: overrides off.
  off = await startOwnServer('overrides', { SEED_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, REMOTE_OVERRIDE_ORIGINS: '' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  off?.stop();
  devServer?.close();
});

const cspOf = async (baseURL: string) => String((await fetch(baseURL)).headers.get('content-security-policy'));
const registryOf = async (baseURL: string) => (await fetch(`${baseURL}/registry.json`)).json();

/** The people remote's manifest on the developer's machine. */
async function devManifest(): Promise<string> {
  return `http://127.0.0.1:${devPort}/people/dev/mf-manifest.json`;
}

function requestsTo(page: Page, port: number): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.port === String(port)) seen.push(url.pathname);
  });
  return seen;
}

describe("a developer's remote override", () => {
  it('on a server started with REMOTE_OVERRIDE_ORIGINS=localhost, loads the remote from this machine, and says so', async () => {
    expect(await cspOf(state().baseURL)).toMatch(
      /script-src 'self' 'sha256-[^']+' http:\/\/localhost:\* http:\/\/127\.0\.0\.1:\*;/,
    );
    expect((await registryOf(state().baseURL)).overrides).toEqual({
      origins: ['http://localhost:*', 'http://127.0.0.1:*'],
    });
    const manifest = await devManifest();

    const { context, page, errors } = await newPage(browser);
    const fromElsewhere = requestsTo(page, devPort);
    await signIn(page);
    await page.goto('/app/setting');
    const form = page.getByRole('form', { name: 'Load a remote from this machine' });
    await form.getByText('This server accepts overrides from http://localhost:*, http://127.0.0.1:*').waitFor();
    await form.getByRole('combobox').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="people"]')
      .click();
    await form.getByLabel('Manifest URL').fill(manifest);
    await form.getByRole('button', { name: 'Use override' }).click();
    await page.getByText(`Remote override active: people from ${manifest}`).waitFor();

    await page.goto('/app/fans');
    await page.getByText('Showing 1 to 10 of').waitFor();
    expect(fromElsewhere).toEqual(expect.arrayContaining([expect.stringMatching(/^\/people\/.+\/remoteEntry\.js$/)]));

    await page.getByRole('button', { name: 'Clear overrides' }).click();
    await page.getByText('Showing 1 to 10 of').waitFor();
    expect(await page.getByText('Remote override active').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a server started without it, names no other origin in its CSP and ignores an override saved earlier', async () => {
    const csp = await cspOf(off!.baseURL);
    expect(csp).not.toMatch(/localhost|127\.0\.0\.1|ws:/);
    // This server's own scripts, and the page's one inline script by its hash (apps/api/src/plugins/web.ts).
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+';/);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect((await registryOf(off!.baseURL)).overrides).toEqual({ origins: [] });

    const manifest = await devManifest();
    const context = await browser.newContext({ baseURL: off!.baseURL, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
    const fromElsewhere = requestsTo(page, devPort);
    // Saved in this browser earlier (on a server that allowed it, or by a script: no matter).
    await context.addInitScript(
      (saved) => localStorage.setItem('backoffice:remote-overrides', JSON.stringify({ people: saved })),
      manifest,
    );
    await signIn(page);
    await page.goto('/app/fans');
    await page.getByText('Showing 1 to 10 of').waitFor();
    await page
      .getByText(
        `Remote override ignored: people from ${manifest}. Remote overrides are off on this server. Start it with REMOTE_OVERRIDE_ORIGINS`,
      )
      .waitFor();
    expect(fromElsewhere).toEqual([]);

    await page.goto('/app/setting');
    const form = page.getByRole('form', { name: 'Load a remote from this machine' });
    await page.getByText('Override ignored', { exact: true }).waitFor();
    expect(await form.getByLabel('Manifest URL').isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Use override' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
