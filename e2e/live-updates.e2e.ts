import type { Browser, Page } from 'playwright-core';
import { launch, newPage, signIn, opened } from './support/browser';
import { api, apiToken, newPayoutRequest } from './support/api';

/**
 * Issue 27: every screen that shows a record or a list refreshes when another admin changes it,
 * without a reload. Two sessions side by side: what one does, the other's open screens show within
 * 2 s (the contract's events, refreshing what they change).
 */
const WITHIN = 2000;

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launch();
  token = await apiToken();
});
afterAll(() => browser?.close());

const table = (page: Page) => page.getByRole('table');

/** A second admin session: its own browser context, signed in, with the socket up. */
async function session() {
  const opened = await newPage(browser);
  await signIn(opened.page);
  await opened.page.getByText('Available', { exact: true }).waitFor();
  return opened;
}

/** Another page of the same session (another tab), on `path`, its socket up. */
async function tab(of: Awaited<ReturnType<typeof session>>, path: string): Promise<Page> {
  const page = await of.context.newPage();
  await page.goto(path);
  await page.getByText('Available', { exact: true }).waitFor();
  return page;
}

it("deactivating a fan shows on the other admin's Fans list and fan profile within 2 s", async () => {
  const fan = (await api('GET', '/admin/getAllFans', { token, query: { status: '1', sortBy: 'email', limit: 5 } }))
    .data[2] as { _id: string; email: string; userName: string };
  const one = await session();
  const other = await session();
  const list = await tab(other, `/app/fans?search=${encodeURIComponent(fan.email)}`);
  const otherRow = table(list).getByRole('row', { name: new RegExp(fan.userName.replace('.', '\\.')) });
  await otherRow.getByRole('button', { name: 'Deactivate', exact: true }).waitFor();
  const profile = await tab(other, `/app/fans/view/${fan._id}`);
  await profile.getByText('Active', { exact: true }).first().waitFor();

  await one.page.goto(`/app/fans?search=${encodeURIComponent(fan.email)}`);
  const row = table(one.page).getByRole('row', { name: new RegExp(fan.userName.replace('.', '\\.')) });
  await row.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await (await opened(one.page.getByRole('dialog'))).getByRole('button', { name: 'Deactivate', exact: true }).click();
  await row.getByRole('button', { name: 'Activate', exact: true }).waitFor();

  await otherRow.getByRole('button', { name: 'Activate', exact: true }).waitFor({ timeout: WITHIN });
  await profile.getByText('Inactive', { exact: true }).first().waitFor({ timeout: WITHIN });

  await api('PATCH', '/admin/changeStatus', { token, query: { id: fan._id, status: '1' } });
  await otherRow.getByRole('button', { name: 'Deactivate', exact: true }).waitFor({ timeout: WITHIN });
  expect([...one.errors, ...other.errors]).toEqual([]);
  await one.context.close();
  await other.context.close();
});

it("a payout decision shows on the other admin's payout requests within 2 s", async () => {
  const { influencer } = await newPayoutRequest(token, 45.67, 40.01);
  const one = await session();
  const other = await session();
  const search = `?status=all&search=${encodeURIComponent(influencer.email)}`;
  const theirs = await tab(other, `/app/payouts-requests${search}`);
  const theirRow = table(theirs).getByRole('row', { name: /\$45\.67/ });
  await theirRow.getByRole('button', { name: 'Approve' }).waitFor();

  await one.page.goto(`/app/payouts-requests${search}`);
  const row = table(one.page).getByRole('row', { name: /\$45\.67/ });
  await row.getByRole('button', { name: 'Approve' }).click();
  await (await opened(one.page.getByRole('dialog'))).getByRole('button', { name: 'Approve' }).click();
  await row.getByText(/Approved by Ada Admin/).waitFor();

  await theirRow.getByText(/Approved by Ada Admin/).waitFor({ timeout: WITHIN });
  expect(await theirRow.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  expect([...one.errors, ...other.errors]).toEqual([]);
  await one.context.close();
  await other.context.close();
});

it("a discount code's change shows on the other admin's list and view within 2 s", async () => {
  const code = (await api('GET', '/discountCode/getAll', { token, query: { limit: 1, sortBy: 'codeName' } }))
    .data[0] as { _id: string; codeName: string; redeemLimit: number; totalRedeem: number };
  const limit = Math.max(code.redeemLimit, code.totalRedeem) + 17;
  const one = await session();
  const other = await session();
  const list = await tab(other, `/app/manage-discount-codes?search=${encodeURIComponent(code.codeName)}`);
  const theirRow = table(list).getByRole('row', { name: new RegExp(code.codeName) });
  await theirRow.waitFor();
  const view = await tab(other, `/app/manage-discount-codes/view/${code._id}`);
  await view.getByText(code.codeName, { exact: true }).first().waitFor();

  await one.page.goto(`/app/manage-discount-codes/edit/${code._id}`);
  const field = one.page.getByLabel('Redeem limit');
  await field.waitFor();
  await field.fill(String(limit));
  await one.page.getByRole('button', { name: 'Save' }).click();
  await one.page.waitForURL(/manage-discount-codes\/view\//);

  await theirRow.getByRole('cell', { name: String(limit), exact: true }).waitFor({ timeout: WITHIN });
  await view.getByText(String(limit), { exact: true }).first().waitFor({ timeout: WITHIN });
  expect([...one.errors, ...other.errors]).toEqual([]);
  await one.context.close();
  await other.context.close();
});

it("a sign-in elsewhere shows on the admin's own sessions within 2 s, and its logout too", async () => {
  const one = await session();
  await one.page.goto('/app/setting/sessions');
  const sessions = one.page.getByRole('table', { name: 'Your sessions' });
  await sessions.getByText('This session').waitFor();
  const before = await sessions.getByRole('row').count();

  const other = await session();
  await sessions.getByRole('row').nth(before).waitFor({ timeout: WITHIN });
  await other.page.getByRole('button', { name: 'Account menu' }).click();
  await other.page.getByRole('menuitem', { name: 'Logout' }).click();
  await other.page.waitForURL('**/login');
  await sessions.getByRole('row').nth(before).waitFor({ state: 'detached', timeout: WITHIN });
  expect([...one.errors, ...other.errors]).toEqual([]);
  await one.context.close();
  await other.context.close();
});
