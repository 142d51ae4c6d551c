import type { Browser, Locator, Page } from 'playwright-core';
import { launch, newPage, signIn } from './support/browser';
import { apiToken, newPayoutRequest } from './support/api';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launch();
  token = await apiToken();
});
afterAll(() => browser?.close());

const card = (page: Page, key: string): Locator => page.locator(`a[data-figure-card="${key}"]`);
/** The figure of a card once the dashboard has answered. */
async function figure(page: Page, key: string): Promise<string> {
  const value = card(page, key).locator('[data-figure][aria-busy="false"]');
  await value.waitFor();
  return (await value.innerText()).trim();
}
const asNumber = (text: string) => Number(text.replace(/[$,]/g, ''));

/** The list's own count of what it shows, from its pager ("Showing 1 to 10 of N entries"). */
async function listTotal(page: Page): Promise<number> {
  await page.locator('table[aria-busy="false"]').waitFor();
  const pager = page.getByText(/of [\d,]+ entries/);
  await pager.waitFor();
  const m = /of ([\d,]+) entries/.exec(await pager.innerText());
  return asNumber(m?.[1] ?? 'NaN');
}

const COUNT_CARDS: Array<{ key: string; path: RegExp }> = [
  { key: 'pendingRequests', path: /\/app\/requests$/ },
  { key: 'pendingPayoutRequests', path: /\/app\/payouts-requests$/ },
  { key: 'ongoingCalls', path: /\/app\/calls\?status=Ongoing$/ },
  { key: 'callsToday', path: /\/app\/calls\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/ },
  { key: 'callsThisMonth', path: /\/app\/calls\?from=\d{4}-\d{2}-01&to=/ },
  { key: 'newFansThisWeek', path: /\/app\/fans\?from=/ },
  { key: 'redemptionsThisMonth', path: /\/app\/manage-cupon-history\?from=\d{4}-\d{2}-01&to=/ },
];

describe('the dashboard', () => {
  it('shows figures that match the lists they open', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    for (const { key, path } of COUNT_CARDS) {
      await page.goto('/app');
      const shown = asNumber(await figure(page, key));
      await card(page, key).click();
      await page.waitForURL(path);
      expect({ key, total: await listTotal(page) }).toEqual({ key, total: shown });
    }

    // Money: the card's amount is what the payments it links to add up to.
    await page.goto('/app');
    const revenue = await figure(page, 'revenueThisMonth');
    const fees = await figure(page, 'platformFeesThisMonth');
    const note = await card(page, 'revenueThisMonth')
      .getByText(/completed payments?$/)
      .innerText();
    const payments = asNumber(note.split(' ')[0] ?? 'NaN');
    await card(page, 'revenueThisMonth').click();
    await page.waitForURL(/\/app\/transactions\?status=completed&from=\d{4}-\d{2}-01&to=/);
    expect(await listTotal(page)).toBe(payments);
    const totals = page.locator('[role="status"][aria-label="Totals"][aria-busy="false"]');
    const totalOf = (term: string) => totals.locator(`dt:has-text("${term}") + dd`).innerText();
    expect({ amount: await totalOf('Amount'), fee: await totalOf('Platform fee') }).toEqual({
      amount: revenue,
      fee: fees,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('raises the pending payout count when the marketplace files a payout request, without a reload', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    await page.goto('/app');
    const before = asNumber(await figure(page, 'pendingPayoutRequests'));
    await newPayoutRequest(token, 432.1, 321.09);
    await card(page, 'pendingPayoutRequests')
      .locator('[data-figure]', { hasText: String(before + 1) })
      .waitFor();
    // The newest payout request heads the short list.
    const latest = page.getByRole('list', { name: 'Latest payout requests' }).getByRole('listitem').first();
    await latest.getByText('$321.09').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws the revenue and calls charts over the last 30 days', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    await page.goto('/app');
    await page.getByRole('img', { name: /Revenue and platform fee per day/ }).waitFor();
    // The charts hold their place, empty, while the figures load.
    await page.locator('[data-charts][aria-busy="false"]').waitFor();
    const calls = page.getByRole('img', { name: /Calls requested per day by status/ });
    // One bar group per day of the last 30.
    expect(await calls.locator('g[data-day]').count()).toBe(30);
    expect(errors).toEqual([]);
    await context.close();
  });
});
