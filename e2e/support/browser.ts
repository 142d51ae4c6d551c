import fs from 'node:fs';
import path from 'node:path';
import { chromiumLaunchOptions } from '../../test-support/chromium';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/**
 * The browser tests' server seeds its admin with this password (SEED_ADMIN_PASSWORD), not the
 * documented default, which would send every sign-in to the forced password change first.
 */
export const E2E_ADMIN_PASSWORD = 'E2E-Admin-Password-1';

/** The key the tests sign with when they play the marketplace (filing requests, posting notifications). */
export const E2E_MARKETPLACE_KEY = 'e2e:e2e-marketplace-key-0123456789abcdef';

export const ADMIN = { email: 'admin@backoffice.local', password: E2E_ADMIN_PASSWORD, name: 'Ada Admin' };

export interface E2EState {
  baseURL: string;
  dataDir: string;
}

export const state = (): E2EState => JSON.parse(process.env.E2E_STATE ?? '{}') as E2EState;

/** The Chromium that arrives with npm install, or CHROMIUM_PATH's (test-support/chromium.js). */
export function launch(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

export async function newPage(
  browser: Browser,
  baseURL = state().baseURL,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // "No uncaught error reaches the console in normal use": console errors count as failures too.
  page.on('console', (m) => {
    // Chromium itself reports a socket still connecting when a reload or Back unloads the page.
    if (m.type() === 'error' && !m.text().includes('WebSocket is closed before the connection is established')) {
      errors.push(`console: ${m.text()} @ ${m.location().url}`);
    }
  });
  return { context, page, errors };
}

export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Hello, ${ADMIN.name}`).waitFor();
}

/** An email the server delivered to its outbox folder (no SMTP in tests), and the file it is in. */
export interface OutboxEmail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The outbox's emails, oldest first: the file names sort in the order the emails were queued. */
function outboxEmails(dataDir: string): OutboxEmail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) }));
}

/** The newest email in the outbox now, if any: the mark `latestEmail`'s `after` takes. */
export function newestEmail(dataDir = state().dataDir): OutboxEmail | undefined {
  return outboxEmails(dataDir).at(-1);
}

/**
 * The newest email in the outbox, to `to` and newer than `after` when given. The server queues an
 * email with the change and its worker writes the file a moment after the commit, so this waits
 * for one, up to `timeoutMs`.
 */
export async function latestEmail(
  opts: { to?: string; after?: OutboxEmail; dataDir?: string; timeoutMs?: number } = {},
): Promise<OutboxEmail> {
  const dataDir = opts.dataDir ?? state().dataDir;
  const until = Date.now() + (opts.timeoutMs ?? 5000);
  for (;;) {
    const found = outboxEmails(dataDir)
      .filter((m) => (!opts.after || m.file > opts.after.file) && (!opts.to || m.to.includes(opts.to)))
      .at(-1);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no email${opts.to ? ` to ${opts.to}` : ''} in the outbox in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A link of the side menu (the dashboard has cards with the same names). */
export const menu = (page: Page, name: string): Locator =>
  page.locator('nav[aria-label="Main menu"]').getByRole('link', { name, exact: true });

/**
 * The dialog, once it has finished zooming in. While it opens its buttons move: on a loaded machine
 * Playwright measures a button in the frame before the zoom starts and the click lands a frame
 * later where the button no longer is, so the dialog stays open. An admin's eye waits the same.
 */
export async function opened(dialog: Locator): Promise<Locator> {
  await dialog.and(dialog.page().locator('.ant-modal:not(.ant-zoom)')).first().waitFor();
  return dialog;
}
