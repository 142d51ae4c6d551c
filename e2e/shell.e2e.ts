import type { Browser, Page } from 'playwright-core';
import { ADMIN, latestEmail, launch, newestEmail, newPage, signIn, menu, opened } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const MENU: Array<{ item: string; parent?: string; path: string; shows: string }> = [
  { item: 'Dashboard', path: '/app', shows: `Welcome, ${ADMIN.name}` },
  { item: 'Fans', path: '/app/fans', shows: 'Showing 1 to 10 of' },
  { item: 'Influencers', path: '/app/influencers', shows: 'Showing 1 to 10 of' },
  { item: 'Requests', path: '/app/requests', shows: 'Requested On' },
  { item: 'Manage calls', path: '/app/calls', shows: 'Call From' },
  { item: 'Transactions', parent: 'Manage Payments', path: '/app/transactions', shows: 'Platform Fee' },
  { item: 'Payouts Request', parent: 'Manage Payments', path: '/app/payouts-requests', shows: 'Payout Amount' },
  { item: 'Payment Methods', parent: 'Manage Payments', path: '/app/payment-methods', shows: 'Method Name' },
  { item: 'Payouts History', parent: 'Manage Payments', path: '/app/payouts-history', shows: 'Approved By' },
  { item: 'Notifications', path: '/app/notifications', shows: 'Mark all as read' },
  { item: 'Email Templates', path: '/app/email-templates', shows: 'Key String' },
  { item: 'Manage Discount Codes', path: '/app/manage-discount-codes', shows: 'Redeem Limit' },
  { item: 'Setting', path: '/app/setting', shows: 'Platform' },
];

/** The page's stored token is one the server still accepts. */
async function expectSignedIn(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('_itoken'));
  const res = await page.request.get('/api/v1/admin/getUserProfile', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
}

describe('the shell', () => {
  it('sends a visitor without a session to /login, signs in and greets the admin', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto('/app/fans');
    await page.waitForURL('**/login');
    await signIn(page);
    await page.getByText('Admin', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('walks the whole side menu in the spec order, every screen rendering', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    const labels = await page.locator('nav[aria-label="Main menu"] .ant-menu-title-content').allTextContents();
    expect(labels.slice(0, 10)).toEqual([
      'Dashboard',
      'Fans',
      'Influencers',
      'Requests',
      'Manage calls',
      'Manage Payments',
      'Notifications',
      'Email Templates',
      'Manage Discount Codes',
      'Setting',
    ]);
    for (const m of MENU) {
      if (m.parent && !(await menu(page, m.item).isVisible())) {
        await page.getByText(m.parent, { exact: true }).click();
      }
      await menu(page, m.item).click();
      await page.waitForURL((u) => u.pathname === m.path);
      await page.getByText(m.shows).first().waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a small screen, toggles the menu and closes it on an outside click or after choosing an item', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.setViewportSize({ width: 600, height: 800 });
    await signIn(page);
    const fans = menu(page, 'Fans');
    expect(await fans.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await fans.waitFor({ state: 'visible' });
    await page.mouse.click(550, 400); // outside the menu
    await fans.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await fans.click();
    await page.waitForURL((u) => u.pathname === '/app/fans');
    await fans.waitFor({ state: 'hidden' });
    // an item with a submenu keeps the menu open
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByText('Manage Payments', { exact: true }).click();
    await menu(page, 'Transactions').waitFor({ state: 'visible' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for an unknown path under /app; the server answers other unknown paths with 404', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.goto('/app/no-such-screen');
    await page.getByText('Page not found').waitFor();
    // Not one of the shell's paths: a 404 a monitor or a script can tell from a page.
    const reply = await page.goto('/no-such-screen-either');
    expect([reply?.status(), await reply?.json()]).toEqual([
      404,
      { statusCode: 404, message: 'No route for GET /no-such-screen-either' },
    ]);
    await context.close();
  });

  it('serves the same routes at / as under /app', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.goto('/fans');
    await page.getByText('Showing 1 to 10 of').waitFor();
    await context.close();
  });

  it('logs out on a 401 with the toast "Logout Successfully!"', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    // The token is revoked behind the page's back (as an expiry or a password change elsewhere would).
    const token = await page.evaluate(() => localStorage.getItem('_itoken'));
    const res = await page.request.post('/api/v1/admin/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    // The next call is refused: the admin's click, or the live updates' refresh when their socket
    // connects (after the dashboard is drawn), whichever comes first; either way the page logs out.
    await Promise.race([
      menu(page, 'Fans')
        .click()
        .catch(() => undefined),
      page.waitForURL('**/login'),
    ]);
    await page.waitForURL('**/login');
    await page.getByText('Logout Successfully!').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('_itoken'))).toBeNull();
    await context.close();
  });

  it('logs out from the header menu', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('Logout', { exact: true }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it("asks before unsaved changes are lost: a menu link, the browser's Back, Change Password and Logout", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    await menu(page, 'Setting').click();
    await page.getByRole('button', { name: /Edit profile/ }).click();
    const firstName = page.getByLabel('First Name');
    await firstName.fill('Unsaved');
    const asked = page.getByRole('dialog').filter({ hasText: 'Leave without saving?' });
    const answer = async (choice: 'Leave' | 'Stay') => {
      await (await opened(asked)).getByRole('button', { name: choice }).click();
      await asked.waitFor({ state: 'hidden' });
    };
    /** Stay kept the page, its address and the typing, and the admin signed in. */
    const stillEditing = async () => {
      await page.waitForURL((u) => u.pathname === '/app/setting');
      expect(await firstName.inputValue()).toBe('Unsaved');
      expect(await page.evaluate(() => localStorage.getItem('_itoken'))).not.toBeNull();
      await page.getByText(`Hello, ${ADMIN.name}`).waitFor();
    };
    const account = async (item: string) => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: item }).click();
    };

    await menu(page, 'Fans').click();
    await answer('Stay');
    await stillEditing();
    await page.goBack();
    await answer('Stay');
    await stillEditing();
    await account('Change Password');
    await answer('Stay');
    await stillEditing();
    await account('Logout');
    await answer('Stay');
    await stillEditing();
    // Logout never reached the server: the token the admin kept is still good.
    await expectSignedIn(page);

    await page.goBack();
    await answer('Leave');
    await page.getByText(`Welcome, ${ADMIN.name}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app');
    await page.goForward();
    await page.getByRole('button', { name: /Edit profile/ }).click();
    await firstName.fill('Unsaved');
    await account('Logout');
    await answer('Leave');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('_itoken'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password end to end through the outbox', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The sign-in form has an Email field too: fill only once the reset form has replaced it.
    await page.waitForURL('**/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    const before = newestEmail();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for that email').waitFor();
    const mail = await latestEmail({ to: ADMIN.email, after: before });
    const link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Use at least 8 characters').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('A-brand-new-pass-1');
    await page.getByLabel('Confirm new password').fill('A-brand-new-pass-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/login');
    await signIn(page, ADMIN.email, 'A-brand-new-pass-1');
    // the link works once
    await page.goto(link);
    await page.getByText('This password reset link is invalid or has expired.').waitFor();
    // put the password back for the other tests, through the change-password screen
    await page.goto('/change-password');
    await page.getByLabel('Current password').fill('A-brand-new-pass-1');
    await page.getByLabel('New password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Confirm new password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed successfully').waitFor();
    await context.close();
  });
});
