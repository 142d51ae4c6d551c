import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, signIn } from './support/browser';
import { LIST_PATHS as LISTS } from '../test-support/screens';

/**
 * The layout at the widths admins use: every list at 1440 px, the header and a list at 390 px.
 * Geometry is asserted (rows one line, nothing off screen, nothing overlapping); the screenshots are
 * kept under node_modules/.cache/e2e-screenshots/ for a person to look at.
 */
const SHOTS = path.resolve(__dirname, '../node_modules/.cache/e2e-screenshots');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

describe('every list at 1440 px', () => {
  it.each(LISTS)('%s: rows of one line, every column on screen, the header uncrowded', async (list) => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto(`/app/${list}`);
    await page.getByText(/^Showing \d+ to \d+ of/).waitFor();
    await page.screenshot({ path: path.join(SHOTS, `1440-${list}.png`) });

    const layout = await page
      .locator('table')
      .first()
      .evaluate((table) => {
        const scroller = table.parentElement!;
        const rows = [...table.querySelectorAll('tbody tr')].map((tr) => tr.getBoundingClientRect().height);
        const lastHeader = table.querySelector('thead th:last-child')!.getBoundingClientRect();
        return {
          overflow: scroller.scrollWidth - scroller.clientWidth,
          tallest: Math.max(...rows),
          lastColumnRight: lastHeader.right,
          scrollerRight: scroller.getBoundingClientRect().right,
        };
      });
    // The notification column's sentences may wrap; every other cell is one line (a name over its
    // handle is two short lines).
    expect(layout.tallest).toBeLessThanOrEqual(list === 'notifications' ? 140 : list === 'calls' ? 72 : 64);
    // Every column fits, or the last (a row's actions) stays in view at the right edge.
    if (layout.overflow > 1) expect(layout.lastColumnRight).toBeLessThanOrEqual(layout.scrollerRight + 1);
    else expect(layout.overflow).toBeLessThanOrEqual(1);

    // The card's title and what sits beside it (search, filters) do not overlap, on one line.
    const title = await box(page, '.bo-card-head-title');
    const extra = await page.locator('.bo-card-head .bo-card-extra').first().boundingBox();
    if (extra) {
      expect(extra.x).toBeGreaterThanOrEqual(title.x + title.width - 1);
      expect((await box(page, '.bo-card-head')).height).toBeLessThanOrEqual(80);
    }
    await context.close();
  });

  it('the transaction totals keep their figures apart', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto('/app/transactions');
    await page.getByRole('status', { name: 'Totals' }).locator('dt').first().waitFor();
    const gaps = await page
      .getByRole('status', { name: 'Totals' })
      .locator('dl > div')
      .evaluateAll((groups) =>
        groups.slice(1).map((g, i) => g.getBoundingClientRect().left - groups[i]!.getBoundingClientRect().right),
      );
    expect(gaps.length).toBe(3);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(16);
    await context.close();
  });
});

describe('at 390 px', () => {
  it('the header stays one bar with everything in it, and a list scrolls inside its card', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/fans');
    await page.getByText(/^Showing \d+ to \d+ of/).waitFor();
    await page.screenshot({ path: path.join(SHOTS, '390-fans.png') });
    const header = await box(page, '.ant-layout-header');
    expect(header.height).toBeLessThanOrEqual(64);
    for (const name of ['Open menu', 'Account menu']) {
      const b = (await page.getByRole('button', { name }).boundingBox())!;
      expect(b.y).toBeGreaterThanOrEqual(header.y);
      expect(b.y + b.height).toBeLessThanOrEqual(header.y + header.height);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    const availability = (await page.getByRole('img', { name: /^(Available|Not available)$/ }).boundingBox())!;
    expect(availability.y + availability.height).toBeLessThanOrEqual(header.y + header.height);
    const admin = (await page.locator('.ant-layout-header').getByText('Admin', { exact: true }).boundingBox())!;
    expect(admin.x + admin.width).toBeLessThanOrEqual(390);
    // The page itself does not scroll sideways; a wide table scrolls inside its card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
