import type { Browser, Page } from 'playwright-core';
import { api, apiToken } from './support/api';
import { ADMIN, launch, menu, newPage, signIn, opened } from './support/browser';

let browser: Browser;
let token: string;
/** The fan this test deactivates, active again afterwards for the other tests. */
let fan: { _id: string; email: string; userName: string; displayName: string } | undefined;

beforeAll(async () => {
  browser = await launch();
  token = await apiToken();
});

afterAll(async () => {
  if (fan) await api('PATCH', '/admin/changeStatus', { token, query: { id: fan._id, status: '1' } });
  await browser?.close();
});

const table = (page: Page) => page.getByRole('table');

/** Waits for a condition the page reaches on its own (a refetch), failing after `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** The log's rows, newest first (the header row left out). */
const logRows = (page: Page) => table(page).locator('tbody tr');

describe('the audit log', () => {
  it('records a fan deactivated in the fans list, shows it newest first from Setting, filters by action and opens the fan', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    // one the people tests do not use (they take the first by email, newest first)
    fan = (
      await api('GET', '/admin/getAllFans', { token, query: { status: '1', sortBy: 'userName', sortOrder: 'asc' } })
    ).data[0];
    const { _id: id, email, userName } = fan!;

    // the change, made as an admin makes it
    await page.goto(`/app/fans?search=${encodeURIComponent(email)}`);
    const row = table(page).getByRole('row', { name: new RegExp(userName.replace(/\./g, '\\.')) });
    await row.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await (await opened(page.getByRole('dialog'))).getByRole('button', { name: 'Deactivate', exact: true }).click();
    await row.getByRole('button', { name: 'Activate', exact: true }).waitFor();

    // Setting → Audit log; the side menu has no entry of its own for it
    await menu(page, 'Setting').click();
    expect(await menu(page, 'Audit log').count()).toBe(0);
    await page.getByRole('link', { name: 'Open the audit log' }).click();
    await page.waitForURL('**/app/setting/audit-log');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();

    const newest = logRows(page).first();
    await newest.getByText('User status changed').waitFor();
    await newest.getByText(ADMIN.name).waitFor();
    await newest.getByText('status: 1 → 0').waitFor();
    const record = newest.getByRole('link', { name: `User ${id.slice(0, 8)}...` });
    expect(await record.getAttribute('href')).toBe(`/app/details/fan-details/${id}`);

    // only status changes: every row is one, and this fan's is still the newest
    const action = page.getByRole('combobox', { name: 'Action' });
    await action.click();
    await action.fill('status');
    await page.locator('.ant-select-item-option[title="User status changed"]').click();
    await page.waitForURL('**/app/setting/audit-log?action=user.statusChanged');
    // the rows of the filtered page, once they have replaced the unfiltered ones
    await until(async () => {
      const actions = await logRows(page).locator('td:nth-child(3)').allTextContents();
      return actions.length > 0 && actions.every((a) => a === 'User status changed');
    });
    await logRows(page)
      .first()
      .getByRole('link', { name: `User ${id.slice(0, 8)}...` })
      .click();
    await page.waitForURL(`**/app/details/fan-details/${id}`);
    await page.getByText(`@${userName}`).first().waitFor();

    // the same screen at the root, its links at the root too
    await page.goto('/setting/audit-log?action=user.statusChanged');
    const atRoot = logRows(page)
      .first()
      .getByRole('link', { name: `User ${id.slice(0, 8)}...` });
    expect(await atRoot.getAttribute('href')).toBe(`/details/fan-details/${id}`);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('is for signed-in admins: the API refuses the log without a token', async () => {
    expect((await api('GET', '/admin/getAuditLog')).statusCode).toBe(401);
    const reply = await api('GET', '/admin/getAuditLog', { token, query: { action: 'user.statusChanged', limit: 5 } });
    expect(reply.statusCode).toBe(200);
    expect(JSON.stringify(reply.data)).not.toMatch(/password|token/i);
  });
});
