import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { latestEmail, launch, menu, newestEmail, newPage, signIn, ADMIN } from './support/browser';
import { api, apiToken, newPayoutRequest } from './support/api';
import { LIST_PATHS as LISTS } from '../test-support/screens';

/**
 * Issue 18.5: axe-core on every screen, light and dark, at 1440 and 390 px, with no serious or
 * critical violation; a payout approved and the fan detail's tabs walked by keyboard alone, with a
 * visible focus; dialogs that hold focus and give it back; the menu, tabs and pagers named.
 */

const THEME_STORAGE_KEY = 'backoffice:theme';

let browser: Browser;
let token: string;
// One link for every theme and width: the page only checks it, and forgot-password is rate limited.
let reset: string;
beforeAll(async () => {
  browser = await launch();
  token = await apiToken();
  reset = await resetLink();
});
afterAll(() => browser?.close());

const first = async (path: string, query: Record<string, string | number> = {}) => {
  const reply = await api('GET', path, { token, query: { limit: 1, ...query } });
  return reply.data[0] as { _id: string };
};

/** A reset link of the admin's, as the forgot-password email carries it. */
async function resetLink(): Promise<string> {
  const before = newestEmail();
  await api('POST', '/admin/forgotPassword', { body: { email: ADMIN.email } });
  const mail = await latestEmail({ to: ADMIN.email, after: before });
  const link = /http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!link) throw new Error('no reset link in the email');
  return link[0];
}

/**
 * The screen has settled: something in the content, no loader, no busy table, no lazy page's
 * "Loading…" line. Colour contrast is measured on what is painted, so a half-loaded screen would
 * be measured wrong.
 */
async function settled(page: Page): Promise<void> {
  // Two frames: a change just rendered has started its transitions by then.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  // Settled twice, 150 ms apart: a navigation re-renders (the side menu's selected item starts its
  // recolouring) a little later than two frames, and axe would catch it mid-transition.
  for (let stillSettled = false; !stillSettled;) {
    await page.waitForFunction(() => {
      const content = document.querySelector('main') ?? document.getElementById('root');
      const text = content?.textContent?.trim() ?? '';
      if (
        text.length === 0 ||
        text.startsWith('Loading') ||
        document.querySelector('[aria-busy="true"], [role="status"][aria-label="Loading"], .ant-spin-spinning')
      ) {
        return false;
      }
      // antd's tabs, dialogs and menus fade and recolour: contrast measured mid-transition is wrong.
      // Endless animations (a spinner, a pulsing dot) never finish and do not count.
      const moving = document.getAnimations().filter((a) => a.playState === 'running');
      return moving.every((a) => a.effect?.getTiming().iterations === Infinity);
    });
    await page.waitForTimeout(150);
    stillSettled = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running')
        .every((a) => a.effect?.getTiming().iterations === Infinity),
    );
  }
}

/**
 * The serious and critical violations on the page now, and the antd classes its stylesheet leaves
 * unstyled, each saying what and where to fix.
 */
async function violations(page: Page, where: string): Promise<string[]> {
  await settled(page);
  const unstyled = await unstyledAntdClasses(page);
  const found = unstyled.length
    ? [`${where}: antd classes the page's stylesheet leaves unstyled: ${unstyled.join(' ')}`]
    : [];
  // Legacy mode runs axe in this page only: the default opens a blank page per run to merge frames'
  // results, and this product has no frames; that page alone would double the time of each run.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return found.concat(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${where}: ${v.id} (${v.impact}) ${v.help}\n` +
          v.nodes
            .slice(0, 4)
            .map((n) => `    ${n.target.join(' ')}${n.any[0] ? ` — ${n.any[0].message}` : ''}`)
            .join('\n'),
      ),
  );
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own CommonJS helper
const antdStyles = require('../webpack/antd-styles') as {
  ANTD_CSS: string;
  antdClassesIn: (css: string) => Set<string>;
};
/** Every class antd's whole stylesheet styles; the page links the part its components need. */
const ANTD_STYLED = antdStyles.antdClassesIn(fs.readFileSync(antdStyles.ANTD_CSS, 'utf8'));

/**
 * antd runs without CSS-in-JS (ui-kit's ThemeProvider) on a stylesheet of the components ui-kit
 * hands out (webpack/antd-styles.js): the classes on this screen that antd's own stylesheet styles
 * and the page's does not, so that a component added to ui-kit without its styles is caught here.
 */
async function unstyledAntdClasses(page: Page): Promise<string[]> {
  const notOnPage = await page.evaluate(() => {
    const styled = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          for (const m of rule.selectorText.matchAll(/\.(ant-[\w-]+)/g)) styled.add(m[1]!);
        } else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const used = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('[class*="ant-"]'))) {
      el.classList.forEach((c) => {
        if (c.startsWith('ant-')) used.add(c);
      });
    }
    return [...used].filter((c) => !styled.has(c));
  });
  return notOnPage.filter((c) => ANTD_STYLED.has(c)).sort();
}

/** Moves within the single-page app as a link would: a full load of each screen would double the walk. */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

type ThemeMode = 'light' | 'dark';

/** A page in one theme at one width. */
async function themedPage(mode: ThemeMode, width: number, height: number) {
  const { context, page } = await newPage(browser);
  await page.setViewportSize({ width, height });
  await context.addInitScript(
    ([key, value]) => {
      // about:blank and the like have no storage of their own.
      try {
        localStorage.setItem(key, value);
      } catch {
        // nothing to theme there
      }
    },
    [THEME_STORAGE_KEY, mode] as const,
  );
  return { context, page };
}

interface Records {
  fan: { _id: string };
  influencer: { _id: string };
  request: { _id: string };
  call: { _id: string };
  template: { _id: string };
  code: { _id: string };
}

let records: Records;
beforeAll(async () => {
  const [fan, influencer, request, call, template, code] = await Promise.all([
    api('GET', '/admin/getAllFans', { token, query: { search: 'busy.fan' } }).then((r) => r.data[0] as { _id: string }),
    first('/admin/getAllInfluencers'),
    first('/admin/getAllRequests'),
    first('/videoCall/getAll'),
    first('/emailTemplate/getAll'),
    first('/discountCode/getAll'),
  ]);
  records = { fan, influencer, request, call, template, code };
});

/**
 * The screens of the spec, in three parts walked on their own: each part is one page (signed in
 * once) going from screen to screen as a link would, and finishes well within a test's time on the
 * slower Chromium a fresh machine gets.
 */
const PARTS = {
  'the public screens': async (page: Page, where: (path: string) => string, found: string[]) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    found.push(...(await violations(page, where('/login'))));
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    found.push(...(await violations(page, where('/forgot-password'))));
    await page.goto(reset);
    await page.getByRole('button', { name: 'Reset password' }).waitFor();
    found.push(...(await violations(page, where('/reset-password'))));
  },
  'the dashboard, the setting and every list': async (page: Page, where: (path: string) => string, found: string[]) => {
    await signedIn(page);
    for (const path of [
      '/app',
      '/app/setting',
      '/app/setting/audit-log',
      '/change-password',
      ...LISTS.map((l) => `/app/${l}`),
    ]) {
      await open(page, path);
      // A list is measured with its rows and pager, not an error or an empty state in their place.
      if (LISTS.some((list) => path === `/app/${list}`)) await page.getByText(/^Showing \d+ to \d+ of/).waitFor();
      found.push(...(await violations(page, where(path))));
    }
    // A dialog over a list.
    await open(page, '/app/payouts-requests?status=pending');
    await page.getByRole('button', { name: 'Reject' }).first().click();
    await page.getByRole('dialog').getByRole('textbox').waitFor();
    found.push(...(await violations(page, where('payout reject dialog'))));
  },
  // A part of its own: with the lists, one walk would outlast its test's time on a busy machine.
  "the setting's team and security pages": async (page: Page, where: (path: string) => string, found: string[]) => {
    await signedIn(page);
    for (const [path, ready] of [
      ['/app/setting/admins', ADMIN.email],
      ['/app/setting/roles', 'Auditor'],
      ['/app/setting/sessions', /Chrom/],
      ['/app/setting/two-factor', 'Set up two-factor sign-in'],
    ] as const) {
      await open(page, path);
      await page.getByText(ready).first().waitFor();
      found.push(...(await violations(page, where(path))));
    }
  },
  "every record's screens": async (page: Page, where: (path: string) => string, found: string[]) => {
    await signedIn(page);
    const { fan, influencer, request, call, template, code } = records;
    for (const path of [
      `/app/fans/view/${fan._id}`,
      `/app/fans/edit/${fan._id}`,
      `/app/influencers/view/${influencer._id}`,
      `/app/influencers/edit/${influencer._id}`,
      `/app/requests/view/${request._id}`,
      `/app/calls/view/${call._id}`,
      `/app/email-templates/edit/${template._id}`,
      `/app/manage-discount-codes/view/${code._id}`,
      `/app/manage-discount-codes/edit/${code._id}`,
      '/app/manage-discount-codes/add',
      `/app/details/fan-details/${fan._id}`,
    ]) {
      await open(page, path);
      found.push(...(await violations(page, where(path))));
    }
    // The fan detail's other three tabs.
    for (const tab of ['Financial', 'Details', 'Discount Codes']) {
      await page.getByRole('tab', { name: tab }).click();
      found.push(...(await violations(page, where(`fan detail, ${tab} tab`))));
    }
  },
} as const;

async function signedIn(page: Page): Promise<void> {
  await signIn(page);
  // The pointer stays where it clicked Sign in, over whatever each screen puts there: parked in a
  // corner, it hovers nothing (hovered colours are the theme test's, ThemeProvider.test.tsx).
  const size = page.viewportSize();
  await page.mouse.move((size?.width ?? 1) - 1, (size?.height ?? 1) - 1);
}

/** One part of the screens in one theme at one width: what axe finds. */
async function walk(part: keyof typeof PARTS, mode: ThemeMode, width: number, height: number): Promise<string[]> {
  const { context, page } = await themedPage(mode, width, height);
  const found: string[] = [];
  try {
    await PARTS[part](page, (path) => `${mode} ${width} px ${path}`, found);
  } finally {
    await context.close();
  }
  return found;
}

describe.each([
  [1440, 900],
  [390, 844],
] as const)('axe at %i px', (width, height) => {
  const parts = Object.keys(PARTS) as Array<keyof typeof PARTS>;
  /**
   * At 1440 px every page in both themes, side by side (each page is a renderer process of its own,
   * and axe keeps one busy). At 390 px a page's colours are those it has at 1440 px; what a phone
   * adds is layout (the header's menu button, wrapped toolbars, stacked cards), on every page: there the
   * parts alternate themes, so each of those is checked in both, at a quarter of the browser suite's
   * time less.
   */
  const themesOf = (part: keyof typeof PARTS): ThemeMode[] =>
    width > 600 ? ['light', 'dark'] : [parts.indexOf(part) % 2 ? 'dark' : 'light'];
  it.each(parts)(
    'finds no serious or critical violation, nor an unstyled antd class, on %s',
    async (part) => {
      const found = (await Promise.all(themesOf(part).map((theme) => walk(part, theme, width, height)))).flat();
      expect(found).toEqual([]);
    },
    // A part walks up to fifteen pages in two themes: about 50 s on one 2-core machine, over 60 s on
    // another as slow as machines here can be.
    180_000,
  );
});

/** The focused element, and whether it shows that it is: an outline or a focus shadow. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { visible: false, what: 'nothing (the page)' };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    return { visible: outline || shadow, what: `${el.tagName} ${el.textContent?.trim().slice(0, 40)}` };
  });

/** Resolves once `check` holds, as the page gets there; fails after `timeout` ms. */
async function until(check: () => Promise<boolean>, what: string, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${timeout} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const focusInside = (locator: Locator) => locator.evaluate((el) => el.contains(document.activeElement));

/** Presses Tab until `target` has focus, as an admin without a mouse would; fails after `limit`. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`${limit} presses of Tab did not reach ${target}`);
}

describe('by keyboard alone', () => {
  it('approves a payout: focus moves into the dialog, stays there, and comes back to the row', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    const { influencer, request } = await newPayoutRequest(token, 111.11, 88.88);
    const other = await api('POST', '/payout/createRequest', {
      marketplace: true,
      body: { influencerId: influencer._id, amount: 222.22, payable_amount: 177.77 },
    });
    await page.goto(`/app/payouts-requests?status=pending&search=${encodeURIComponent(influencer.email)}`);
    const row = page.getByRole('table').getByRole('row', { name: /\$111\.11/ });
    const approve = row.getByRole('button', { name: 'Approve' });
    await approve.waitFor();

    await tabTo(page, approve);
    expect(await focusRing(page)).toEqual({ visible: true, what: expect.stringContaining('Approve') });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Approve the payout of \$88\.88/ });
    await dialog.waitFor();
    await until(() => focusInside(dialog), 'focus inside the dialog');
    // Tab and Shift+Tab go round inside the dialog, never back to the page under it.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(dialog)).toBe(true);
      expect((await focusRing(page)).visible).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside(dialog)).toBe(true);
    }
    await tabTo(page, dialog.getByRole('button', { name: 'Approve' }), 10);
    await page.keyboard.press('Enter');
    await row.getByText(/^Approved by Ada Admin/).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The Approve button went with the decision: focus is on the row's decision, not lost to the page.
    await until(() => isFocused(row.locator('[data-payout-decision]')), "focus on the row's decision");
    expect((await focusRing(page)).visible).toBe(true);
    expect((await api('GET', '/payout/getRequestDetail', { token, query: { id: request._id } })).data.status).toBe(
      'approved',
    );

    // Escape closes a dialog and gives focus back to the button that opened it.
    const otherRow = page.getByRole('table').getByRole('row', { name: /\$222\.22/ });
    const reject = otherRow.getByRole('button', { name: 'Reject' });
    await tabTo(page, reject);
    await page.keyboard.press('Enter');
    const rejectDialog = page.getByRole('dialog', { name: /Reject the payout of \$177\.77/ });
    await rejectDialog.waitFor();
    await until(() => isFocused(rejectDialog.getByRole('textbox', { name: 'Reason' })), 'focus on the reason');
    await page.keyboard.press('Escape');
    await rejectDialog.waitFor({ state: 'detached' });
    await until(() => isFocused(reject), 'focus back on Reject');
    expect((await focusRing(page)).visible).toBe(true);
    expect((await api('GET', '/payout/getRequestDetail', { token, query: { id: other.data._id } })).data.status).toBe(
      'pending',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("walks the fan detail's four tabs with the arrow keys, each showing its panel", async () => {
    const { context, page, errors } = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    const fan = (await api('GET', '/admin/getAllFans', { token, query: { search: 'busy.fan' } })).data[0] as {
      _id: string;
    };
    await page.goto(`/app/details/fan-details/${fan._id}`);
    const tabs = page.getByRole('tablist');
    await tabs.getByRole('tab', { name: 'Calls' }).waitFor();
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['Calls', 'Financial', 'Details', 'Discount Codes']);

    await tabTo(page, tabs.getByRole('tab', { name: 'Calls' }));
    expect((await focusRing(page)).visible).toBe(true);
    const panelShows: Record<string, Locator> = {
      Calls: page.getByPlaceholder('Search Call ID'),
      Financial: page.getByPlaceholder('Search Transaction ID'),
      Details: page.getByText('Last Login'),
      'Discount Codes': page.getByPlaceholder('Search Code name'),
    };
    for (const name of ['Financial', 'Details', 'Discount Codes']) {
      await page.keyboard.press('ArrowRight');
      const tab = tabs.getByRole('tab', { name });
      await until(() => isFocused(tab), `focus on the ${name} tab`);
      expect((await focusRing(page)).visible).toBe(true);
      await page.keyboard.press('Enter');
      await until(async () => (await tab.getAttribute('aria-selected')) === 'true', `${name} selected`);
      await page.getByRole('tabpanel', { name }).waitFor();
      await panelShows[name]!.waitFor();
    }
    // And back to the first, the way it came.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await panelShows.Calls!.waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('roles and names', () => {
  it('the side menu, the tabs and both pagers say what they are', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('menu').first().waitFor();
    for (const name of ['Dashboard', 'Fans', 'Influencers', 'Requests', 'Notifications', 'Setting']) {
      expect(await menu(page, name).count()).toBe(1);
    }
    expect(await nav.getByRole('menuitem', { name: 'Manage Payments' }).count()).toBe(1);

    await page.goto('/app/fans');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('button', { name: 'Page 2' }).waitFor();
    expect(await pager.getByRole('button', { name: 'Page 1', exact: true }).getAttribute('aria-current')).toBe('page');
    await pager.getByRole('button', { name: 'Next' }).waitFor();
    await pager.getByRole('button', { name: 'Previous' }).waitFor();
    await page.getByRole('table', { name: /Fans/ }).waitFor();

    const fan = (await api('GET', '/admin/getAllFans', { token, query: { search: 'busy.fan' } })).data[0] as {
      _id: string;
    };
    await page.goto(`/app/details/fan-details/${fan._id}`);
    const tablist = page.getByRole('tablist');
    await tablist.getByRole('tab', { name: 'Calls', selected: true }).waitFor();
    await page.getByRole('tabpanel', { name: 'Calls' }).waitFor();
    const simplePager = page.getByRole('navigation', { name: 'Pagination' });
    await simplePager.getByRole('button', { name: 'Next' }).waitFor();
    await simplePager.getByText(/^Page 1 of \d+$/).waitFor();
    await context.close();
  });
});
