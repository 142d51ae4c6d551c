#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: Lighthouse's performance audit (desktop preset, its simulated network
 * and CPU) of the dashboard, Fans and Transactions, loaded cold by a signed-in admin, on the
 * production builds. Prints each page's performance score and the metrics it is made of, the median
 * of `--runs` runs (default 3); exits 1 when a score is under 90 or a total blocking time over 200 ms.
 *
 * The browser is the tests' Chromium, started with a debugging port that Lighthouse drives. The admin
 * signs in and opens each page once first (the page remembers what its screen reads); before each
 * run the HTTP cache is emptied and the session kept (Lighthouse's own reset would sign the admin out).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { chromiumLaunchOptions, describeChromium } = require('../test-support/chromium');
const { freePort } = require('../test-support/server');
const { buildProduct, startProduct, signIn } = require('./product');

const PAGES = [
  ['dashboard', '/app'],
  ['Fans', '/app/fans'],
  ['Transactions', '/app/transactions'],
];
const BUDGET = { score: 90, tbt: 200 };

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

(async () => {
  const runs = option('--runs', 3);
  buildProduct();
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktop } = await import('lighthouse/core/config/desktop-config.js');
  const server = await startProduct();
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-lighthouse-'));
  const launch = chromiumLaunchOptions();
  // The persistent context is the browser's default one, where Lighthouse opens its tab.
  const context = await chromium.launchPersistentContext(profile, {
    ...launch,
    args: [...launch.args, `--remote-debugging-port=${port}`],
    baseURL: server.url,
    viewport: { width: 1350, height: 940 },
  });
  let failed = false;
  try {
    console.log(`Lighthouse ${require('lighthouse/package.json').version}, desktop preset; ${describeChromium()}`);
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page);
    const cdp = await context.newCDPSession(page);
    for (const [name, route] of PAGES) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      const results = [];
      for (let i = 0; i < runs; i++) {
        await cdp.send('Network.clearBrowserCache');
        const { lhr } = await lighthouse(
          `${server.url}${route}`,
          { port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance'] },
          desktop,
        );
        const ms = (id) => Math.round(lhr.audits[id].numericValue);
        results.push({
          score: Math.round(lhr.categories.performance.score * 100),
          fcp: ms('first-contentful-paint'),
          lcp: ms('largest-contentful-paint'),
          tbt: ms('total-blocking-time'),
          si: ms('speed-index'),
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          work: ms('mainthread-work-breakdown'),
          bootup: ms('bootup-time'),
        });
      }
      const m = (k) => median(results.map((r) => r[k]));
      console.log(
        `${name} (${route}): performance ${m('score')} (runs ${results.map((r) => r.score).join(', ')}; budget ${BUDGET.score}), total blocking time ${m('tbt')} ms (budget ${BUDGET.tbt} ms), largest contentful paint ${m('lcp')} ms, first contentful paint ${m('fcp')} ms, speed index ${m('si')} ms, layout shift ${m('cls').toFixed(3)}; main-thread work ${m('work')} ms, of which JavaScript ${m('bootup')} ms`,
      );
      if (m('score') < BUDGET.score || m('tbt') > BUDGET.tbt) failed = true;
    }
  } finally {
    await context.close();
    server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
