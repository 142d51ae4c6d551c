import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, launch, newPage, state, opened } from './support/browser';
import { freePort } from '../test-support/server';

const ROOT = path.resolve(__dirname, '..');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A remote team's own loop: `npm run dev` in its app folder, against the running API. */
async function startDevServer(app: string): Promise<{ url: string; server: ChildProcess }> {
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [require.resolve('webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'],
    {
      cwd: path.join(ROOT, 'apps', app),
      env: { ...process.env, NODE_ENV: 'development', DEV_PORT: String(port), API_URL: state().baseURL },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  server.stdout!.on('data', (d) => (out += d));
  server.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (/compiled successfully/i.test(out)) {
        clearInterval(timer);
        resolve();
      } else if (/compiled with \d+ error/i.test(out)) {
        clearInterval(timer);
        reject(new Error(out));
      }
    }, 200);
    server.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the dev server exited (${code}):\n${out}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, server };
}

/** Signs in on the standalone host's own form and walks its screens. */
async function walk(app: string, firstPath: string, title: string, steps: (page: Page) => Promise<void>) {
  const { url, server } = await startDevServer(app);
  try {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${url}${firstPath}`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`${title} (standalone)`).waitFor();
    // antd draws from the stylesheet the dev page links (ThemeProvider runs it without CSS-in-JS),
    // in the product's theme: without it a button is an inline-block with square corners.
    const logout = page.getByRole('button', { name: 'Logout' });
    expect(
      await logout.evaluate((el) => [getComputedStyle(el).display, getComputedStyle(el).borderTopLeftRadius]),
    ).toEqual(['inline-flex', '6px']);
    await steps(page);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    server.kill('SIGTERM');
  }
}

describe('a remote on its own', () => {
  it('people: signs in and works through fans, fan detail, influencers and requests against the API', async () => {
    await walk('people', '/app/fans', 'People', async (page) => {
      await page.getByText('Showing 1 to 10 of').waitFor();
      await page.getByRole('link', { name: 'Details' }).first().click();
      await page.getByText('Video Calls').waitFor();
      await page.getByRole('link', { name: 'Influencers' }).first().click();
      await page.getByText('Showing 1 to 10 of').waitFor();
      await page.getByRole('link', { name: 'Requests' }).first().click();
      await page.getByRole('columnheader', { name: 'Requested On' }).waitFor();

      // Logout goes through the router, as in the shell: unsaved changes are asked about first.
      await page.getByRole('link', { name: 'Fans' }).first().click();
      await page.getByRole('link', { name: 'Edit', exact: true }).first().click();
      const city = page.getByLabel('City');
      await city.fill('Unsaved city');
      const asked = page.getByRole('dialog').filter({ hasText: 'Leave without saving?' });
      await page.getByRole('button', { name: 'Logout' }).click();
      await (await opened(asked)).getByRole('button', { name: 'Stay' }).click();
      await asked.waitFor({ state: 'hidden' });
      expect(await city.inputValue()).toBe('Unsaved city');
      expect(await page.evaluate(() => localStorage.getItem('_itoken'))).not.toBeNull();
      await page.getByRole('button', { name: 'Logout' }).click();
      await (await opened(asked)).getByRole('button', { name: 'Leave' }).click();
      await page.getByText('People: sign in').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('_itoken'))).toBeNull();
    });
  }, 240_000);

  it('payments: signs in and works through transactions, payout requests, payment methods and payouts history', async () => {
    await walk('payments', '/app/transactions', 'Payments', async (page) => {
      await page.getByRole('columnheader', { name: 'Platform Fee' }).waitFor();
      await page.getByText('Showing 1 to 10 of').waitFor();
      await page.getByRole('link', { name: 'Payout requests' }).first().click();
      await page.getByRole('columnheader', { name: 'Payout Amount' }).waitFor();
      await page.getByRole('link', { name: 'Payment methods' }).first().click();
      await page.getByRole('columnheader', { name: 'Method Name' }).waitFor();
      await page.getByRole('link', { name: 'Payouts history' }).first().click();
      await page.getByRole('columnheader', { name: 'Reference' }).waitFor();
      await page.getByText('Showing 1 to 10 of').waitFor();
    });
  }, 240_000);

  it('catalog: signs in and works through discount codes, redemption history, email templates, calls and notifications', async () => {
    await walk('catalog', '/app/manage-discount-codes', 'Catalog', async (page) => {
      await page.getByRole('columnheader', { name: 'Redeem Limit' }).waitFor();
      await page.getByText(/^Showing 1 to \d+ of \d+ entries$/).waitFor();
      await page.getByRole('link', { name: 'Redemption history' }).first().click();
      await page.getByRole('columnheader', { name: 'Redeemed At' }).waitFor();
      await page.getByRole('link', { name: 'Email templates' }).first().click();
      await page.getByRole('columnheader', { name: 'Key String' }).waitFor();
      await page.getByRole('link', { name: 'Calls' }).first().click();
      await page.getByRole('columnheader', { name: 'Call From' }).waitFor();
      await page.getByRole('link', { name: 'Notifications' }).first().click();
      await page.getByRole('button', { name: 'Mark all as read' }).waitFor();
    });
  }, 240_000);
});
