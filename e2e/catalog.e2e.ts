import type { Browser, Page } from 'playwright-core';
import { launch, newPage, signIn } from './support/browser';
import { api, apiToken } from './support/api';
import { whenSocketAuthenticated } from '../test-support/socket';

/** Spec section 4: an ongoing call's end time. */
const EPOCH_ISO = '1970-01-01T00:00:00.000Z';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launch();
  token = await apiToken();
});
afterAll(() => browser?.close());

const table = (page: Page) => page.getByRole('table').first();
/** The table has the rows of the page in the URL, not the previous page's kept while loading. */
const settled = (page: Page) => page.locator('table[aria-busy="false"]').first().waitFor();
const columnTexts = (page: Page, index: number) =>
  table(page)
    .locator(`tbody tr td:nth-child(${index + 1})`)
    .allInnerTexts();
/**
 * Text typed before the form has run its first effects (tens of milliseconds after it appears) is
 * dropped (a known race, see the closing note of issue 6); no admin types that fast, so the test lets
 * the form settle first.
 */
async function formSettled(page: Page) {
  await page.getByLabel('Code name').waitFor();
  await page.waitForTimeout(500);
}
/**
 * Fills a form with `fill` until `kept` says every field holds what was typed: on a loaded machine
 * the form's first effects can come later than formSettled waits, and clear what came before them.
 */
async function fillKept(page: Page, fill: () => Promise<void>, kept: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    await fill();
    await page.waitForTimeout(300);
    if (await kept()) return;
  }
  throw new Error('the form did not keep what was typed');
}
/** The column shows `expected` once the page in the URL has rendered (the previous rows stay while it loads). */
async function expectColumn(page: Page, index: number, expected: string[]) {
  let seen: string[] = [];
  for (let i = 0; i < 100; i++) {
    await settled(page);
    seen = await columnTexts(page, index);
    if (JSON.stringify(seen) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  expect(seen).toEqual(expected);
}
/** Chromium logs refused saves (400, 409) itself; they are the answers these tests ask for. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4(00|09)/.test(e));

describe('the catalog remote', () => {
  it('creates, edits and views a discount code, and finds a code’s redemptions', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    const name = `E2E${Date.now().toString(36).toUpperCase()}`;
    await page.goto('/app/manage-discount-codes');
    const codes = await api('GET', '/discountCode/getAll', { token });
    await page.getByText(`of ${codes.total} entries`).waitFor();
    const headers = await table(page).getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual([
      'Discount Type',
      'Code Name',
      'Status',
      'Created On',
      'Total Redeem',
      'Redeem Limit',
      'Action',
    ]);

    await page.getByRole('button', { name: 'Add discount code' }).click();
    await page.waitForURL('**/manage-discount-codes/add');
    // A name another code has, in another case, is refused on the field.
    const taken = await api('GET', '/discountCode/getAll', { token, query: { limit: 1 } });
    await formSettled(page);
    await fillKept(
      page,
      async () => {
        await page.getByLabel('Code name').fill(taken.data[0].codeName.toLowerCase());
        await page.getByLabel('Discount type').click();
        await page
          .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Promo code"]')
          .click();
        await page.getByLabel('Amount').fill('7.5');
        await page.getByLabel('Redeem limit').fill('40');
      },
      async () =>
        (await page.getByLabel('Code name').inputValue()) === taken.data[0].codeName.toLowerCase() &&
        (await page.locator('.ant-select-content[title="Promo code"]').count()) === 1 &&
        Number(await page.getByLabel('Amount').inputValue()) === 7.5 &&
        (await page.getByLabel('Redeem limit').inputValue()) === '40',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A discount code with this name already exists').waitFor();
    await page.getByLabel('Code name').fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/manage-discount-codes\/view\//);
    await page.getByText(name, { exact: true }).first().waitFor();
    await page.getByText('$7.50').first().waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/manage-discount-codes\/edit\//);
    await formSettled(page);
    await page.getByLabel('Redeem limit').fill('60');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/manage-discount-codes\/view\//);
    const stored = await api('GET', '/discountCode/getAll', { token, query: { search: name } });
    expect(stored.data[0]).toMatchObject({ codeName: name, type: 'promo_code', amount: 7.5, redeemLimit: 60 });

    // A code that was redeemed shows its redemptions, and links to the history filtered by it.
    const used = await api('GET', '/discountCode/getAll', {
      token,
      query: { sortBy: 'totalRedeem', sortOrder: 'desc', limit: 1 },
    });
    const code = used.data[0] as { _id: string; codeName: string; totalRedeem: number };
    expect(code.totalRedeem).toBeGreaterThan(0);
    const redemptions = await api('GET', '/redemption/getAll', { token, query: { filterValue: code._id } });
    await page.goto(`/app/manage-discount-codes/view/${code._id}`);
    await page.getByText(`of ${redemptions.total} entries`).waitFor();
    await page.getByRole('link', { name: 'Open in redemption history' }).click();
    await page.waitForURL(/manage-cupon-history\?value=/);
    // The code's page showed the same count: wait for the history's own table and rows.
    await page.getByRole('columnheader', { name: 'Redeemed At' }).waitFor();
    await page.getByText(`Code: ${code.codeName}`).waitFor();
    await page.getByText(`of ${redemptions.total} entries`).waitFor();
    await table(page).getByRole('cell', { name: code.codeName, exact: true }).first().waitFor();
    await settled(page);
    expect(new Set(await columnTexts(page, 1))).toEqual(new Set([code.codeName]));
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('searches and sorts the redemption history', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    await page.goto('/app/manage-cupon-history');
    const all = await api('GET', '/redemption/getAll', { token });
    await page.getByText(`Showing 1 to 10 of ${all.total} entries`).waitFor();
    const headers = await table(page).getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual([
      'User Name',
      'Discount Code',
      'Discount Type',
      'Discount Amount',
      'Redeemed At',
    ]);
    const first = all.data[0] as { displayName: string };
    const word = first.displayName.split(' ')[0]!;
    // Spaces around the search are trimmed; the list goes back to page 1.
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await page.getByPlaceholder('Search by name').fill(`  ${word}  `);
    const found = await api('GET', '/redemption/getAll', { token, query: { search: word } });
    await page.getByText(`of ${found.total} entries`).waitFor();
    expect(page.url()).not.toMatch(/page=2/);
    expect(decodeURIComponent(page.url())).toContain(`search=${word}`);

    // A header click sorts ascending, a second one descending.
    await table(page).getByRole('button', { name: 'Discount Amount', exact: true }).click();
    await page.waitForURL(/sortOrder=asc/);
    const asc = await api('GET', '/redemption/getAll', {
      token,
      query: { search: word, sortBy: 'discountAmount', sortOrder: 'asc' },
    });
    await expectColumn(
      page,
      1,
      asc.data.map((r: { discountCode: string }) => r.discountCode),
    );
    await table(page).getByRole('button', { name: 'Discount Amount', exact: true }).click();
    // Descending is the default order, so the URL leaves it out.
    await page.waitForURL(
      (u) => u.searchParams.get('sortBy') === 'discountAmount' && !u.search.includes('sortOrder=asc'),
    );
    const desc = await api('GET', '/redemption/getAll', {
      token,
      query: { search: word, sortBy: 'discountAmount', sortOrder: 'desc' },
    });
    await expectColumn(
      page,
      1,
      desc.data.map((r: { discountCode: string }) => r.discountCode),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits an email template, and the preview shows the sanitised HTML without running it', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    await page.goto('/app/email-templates');
    const welcome = table(page).getByRole('row', { name: /welcome/ });
    await welcome
      .getByRole('link', { name: 'Edit' })
      .or(welcome.getByRole('button', { name: 'Edit' }))
      .click();
    await page.waitForURL(/email-templates\/edit\//);
    await page.getByText('{{firstName}}').first().waitFor();
    const content = page.getByLabel('Content');
    await content.fill(
      '<p>Hello {{firstName}}, <img src="x" onerror="window.top.__pwned = 1">welcome!</p><script>window.top.__pwned = 2</script><a href="javascript:alert(1)">Start</a>',
    );
    const preview = page.frameLocator('iframe[title="Email preview"]');
    await preview.getByText('Hello Jane, welcome!').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Removed for safety/).waitFor();
    const saved = await api('GET', '/emailTemplate/getAll', { token, query: { search: 'welcome' } });
    const detail = await api('GET', '/emailTemplate/getDetail', { token, query: { id: saved.data[0]._id } });
    expect(detail.data.content).toContain('Hello {{firstName}}');
    expect(detail.data.content).not.toMatch(/<script|onerror|javascript:/i);
    // The form now holds what was saved; the sandboxed preview never ran a script.
    expect(await content.inputValue()).toBe(detail.data.content);
    expect(await page.locator('iframe[title="Email preview"]').getAttribute('sandbox')).toBe('');
    await preview.getByText('Start').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('opens an ongoing call and a finished one', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    await page.goto('/app/calls?status=Ongoing');
    const ongoing = await api('GET', '/videoCall/getAll', { token, query: { status: 'Ongoing' } });
    expect(ongoing.data[0].endedAt).toBe(EPOCH_ISO);
    await page.getByText(`of ${ongoing.total} entries`).waitFor();
    const headers = await table(page).getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim()).slice(0, 8)).toEqual([
      'Call From',
      'Call To',
      'Date',
      'Duration',
      'Transaction Total',
      'Earn Amount',
      'Refunded Amount',
      'Status',
    ]);
    await settled(page);
    expect(new Set(await columnTexts(page, 3))).toEqual(new Set(['Ongoing']));
    await table(page).getByRole('row').nth(1).getByRole('link', { name: 'View' }).click();
    await page.waitForURL(/calls\/view\//);
    await page.getByText(ongoing.data[0].host.displayName).first().waitFor();
    await page.getByText('Ongoing').first().waitFor();

    const done = await api('GET', '/videoCall/getAll', { token, query: { status: 'Completed', limit: 1 } });
    const call = done.data[0] as { _id: string; startedAt: string; endedAt: string };
    const detail = await api('GET', '/videoCall/getDetail', { token, query: { id: call._id } });
    await page.goto(`/app/calls/view/${call._id}`);
    const seconds = Math.round((Date.parse(call.endedAt) - Date.parse(call.startedAt)) / 1000);
    const hms = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
      .map((n) => String(n).padStart(2, '0'))
      .join(':');
    await page.getByText(hms).first().waitFor();
    for (const t of detail.data.transactions as Array<{ transactionId: string }>) {
      await page.getByText(t.transactionId).waitFor();
    }
    expect(detail.data.transactions.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('receives a notification live, counts it in the header and marks it read', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    // Live means over the page's socket: it connects once the list is drawn, and is the server's
    // once it has authenticated (a notification before that is counted on the next read, not pushed).
    const authenticated = whenSocketAuthenticated(page);
    await page.goto('/app/notifications?unread=true');
    expect(await authenticated).toBe(true);
    const before = await api('GET', '/notification/getUnreadCount', { token });
    const bell = (unread: number) =>
      page
        .locator('header')
        .getByRole('link', { name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications', exact: true });
    await bell(before.data.unReadCount).waitFor();
    await page.getByText(`of ${before.data.unReadCount} entries`).waitFor();

    const fans = await api('GET', '/admin/getAllFans', { token, query: { limit: 1 } });
    const sender = fans.data[0] as { _id: string; displayName: string };
    const description = `{{senderName}} reported a problem with call ${Date.now()}`;
    const created = await api('POST', '/notification/create', {
      marketplace: true,
      body: { description, type: 'call_report', senderId: sender._id },
    });
    expect(created.statusCode).toBe(200);
    const text = description.replace('{{senderName}}', sender.displayName);
    // A toast, the header's count and the open list, all without a reload.
    await page
      .getByRole('alert')
      .getByText(text)
      .or(page.locator('.ant-notification').getByText(text))
      .first()
      .waitFor();
    await bell(before.data.unReadCount + 1).waitFor();
    const row = table(page).getByRole('row', { name: new RegExp(text) });
    await row.waitFor();
    await row.getByRole('button', { name: 'Mark as read' }).click();
    await bell(before.data.unReadCount).waitFor();
    await row.waitFor({ state: 'detached' });
    const after = await api('GET', '/notification/getAll', { token, query: { limit: 5 } });
    expect(after.data.find((n: { _id: string }) => n._id === created.data._id).isRead).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
