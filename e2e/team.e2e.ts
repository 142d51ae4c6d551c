import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { SCREENS, noAccessTo } from '@backoffice/shared-api';
import { SEEDED_ROLES } from '@backoffice/shared-api/contract';
import { ADMIN, E2E_ADMIN_PASSWORD, E2E_MARKETPLACE_KEY, latestEmail, launch, menu, opened } from './support/browser';
import { api, newPayoutRequest } from './support/api';
import { startOwnServer, type OwnServer } from './support/servers';

/**
 * A team forms, as the issue tells it: an Owner invites a Support agent, who joins through the
 * emailed link and sees only what Support may use; made Finance, they must add a second factor at
 * their next sign-in and then decide payouts. On a server of its own that requires a second factor
 * wherever a role calls for one, as anything listening beyond loopback does.
 */

const INVITEE = { email: 'sam.support@backoffice.local', firstName: 'Sam', lastName: 'Support' };
const INVITEE_PASSWORD = 'Sam-chose-this-password-1';
const STEP_SECONDS = 30;

let browser: Browser;
let server: OwnServer;

beforeAll(async () => {
  browser = await launch();
  server = await startOwnServer('team', {
    SECOND_FACTOR: 'required',
    SEED_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    MARKETPLACE_API_KEY: E2E_MARKETPLACE_KEY,
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.stop();
});

async function open(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Enrols as an admin would with an authenticator app: the key shown for typing by hand, and the
 * code of the step before now (accepted, one step either side), so that the next sign-in's code,
 * of the current step, is not a replay of it.
 */
async function enrol(page: Page): Promise<string> {
  await page.waitForURL('**/app/setting/two-factor');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const key = (await page.getByLabel('Key for manual entry').innerText()).replace(/\s/g, '');
  const epoch = Math.floor(Date.now() / 1000) - STEP_SECONDS;
  await page.getByLabel('Code from the app').fill(generateSync({ secret: key, epoch }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
  expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await page.getByRole('button', { name: 'Continue to the back office' }).click();
  await page.waitForURL((url) => url.pathname === '/app');
  return key;
}

/**
 * Picks an option of the antd select labelled `label` in the open dialog. Like the dialog, the
 * options slide in: a click measured before the slide lands on the option beside the one meant.
 */
async function choose(page: Page, label: string, option: string) {
  await (await opened(page.getByRole('dialog'))).getByLabel(label).click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="ant-slide"])')
    .getByTitle(option, { exact: true })
    .click();
}

/** Every screen the side menu links to, its groups opened. */
async function menuNames(page: Page): Promise<string[]> {
  const nav = page.locator('nav[aria-label="Main menu"]');
  for (const group of await nav.locator('.ant-menu-submenu-title[aria-expanded="false"]').all()) await group.click();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

describe('a team of admins', () => {
  it('an Owner invites a Support agent, who sees only Support’s screens; made Finance, they enrol and decide payouts', async () => {
    // The Owner signs in; the role moves money, so the first thing is a second factor.
    const owner = await open();
    await signIn(owner.page, ADMIN.email, ADMIN.password);
    await enrol(owner.page);
    await owner.page.getByText(`Hello, ${ADMIN.name}`).waitFor();

    // Setting → Admins → Invite admin, as Support.
    await owner.page.goto('/app/setting/admins');
    await owner.page.getByRole('button', { name: 'Invite admin' }).click();
    const dialog = await opened(owner.page.getByRole('dialog'));
    await dialog.getByLabel('Email').fill(INVITEE.email);
    await dialog.getByLabel('First name (optional)').fill(INVITEE.firstName);
    await dialog.getByLabel('Last name (optional)').fill(INVITEE.lastName);
    await choose(owner.page, 'Role', 'Support');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await owner.page.getByRole('button', { name: `Cancel the invitation to ${INVITEE.email}` }).waitFor();

    // The invitee follows the emailed link: the server's own, to this server.
    const email = await latestEmail({ dataDir: server.dataDir });
    expect(email.to).toBe(INVITEE.email);
    const link = /https?:\/\/[^\s"<>[\]]+\/accept-invite\?token=[^\s"<>[\]]+/.exec(email.text)?.[0];
    expect(link?.startsWith(server.baseURL)).toBe(true);
    const invitee = await open();
    await invitee.page.goto(link!);
    await invitee.page.getByText('Role: Support').waitFor();
    await invitee.page.getByLabel('New password', { exact: true }).fill(INVITEE_PASSWORD);
    await invitee.page.getByLabel('Confirm new password').fill(INVITEE_PASSWORD);
    await invitee.page.getByRole('button', { name: 'Create my account' }).click();
    await invitee.page.waitForURL('**/login');
    // The link worked once.
    const again = await api('GET', '/admin/invite/verify', {
      baseURL: server.baseURL,
      query: { token: new URL(link!).searchParams.get('token')! },
    });
    expect(again.statusCode).toBe(400);

    // Signed in: Support needs no second factor; the menu holds Support's screens and no other.
    await signIn(invitee.page, INVITEE.email, INVITEE_PASSWORD);
    await invitee.page.getByText(`Hello, ${INVITEE.firstName} ${INVITEE.lastName}`).waitFor();
    const support = SEEDED_ROLES.find((r) => r.key === 'support')!.permissions as readonly string[];
    const expected = SCREENS.filter((s) => s.menu && (s.permission === 'self' || support.includes(s.permission))).map(
      (s) => s.menu,
    );
    expect((await menuNames(invitee.page)).sort()).toEqual(expected.sort());
    for (const hidden of ['Email templates', 'Manage discount codes'])
      expect(await menu(invitee.page, hidden).count()).toBe(0);
    await invitee.page.getByRole('button', { name: /Account menu/ }).click();
    await invitee.page.getByRole('menuitem', { name: 'Role: Support' }).waitFor();
    await invitee.page.keyboard.press('Escape');

    // A payout request: Support reads it and decides nothing.
    const signedIn = await api('POST', '/admin/signIn', {
      baseURL: server.baseURL,
      body: { email: INVITEE.email, password: INVITEE_PASSWORD },
    });
    const sessionToken = signedIn.data.token as string;
    const { influencer } = await newPayoutRequest(sessionToken, 321.09, 256.87, server.baseURL);
    await invitee.page.goto('/app/payouts-requests');
    const row = invitee.page.getByRole('row', { name: /\$321\.09/ });
    await row.waitFor();
    await row.getByText('Pending').waitFor();
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Reject' }).count()).toBe(0);

    // The audit log's address says there is no access, instead of failing.
    await invitee.page.goto('/app/setting/audit-log');
    await invitee.page.getByText(noAccessTo('Audit log')).waitFor();

    // The Owner makes them Finance.
    await owner.page.goto(`/app/setting/admins?search=${encodeURIComponent(INVITEE.email)}`);
    await owner.page.getByRole('button', { name: `Change role of ${INVITEE.firstName} ${INVITEE.lastName}` }).click();
    await choose(owner.page, 'Role', 'Finance');
    await owner.page.getByRole('dialog').getByText('Finance needs a second factor').waitFor();
    await (await opened(owner.page.getByRole('dialog'))).getByRole('button', { name: 'Change role' }).click();
    await owner.page.getByRole('dialog').waitFor({ state: 'hidden' });
    await owner.page
      .getByRole('row', { name: new RegExp(INVITEE.email) })
      .getByText('Finance')
      .waitFor();

    // At their next sign-in they must enrol; then they can decide the payout.
    await invitee.context.close();
    const finance = await open();
    await signIn(finance.page, INVITEE.email, INVITEE_PASSWORD);
    await enrol(finance.page);
    await finance.page.goto('/app/payouts-requests');
    const pending = finance.page.getByRole('row', { name: /\$321\.09/ });
    await pending.getByRole('button', { name: 'Approve' }).click();
    await finance.page
      .getByRole('dialog')
      .getByText(`Approve the payout of $256.87 to ${influencer.displayName}?`)
      .waitFor();
    await (await opened(finance.page.getByRole('dialog'))).getByRole('button', { name: 'Approve' }).click();
    await pending.getByText(/Approved by Sam Support/).waitFor();

    expect(owner.errors).toEqual([]);
    expect(finance.errors).toEqual([]);
    await owner.context.close();
    await finance.context.close();
  });
});
