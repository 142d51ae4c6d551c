#!/usr/bin/env node
/**
 * `npm run bench:bundle`: what the front end costs an admin's browser, from the production builds.
 * Prints the shell's initial JS, each remote's remoteEntry.js and each exposed screen's own JS
 * (gzip), then loads the real product in Chromium: the sign-in page's JS, everything fetched before
 * the Fans list shows its rows and the request waves they took (each a wait for a reply before the
 * next ask), the main thread's blocking time before them, the time from clicking Fans to its rows, whether each shared
 * library was loaded exactly once, the dashboard's largest contentful paint, each list's cumulative
 * layout shift, how soon after the server's reply a sort or a page click paints its rows, and the
 * API reads a cold load sends until its socket has authenticated.
 *
 * `-- --baseline REF` instead times the cold Fans rows and the cold dashboard's largest paint of
 * another commit's product against this one's in the same run (baseline.js), and counts both's API
 * reads of a cold load: the before and after of a change to the first screens on one machine.
 */
/* global PerformanceObserver, MutationObserver, document, performance, requestAnimationFrame -- run in the page */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { chromium } = require('playwright-core');
const { chromiumLaunchOptions, describeChromium } = require('../test-support/chromium');
const { ADMIN, ROOT, buildProduct, startProduct, signIn } = require('./product');
const { prepareBaseline } = require('./baseline');
const { whenSocketAuthenticated } = require('../test-support/socket');
const { requestWaves } = require('../test-support/waves');

/** Every list of the spec, by its route under /app. */
const { LIST_PATHS: LISTS } = require('../test-support/screens');
const { REMOTES } = require('../scripts/builds');
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const menu = (page, name) => page.locator('nav[aria-label="Main menu"]').getByRole('link', { name, exact: true });
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

function staticSizes() {
  const shellDist = path.join(ROOT, 'apps/shell/dist');
  const html = fs.readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*src="?\/?([^" >]+)/g)].map((m) => m[1]);
  const shellInitial = scripts.reduce((s, f) => s + gz(fs.readFileSync(path.join(shellDist, f))), 0);
  // antd's styles, one stylesheet of the components ui-kit hands out (webpack/antd-styles.js).
  const sheets = [...html.matchAll(/<link rel="stylesheet" href="?\/?([^" >]+)/g)].map((m) => m[1]);
  const css = sheets.reduce((s, f) => s + gz(fs.readFileSync(path.join(shellDist, f))), 0);
  console.log(
    `shell initial JS (index.html scripts): ${kib(shellInitial)} gzip (budget 60 KiB), CSS: ${kib(css)} gzip (antd's stylesheet)`,
  );
  // The remotes' builds, as the server releases them when it starts.
  for (const name of REMOTES) {
    const dir = path.join(ROOT, 'apps', name, 'dist');
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
    console.log(
      `${name}: remoteEntry.js ${kib(gz(fs.readFileSync(path.join(dir, 'remoteEntry.js'))))} gzip (budget 10 KiB)`,
    );
    // Shared libraries' fallback chunks are listed with an exposed module, but the shell provides
    // those; a screen's own JS is what is left.
    const sharedFiles = new Set(
      manifest.shared.flatMap((s) => [...(s.assets.js.sync || []), ...(s.assets.js.async || [])]),
    );
    for (const e of manifest.exposes) {
      // Async entries of an expose also list the chunks behind shared fallbacks, which the shell
      // provides instead; the browser figures below show what a screen really fetches.
      const files = [...new Set(e.assets.js.sync || [])].filter((f) => !sharedFiles.has(f));
      const own = files.reduce(
        (s, f) => s + (fs.existsSync(path.join(dir, f)) ? gz(fs.readFileSync(path.join(dir, f))) : 0),
        0,
      );
      console.log(`  ${e.path}: ${kib(own)} gzip (${files.length} files)`);
    }
  }
}

function trackJs(page) {
  const seen = [];
  page.on('response', async (r) => {
    if (!/\.js(\?|$)/.test(r.url())) return;
    try {
      const body = await r.body();
      // axios's own error class names itself: the file that carries the HTTP client.
      seen.push({ url: r.url(), gzip: gz(body), axios: body.includes('ERR_BAD_RESPONSE') });
    } catch {
      // redirected or aborted
    }
  });
  return seen;
}

const sum = (list) => list.reduce((s, r) => s + r.gzip, 0);

/** With --files: each file fetched, largest first. */
function listFiles(js) {
  if (!process.argv.includes('--files')) return;
  for (const r of [...js].sort((a, b) => b.gzip - a.gzip))
    console.log(`    ${kib(r.gzip)}  ${new URL(r.url).pathname}`);
}

/**
 * When each thing the figures wait for is painted, read in the page: a MutationObserver checks at
 * the next frame and stamps performance.now() once that frame is painted. Playwright's own waits
 * poll at up to 500 ms apart, which would round a figure to its polling step. `__clickedAt` is the
 * last click, for the figures timed from one.
 */
function stampWhenShown() {
  const checks = {
    rows: () =>
      !!document.querySelector('table tbody tr td') &&
      [...document.querySelectorAll('.ant-typography')].some((e) => e.textContent.startsWith('Showing 1 to 10 of')),
    figures: () => !!document.querySelector('[data-figure][aria-busy="false"]'),
    // The charts hold their place while the figures load (busy): shown once they are not.
    charts: () => {
      const charts = document.querySelector('[data-charts]');
      const img = document.querySelector('[role="img"][aria-label^="Calls requested per day"]');
      return !!img && (!charts || charts.getAttribute('aria-busy') === 'false');
    },
  };
  const shown = (window.__shown = {});
  // The main thread's long tasks (over 50 ms), for the blocking time before the rows.
  const longTasks = (window.__longTasks = []);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push({ startTime: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('click', () => (window.__clickedAt = performance.now()), true);
  let queued = false;
  const check = () => {
    queued = false;
    for (const [name, isShown] of Object.entries(checks)) {
      if (shown[name] === undefined && isShown()) {
        shown[name] = null;
        setTimeout(() => (shown[name] = performance.now()));
      }
    }
  };
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(check);
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** The time `name` was painted, once it is (see stampWhenShown); and clears it for the next one. */
async function shownAt(page, name) {
  await page.waitForFunction((n) => window.__shown?.[n] > 0, name, { timeout: 30_000 });
  return page.evaluate((n) => {
    const at = window.__shown[n];
    delete window.__shown[n];
    return { at, clickedAt: window.__clickedAt };
  }, name);
}

/**
 * The request waves of the page's load up to `at` (test-support/waves.js): how many times the page
 * waited for a reply before it could ask for the next thing, and what each wave asked for. `count`
 * is the deepest wave of what the rows need (the page's code, the remote's manifest, the session
 * check and `read`, the list's data); other reads that happened to finish before (the bell's count)
 * are listed, not counted.
 */
async function wavesBefore(page, at, read) {
  const { navigation, resources } = await page.evaluate(() => ({
    navigation: performance.getEntriesByType('navigation')[0].toJSON(),
    resources: performance.getEntriesByType('resource').map((e) => e.toJSON()),
  }));
  const waves = requestWaves(navigation, resources).filter((r) => r.responseEnd <= at);
  const pathOf = (r) => new URL(r.name).pathname;
  const needed = (r) =>
    !pathOf(r).startsWith('/api/') || pathOf(r).endsWith('/getUserProfile') || pathOf(r).endsWith(`/${read}`);
  const count = Math.max(0, ...waves.filter(needed).map((r) => r.wave));
  const lines = [];
  for (let w = 1; w <= Math.max(0, ...waves.map((r) => r.wave)); w++) {
    const inWave = waves.filter((r) => r.wave === w);
    const js = inWave.filter((r) => /\.js$/.test(pathOf(r)));
    const other = inWave
      .filter((r) => !/\.js$/.test(pathOf(r)))
      .map((r) => `${pathOf(r).split('/').pop()}${needed(r) ? '' : ' (not needed by the rows)'}`);
    lines.push(`    wave ${w}: ${[js.length ? `${js.length} JS files` : '', ...other].filter(Boolean).join(', ')}`);
  }
  return { count, lines };
}

/** Lighthouse's desktop network: 40 ms round trips, 10 Mbit/s each way. */
const DESKTOP_NETWORK = {
  offline: false,
  latency: 40,
  downloadThroughput: (10 * 1024 * 1024) / 8,
  uploadThroughput: (10 * 1024 * 1024) / 8,
};

/** A fresh context (an empty cache, the stored session) loads `path`; resolves to what `until` reads. */
async function coldLoad(browser, url, storageState, path, until, network) {
  const cold = await browser.newContext({ baseURL: url, storageState });
  await cold.addInitScript(stampWhenShown);
  const page = await cold.newPage();
  if (network) {
    const cdp = await cold.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
  }
  await page.goto(path);
  const at = await until(page);
  await cold.close();
  return Math.round(at);
}

/**
 * The API reads a cold load of `path` sends, up to a second and a half after its socket authenticated
 * (the live updates' connection, which follows the first screen): per endpoint, how many times.
 * A figure that does not vary from run to run; a read sent twice is one the page did not need.
 */
async function apiReadsOfColdLoad(browser, url, storageState, path) {
  const cold = await browser.newContext({ baseURL: url, storageState });
  const page = await cold.newPage();
  const reads = [];
  page.on('request', (r) => {
    const at = new URL(r.url());
    if (at.pathname.startsWith('/api/') && r.method() === 'GET') reads.push(at.pathname.split('/').pop());
  });
  const authenticated = whenSocketAuthenticated(page);
  await page.goto(path);
  const heard = await authenticated;
  await page.waitForTimeout(1500);
  await cold.close();
  const counts = {};
  for (const name of reads) counts[name] = (counts[name] ?? 0) + 1;
  const listed = Object.entries(counts)
    .map(([name, n]) => `${name} x${n}`)
    .join(', ');
  return `${reads.length} (${listed})${heard ? '' : ' (the socket did not authenticate within 20 s)'}`;
}

/** When the cold Fans list's rows are painted, from the navigation's start. */
const fansRows = async (page) => (await shownAt(page, 'rows')).at;

/** When the cold dashboard's largest element is painted. */
async function dashboardLcp(page) {
  await page.locator('[data-figure][aria-busy="false"]').first().waitFor();
  await page.waitForLoadState('networkidle');
  return (await entriesOf(page, 'largest-contentful-paint')).at(-1)?.startTime ?? NaN;
}

const middle = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/**
 * The cold Fans rows and the cold dashboard's largest paint over a network like an admin's (Chromium's
 * emulation of DESKTOP_NETWORK), where each request wave costs a round trip: on this machine's
 * loopback the waves cost nothing and the figures above are the main thread's alone.
 */
async function overNetwork(browser, url, storageState) {
  const rows = [];
  const lcps = [];
  for (let i = 0; i < 3; i++)
    rows.push(await coldLoad(browser, url, storageState, '/app/fans', fansRows, DESKTOP_NETWORK));
  for (let i = 0; i < 3; i++)
    lcps.push(await coldLoad(browser, url, storageState, '/app', dashboardLcp, DESKTOP_NETWORK));
  console.log(
    `  over a 40 ms, 10 Mbit/s network (Lighthouse's desktop figures): cold Fans rows after ${middle(rows)} ms (median of ${rows.join(', ')}), cold dashboard's largest contentful paint ${middle(lcps)} ms (median of ${lcps.join(', ')})`,
  );
}

/** The issue's budget for the first screens against the build before them: at most this share. */
const BASELINE_SHARE = 0.6;

/**
 * `--baseline REF`: the cold Fans rows and the cold dashboard's largest paint of REF's product and
 * of this one, on loopback and over the desktop network, in the same run: ROUNDS rounds, the two
 * products taking turns first, so that the machine's load weighs on both alike; the medians and
 * this one's share of REF's.
 */
async function againstBaseline(ref) {
  const ROUNDS = 5;
  const baseline = prepareBaseline(ref);
  const products = [
    { name: `${ref} (${baseline.commit.slice(0, 10)})`, server: await startProduct(baseline.dir) },
    { name: 'this checkout', server: await startProduct() },
  ];
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    for (const p of products) {
      // Signed in, each screen opened once: what a returning admin's browser holds.
      const context = await browser.newContext({ baseURL: p.server.url });
      const page = await context.newPage();
      await signIn(page);
      await page.goto('/app/fans');
      await page.getByText(/^Showing 1 to 10 of/).waitFor();
      await page.waitForLoadState('networkidle');
      await page.goto('/app');
      await page.locator('[data-figure][aria-busy="false"]').first().waitFor();
      await page.waitForLoadState('networkidle');
      p.storageState = await context.storageState();
      p.figures = { rows: [], lcp: [], netRows: [], netLcp: [] };
      await context.close();
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const p of round % 2 ? [...products].reverse() : products) {
        const { url } = p.server;
        p.figures.rows.push(await coldLoad(browser, url, p.storageState, '/app/fans', fansRows));
        p.figures.lcp.push(await coldLoad(browser, url, p.storageState, '/app', dashboardLcp));
        p.figures.netRows.push(await coldLoad(browser, url, p.storageState, '/app/fans', fansRows, DESKTOP_NETWORK));
        p.figures.netLcp.push(await coldLoad(browser, url, p.storageState, '/app', dashboardLcp, DESKTOP_NETWORK));
      }
    }
    for (const p of products) {
      const { url } = p.server;
      p.reads = {
        fans: await apiReadsOfColdLoad(browser, url, p.storageState, '/app/fans'),
        dashboard: await apiReadsOfColdLoad(browser, url, p.storageState, '/app'),
      };
    }
  } finally {
    await browser.close();
    for (const p of products) p.server.stop();
  }
  const [before, after] = products;
  console.log(
    `against ${before.name}, ${ROUNDS} rounds each, taking turns (median; budget: at most ${BASELINE_SHARE * 100}% of it):`,
  );
  const rows = [
    ['cold Fans rows, loopback', 'rows'],
    ['cold dashboard LCP, loopback', 'lcp'],
    ['cold Fans rows, 40 ms / 10 Mbit/s', 'netRows'],
    ['cold dashboard LCP, 40 ms / 10 Mbit/s', 'netLcp'],
  ];
  for (const [label, key] of rows) {
    const b = middle(before.figures[key]);
    const a = middle(after.figures[key]);
    const share = a / b;
    console.log(
      `  ${label.padEnd(40)} ${String(b).padStart(5)} ms -> ${String(a).padStart(5)} ms  ${(share * 100).toFixed(0).padStart(3)}%${share <= BASELINE_SHARE ? '' : '  (over budget)'}   (${before.figures[key].join(', ')} -> ${after.figures[key].join(', ')})`,
    );
  }
  console.log('API reads of a cold load, until 1.5 s after its socket authenticated:');
  for (const [label, key] of [
    ['Fans', 'fans'],
    ['dashboard', 'dashboard'],
  ]) {
    console.log(`  ${label.padEnd(10)} ${before.reads[key]}\n  ${''.padEnd(10)} -> ${after.reads[key]}`);
  }
}

/** Total blocking time of the page's long tasks that started before `at`: each one's time over 50 ms. */
async function blockingBefore(page, at) {
  const tasks = (await page.evaluate(() => window.__longTasks ?? [])).filter((t) => t.startTime < at);
  return {
    ms: Math.round(tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0)),
    tasks: tasks.length,
    longest: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
  };
}

async function browserFigures(url) {
  console.log(`browser: ${describeChromium()}`);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ baseURL: url });
    await context.addInitScript(stampWhenShown);
    let page = await context.newPage();
    let js = trackJs(page);
    await page.goto('/login', { waitUntil: 'networkidle' });
    console.log(`sign-in page JS: ${kib(sum(js))} gzip in ${js.length} files (budget 200 KiB)`);
    listFiles(js);
    const signInFiles = js.length;
    // Typing fetches the signed-in screens (LoginPage): counted below, with what Sign in fetches.
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const figures = await shownAt(page, 'figures');
    const charts = await shownAt(page, 'charts');
    const figuresMs = Math.round(figures.at - figures.clickedAt);
    const chartsMs = Math.round(charts.at - charts.clickedAt);
    await page.waitForLoadState('networkidle');
    const dashboardJs = js.slice(signInFiles);
    console.log(
      `dashboard after sign-in: figures ${figuresMs} ms, charts ${chartsMs} ms after clicking Sign in; JS fetched beyond the sign-in page from the first keystroke (the signed-in screens, the charts): ${kib(sum(dashboardJs))} gzip in ${dashboardJs.length} files`,
    );
    await menu(page, 'Fans').click();
    const fans = await shownAt(page, 'rows');
    console.log(
      `Fans list rows on screen ${Math.round(fans.at - fans.clickedAt)} ms after clicking Fans (first visit, remote not loaded yet; budget 1000 ms)`,
    );
    await page.close();

    // A fresh load straight onto the list, signed in: everything it takes to get the rows (the
    // issue's figure: what was asked for before the frame that shows them), and what the page goes
    // on to fetch until the network is idle (the live updates' client, fetched once they are drawn).
    page = await context.newPage();
    js = trackJs(page);
    await page.goto('/app/fans');
    const rowsShown = await shownAt(page, 'rows');
    await page.getByText(/^Showing 1 to 10 of/).waitFor();
    await page.waitForLoadState('networkidle');
    const beforeRows = await page.evaluate(
      (at) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime < at)
          .map((e) => ({ name: e.name, sent: e.encodedBodySize, decoded: e.decodedBodySize })),
      rowsShown.at,
    );
    const askedBeforeRows = new Set(beforeRows.map((e) => e.name));
    // What the scripts before the rows weighed on the wire (compressed as the server sent them) and
    // decoded: the resource timing's own byte counts, which do not vary from run to run.
    const wire = beforeRows
      .filter((e) => /\.js(\?|$)/.test(e.name))
      .reduce((s, e) => ({ sent: s.sent + e.sent, decoded: s.decoded + e.decoded }), { sent: 0, decoded: 0 });
    const waves = await wavesBefore(page, rowsShown.at, 'getAllFans');
    const allJs = js;
    js = allJs.filter((r) => askedBeforeRows.has(r.url));
    const afterRows = allJs.filter((r) => !askedBeforeRows.has(r.url));
    // Timed apart, in fresh browser contexts (an empty cache each) and without reading the bodies
    // above, whose gzip in this process would compete with the page for the CPU: the median of 3.
    const storageState = await context.storageState();
    const times = [];
    const blocked = [];
    for (let i = 0; i < 3; i++) {
      const cold = await browser.newContext({ baseURL: url, storageState });
      await cold.addInitScript(stampWhenShown);
      const coldPage = await cold.newPage();
      await coldPage.goto('/app/fans');
      // From the navigation's start (performance.now()'s origin) to the frame that shows the rows.
      const at = (await shownAt(coldPage, 'rows')).at;
      times.push(Math.round(at));
      blocked.push(await blockingBefore(coldPage, at));
      await cold.close();
    }
    const ms = [...times].sort((a, b) => a - b)[1];
    const tbt = [...blocked].sort((a, b) => a.ms - b.ms)[1];
    console.log(
      `Fans list from a cold page load: ${kib(sum(js))} gzip JS in ${js.length} files asked for before the rows show, rows after ${ms} ms (median of ${times.join(', ')}; budgets 350 KiB, 800 ms)`,
    );
    console.log(
      `  on the wire: ${kib(wire.sent)} of those scripts as the server sent them (${kib(wire.decoded)} decoded)`,
    );
    console.log(`  request waves after the HTML that the rows waited on: ${waves.count} (budget 3)`);
    for (const line of waves.lines) console.log(line);
    console.log(
      `  main thread blocked before the rows (total blocking time: each long task's time over 50 ms): ${tbt.ms} ms in ${tbt.tasks} long tasks, the longest ${tbt.longest} ms (median of ${blocked.map((b) => b.ms).join(', ')}; budget 200 ms)`,
    );
    await overNetwork(browser, url, storageState);
    console.log(
      `  API reads of a cold load, until 1.5 s after its socket authenticated: Fans ${await apiReadsOfColdLoad(browser, url, storageState, '/app/fans')}; dashboard ${await apiReadsOfColdLoad(browser, url, storageState, '/app')}`,
    );
    listFiles(js);
    const axiosFiles = js.filter((r) => r.axios);
    console.log(
      `  of which axios (the HTTP client, in shared-api's runtime): ${axiosFiles.length ? `${kib(sum(axiosFiles))} gzip in ${axiosFiles.map((r) => new URL(r.url).pathname).join(', ')}` : 'none: axios is not in the page'}`,
    );
    console.log(
      `  and after the rows, until the network is idle: ${kib(sum(afterRows))} gzip in ${afterRows.length} files (${afterRows.map((r) => new URL(r.url).pathname).join(', ') || 'none'}); ${kib(sum(allJs))} in all`,
    );
    const remoteJs = js.filter((r) => new URL(r.url).pathname.startsWith('/remotes/'));
    console.log(`  of which the people remote's own: ${kib(sum(remoteJs))} gzip in ${remoteJs.length} files`);
    const urls = allJs.map((r) => r.url);
    const dupes = urls.filter((u, i) => urls.indexOf(u) !== i);
    const shared = await page.evaluate(() => {
      const share = window.__FEDERATION__?.__SHARE__ ?? {};
      const out = {};
      for (const scopes of Object.values(share)) {
        for (const [pkg, versions] of Object.entries(scopes.default ?? {})) {
          for (const [v, info] of Object.entries(versions)) {
            if (info.loaded || info.loading) (out[pkg] ??= new Set()).add(`${v}@${info.from}`);
          }
        }
      }
      return Object.fromEntries(Object.entries(out).map(([k, s]) => [k, [...s]]));
    });
    const twice = Object.entries(shared).filter(([, s]) => s.length > 1);
    console.log(
      `shared libraries loaded: ${
        Object.entries(shared)
          .map(([k, s]) => `${k} x${s.length}`)
          .join(', ') || 'none reported'
      }`,
    );
    console.log(
      twice.length || dupes.length
        ? `NOT ONCE: ${JSON.stringify(twice)} ${dupes.join(' ')}`
        : 'each shared library was fetched once; no JS file was fetched twice',
    );
    await page.close();
    await webVitals(context);
  } finally {
    await browser.close();
  }
}

/** Buffered performance entries of `type` seen so far, read in the page. */
const entriesOf = (page, type) =>
  page.evaluate(
    (t) =>
      new Promise((resolve) => {
        const seen = [];
        const po = new PerformanceObserver((list) => seen.push(...list.getEntries()));
        po.observe({ type: t, buffered: true });
        // The buffered entries arrive in the observer's first callback, a task later.
        setTimeout(() => {
          seen.push(...po.takeRecords());
          po.disconnect();
          resolve(seen.map((e) => ({ startTime: e.startTime, value: e.value, hadRecentInput: e.hadRecentInput })));
        }, 50);
      }),
    type,
  );

async function webVitals(context) {
  // The dashboard, loaded afresh by a signed-in admin: when its largest element paints.
  let page = await context.newPage();
  await page.goto('/app');
  await page.locator('[data-figure][aria-busy="false"]').first().waitFor();
  await page.waitForLoadState('networkidle');
  const lcp = (await entriesOf(page, 'largest-contentful-paint')).at(-1);
  const dashboardBlocked = await blockingBefore(page, lcp ? lcp.startTime : Infinity);
  console.log(`dashboard largest contentful paint: ${lcp ? Math.round(lcp.startTime) : '?'} ms (budget 800 ms)`);
  console.log(
    `  main thread blocked before it: ${dashboardBlocked.ms} ms in ${dashboardBlocked.tasks} long tasks, the longest ${dashboardBlocked.longest} ms (budget 200 ms)`,
  );
  await page.close();

  // Every list, loaded afresh: how far its content moves while it loads (skeleton rows to rows).
  const shifts = [];
  for (const list of LISTS) {
    page = await context.newPage();
    await page.goto(`/app/${list}`);
    await page.locator('table tbody tr td').first().waitFor();
    await page.getByText(/^Showing \d/).waitFor();
    await page.waitForLoadState('networkidle');
    const cls = (await entriesOf(page, 'layout-shift'))
      .filter((e) => !e.hadRecentInput)
      .reduce((s, e) => s + e.value, 0);
    shifts.push([list, cls]);
    await page.close();
  }
  const worst = Math.max(...shifts.map(([, v]) => v));
  console.log(
    `cumulative layout shift per list (budget 0.02 each): ${shifts.map(([l, v]) => `${l} ${v.toFixed(3)}`).join(', ')}; worst ${worst.toFixed(3)}`,
  );

  // A sort and a page click on Fans: from the reply's last byte to the frame that shows the new rows.
  page = await context.newPage();
  await page.goto('/app/fans');
  await page.getByText(/^Showing 1 to 10 of/).waitFor();
  await page.waitForLoadState('networkidle');
  const paintAfterReply = async (act) => {
    await page.evaluate(() => {
      const body = document.querySelector('table tbody');
      window.__rowsPainted = new Promise((resolve) => {
        const mo = new MutationObserver(() => {
          mo.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
        });
        mo.observe(body, { childList: true, subtree: true, characterData: true });
      });
      performance.clearResourceTimings();
    });
    await act();
    const painted = await page.evaluate(() => window.__rowsPainted);
    const reply = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
        .map((e) => e.responseEnd)
        .at(-1),
    );
    return Math.round(painted - reply);
  };
  const sortMs = await paintAfterReply(() => page.getByRole('button', { name: 'User Name', exact: true }).click());
  await page.getByText(/^Showing 1 to 10 of/).waitFor();
  await page.waitForLoadState('networkidle');
  const pageMs = await paintAfterReply(() => page.getByRole('button', { name: 'Page 2', exact: true }).click());
  console.log(`rows painted after the reply arrives: sort ${sortMs} ms, page click ${pageMs} ms (budget 100 ms)`);
  await page.close();
}

(async () => {
  buildProduct();
  const at = process.argv.indexOf('--baseline');
  if (at >= 0) {
    if (!process.argv[at + 1]) throw new Error('--baseline needs a commit (a hash, a tag or a branch)');
    await againstBaseline(process.argv[at + 1]);
    return;
  }
  staticSizes();
  const server = await startProduct();
  try {
    await browserFigures(server.url);
  } finally {
    server.stop();
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
