import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, signIn } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Holds the list's replies until `release()`, so the test can look at the page while they are on their way. */
async function holdReplies(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const tableBottom = (page: Page) =>
  page
    .locator('table, [data-skeleton-table]')
    .first()
    .evaluate((table) => {
      const wrapper = table.parentElement!.parentElement!;
      return Math.round(wrapper.getBoundingClientRect().bottom);
    });

describe('a list while its first page loads (issue 18: loading states that do not lie)', () => {
  it.each([
    ['the Fans list', '/app/fans'],
    ['a reload on page 2', '/app/fans?page=2'],
    ['the root path', '/fans'],
  ])(
    '%s shows a page of placeholder rows and no "0 of 0" footer until its rows arrive, and nothing jumps',
    async (_what, url) => {
      const { context, page, errors } = await newPage(browser);
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page);
      const release = await holdReplies(page, '**/api/v1/admin/getAllFans**');
      await page.goto(url);
      await page.locator('[data-skeleton]').first().waitFor();
      expect(await page.locator('[data-skeleton]').count()).toBe(10);
      await page.locator('[data-skeleton-table]').getByRole('status', { name: 'Loading' }).waitFor();
      expect(await page.getByText(/Showing 0 to 0 of 0 entries/).count()).toBe(0);
      expect(await page.getByText('Data Not Found').count()).toBe(0);
      const before = await tableBottom(page);

      release();
      await page.getByText(/^Showing \d+ to \d+ of/).waitFor();
      expect(await page.locator('[data-skeleton]').count()).toBe(0);
      expect(await page.locator('tbody tr').count()).toBe(10);
      // The placeholder page and the real page (at 1440 px, where Fans rows take one line) are within
      // a few pixels of each other's height: the pager does not jump when the rows come.
      expect(Math.abs((await tableBottom(page)) - before)).toBeLessThanOrEqual(10);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('the list rule in the browser (spec section 4)', () => {
  it('Redemption history reads a 200 reply with non-array data and no message as an empty list, not "Unknown error"', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.route('**/api/v1/redemption/getAll**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 200, data: 'x', total: 'many' }),
      }),
    );
    await page.goto('/app/manage-cupon-history');
    await page.getByText('Data Not Found').waitFor();
    await page.getByText('Showing 0 to 0 of 0 entries').waitFor();
    expect(await page.getByText('Unknown error').count()).toBe(0);
    await context.close();
  });
});

/** The shared modules the page has loaded (Module Federation's share scope), by name. */
const loadedShared = (page: Page) =>
  page.evaluate(() => {
    const share = (window as any).__FEDERATION__?.__SHARE__ ?? {};
    const names = new Set<string>();
    for (const scopes of Object.values<any>(share)) {
      for (const [name, versions] of Object.entries<any>(scopes.default ?? {})) {
        if (Object.values<any>(versions).some((v) => v.loaded)) names.add(name);
      }
    }
    return [...names].sort();
  });

describe("the admin's first second (issue 18.1)", () => {
  it('the sign-in page loads no antd, no react-query and none of the screens; a toast after a failed session check still shows', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = await loadedShared(page);
    expect(loaded).toContain('@backoffice/ui-kit/router');
    expect(loaded).toContain('@backoffice/shared-api/runtime');
    for (const notHere of [
      '@backoffice/ui-kit/antd',
      '@backoffice/ui-kit',
      '@backoffice/shared-api',
      '@tanstack/react-query',
    ]) {
      expect(loaded).not.toContain(notHere);
    }
    // The admin starts typing: the screens after sign-in are fetched now, not after the click.
    await page.getByLabel('Email').fill('a');
    for (let i = 0; i < 100 && !(await loadedShared(page)).includes('@backoffice/ui-kit/antd'); i++) {
      await page.waitForTimeout(50);
    }
    expect(await loadedShared(page)).toContain('@backoffice/ui-kit/antd');
    // The form still checks what it is given, in the product's words.
    await page.getByLabel('Email').fill('');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required').waitFor();
    expect(await page.getByLabel('Email').evaluate((el) => el === document.activeElement)).toBe(true);

    // A stored session the server no longer accepts: a fresh load of a screen lands here, with the
    // server's message as a toast, drawn by antd fetched for it.
    await signIn(page);
    const token = await page.evaluate(() => localStorage.getItem('_itoken'));
    // The signed-in page is left first: open, it would hear the server end the session (a live
    // event) and sign itself out, and the fresh load below would find no stored session to check.
    await page.goto('about:blank');
    const res = await page.request.post('/api/v1/admin/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    // Watched from before the load: the toast shows for its 3 s as soon as the session check is
    // refused, which on a busy machine can be over before the sign-in page's own load event.
    const toastShown = page.locator('.ant-notification-notice').first().waitFor();
    await page.goto('/app/fans');
    await page.waitForURL('**/login', { waitUntil: 'commit' });
    await toastShown;
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // The browser logs the refused calls themselves (the session check, the registry read while it ran).
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
    await context.close();
  });

  it("the page's first script carries the federation runtime once, not once per module format", async () => {
    // Every page pays for this script, and the remotes run on the runtime it hands them. Its runtime
    // plugin is CommonJS and used to pull the runtime's CommonJS build beside the ES one (~20 KiB gzip).
    const { context, page } = await newPage(browser);
    const html = await (await page.request.get('/login')).text();
    const scripts = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const runtimeFiles = scripts.flatMap((script) => {
      const map = JSON.parse(fs.readFileSync(path.join(__dirname, '../apps/shell/dist', `${script}.map`), 'utf8'));
      return (map.sources as string[])
        .map((source) => source.match(/@module-federation\/(runtime-core|sdk|error-codes)\/dist\/(.+)$/))
        .filter((m): m is RegExpMatchArray => m !== null)
        .map((m) => `${m[1]}/${m[2]}`);
    });
    expect(runtimeFiles.some((f) => f.startsWith('runtime-core/'))).toBe(true);
    const formats = (file: string) => file.replace(/\.(c|m)?js$/, '');
    const twice = runtimeFiles.filter((f, i) => runtimeFiles.findIndex((g) => formats(g) === formats(f)) !== i);
    expect(twice).toEqual([]);
    await context.close();
  });

  it("while a stored session is checked, the landing screen's remote is already on its way", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    const release = await holdReplies(page, '**/api/v1/admin/getUserProfile**');
    const remoteAsked = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/remotes/people/'), {
      timeout: 10_000,
    });
    await page.goto('/app/fans');
    await page.getByText('Checking your session…').waitFor();
    // The session's answer is still held back: the people remote was asked for before it.
    await remoteAsked;
    expect(await page.getByText('Checking your session…').count()).toBe(1);
    release();
    await page.getByText(/^Showing 1 to 10 of/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a list and the dashboard fetch none of antd's form fields; a record's edit screen fetches them when opened", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    await page.locator('[data-figure][aria-busy="false"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await loadedShared(page)).not.toContain('@backoffice/ui-kit/antd-on-demand');
    await page.goto('/app/fans');
    await page.getByText(/^Showing 1 to 10 of/).waitFor();
    await page.waitForLoadState('networkidle');
    const onTheList = await loadedShared(page);
    expect(onTheList).toContain('@backoffice/ui-kit/antd');
    expect(onTheList).not.toContain('@backoffice/ui-kit/antd-on-demand');

    await page.getByRole('link', { name: 'Edit' }).first().click();
    await page.getByRole('button', { name: 'Save' }).waitFor();
    expect(await loadedShared(page)).toContain('@backoffice/ui-kit/antd-on-demand');
    await page.getByLabel('Email').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the live updates' client is fetched once the first list's rows are on screen, and then connects", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    await page.locator('[data-figure][aria-busy="false"]').first().waitFor();
    // The time the rows are in the page, taken by the page itself on the next load.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('table tbody tr td') && document.body.innerText.includes('Showing 1 to 10 of')) {
          (window as any).__rowsAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/app/fans');
    await page.getByText(/^Showing 1 to 10 of/).waitFor();
    // The header reads Available only over a connected socket.
    await page.locator('header').getByText('Available', { exact: true }).waitFor();
    const socketChunks = fs
      .readdirSync(path.join(__dirname, '../apps/shell/dist'))
      .filter((f) => f.endsWith('.js.map'))
      .filter((f) =>
        (JSON.parse(fs.readFileSync(path.join(__dirname, '../apps/shell/dist', f), 'utf8')).sources as string[]).some(
          (s) => s.includes('node_modules/socket.io-client/'),
        ),
      )
      .map((f) => f.replace(/\.map$/, ''));
    expect(socketChunks.length).toBeGreaterThan(0);
    const { rowsAt, socketAt } = await page.evaluate((names) => {
      const entry = performance
        .getEntriesByType('resource')
        .find((e) => names.some((n) => new URL(e.name).pathname === `/${n}`));
      return { rowsAt: (window as any).__rowsAt as number, socketAt: entry?.startTime };
    }, socketChunks);
    expect(socketAt).toBeDefined();
    expect(socketAt!).toBeGreaterThan(rowsAt);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a screen whose code cannot be fetched (a release replaced it) says so with a reload, not the router's developer page", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.locator('[data-figure][aria-busy="false"]').first().waitFor();
    // The settings are a chunk of their own, fetched when opened: as after a release, it is gone.
    await page.route('**/*.js', (route) => route.abort());
    await page.getByRole('link', { name: 'Setting' }).click();
    await page.getByRole('heading', { name: 'This page could not be shown' }).waitFor();
    await expect(page.getByRole('alert').innerText()).resolves.toContain("This page's code could not be fetched");
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    await page.unroute('**/*.js');
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await page.getByRole('button', { name: /Edit profile/ }).waitFor();
    await context.close();
  });
});
