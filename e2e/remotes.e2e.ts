import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launch, newPage, signIn, menu } from './support/browser';
import { buildCopy, deployToken, publicRegistry, remotes, versionIn } from './support/releases';

const ROOT = path.resolve(__dirname, '..');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('remotes at runtime', () => {
  it('a remote whose manifest fails shows a fallback, the others keep working, and Retry recovers', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    let down = true;
    await page.route('**/remotes/people/**/mf-manifest.json', (route) => (down ? route.abort() : route.continue()));
    await menu(page, 'Fans').click();
    await page.getByText('Fans is unavailable').waitFor();
    // header, menu and another remote still work
    await page.getByText('Hello, Ada Admin').waitFor();
    await menu(page, 'Notifications').click();
    await page.getByRole('button', { name: 'Mark all as read' }).waitFor();
    await menu(page, 'Fans').click();
    await page.getByText('Fans is unavailable').waitFor();
    down = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Showing 1 to 10 of').waitFor();
    await context.close();
  });

  it('fetches a remote only when one of its screens opens', async () => {
    const { context, page } = await newPage(browser);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await signIn(page);
    expect(fetched.filter((p) => p.startsWith('/remotes/'))).toEqual([]);
    await menu(page, 'Fans').click();
    await page.getByText('Showing 1 to 10 of').waitFor();
    expect(fetched.some((p) => p.startsWith('/remotes/people/'))).toBe(true);
    expect(fetched.some((p) => p.startsWith('/remotes/catalog/') || p.startsWith('/remotes/payments/'))).toBe(false);
    await context.close();
  });

  it('a republished remote reaches admins on their next page load, and a rollback takes it back, without touching the shell', async () => {
    const token = await deployToken('people');
    const current = (await publicRegistry()).remotes.people!.version;
    // A "new build" of people with a visible change, uploaded and promoted as its team's CI would.
    const build = buildCopy('people', (_f, text) =>
      text.replaceAll('Search by name or email', 'Search fans (new release)'),
    );
    const shellBefore = fs.statSync(path.join(ROOT, 'apps/shell/dist/index.html')).mtimeMs;

    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.goto('/app/fans');
    await page.getByPlaceholder('Search by name or email').waitFor();

    const next = versionIn(await remotes(['upload', 'people', '--dir', build], { token }), 'people');
    await remotes(['promote', 'people', next], { token });
    await page.reload();
    await page.getByPlaceholder('Search fans (new release)').waitFor();

    await remotes(['rollback', 'people'], { token });
    await page.reload();
    await page.getByPlaceholder('Search by name or email').waitFor();
    expect((await publicRegistry()).remotes.people!.version).toBe(current);
    expect(fs.statSync(path.join(ROOT, 'apps/shell/dist/index.html')).mtimeMs).toBe(shellBefore);
    await context.close();
    fs.rmSync(build, { recursive: true, force: true });
  });
});

describe('shared code across releases', () => {
  let token: string;
  beforeAll(async () => {
    token = await deployToken('people');
  });
  const shellProvides = (name: string): string =>
    JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/shell/dist/mf-manifest.json'), 'utf8')).shared.find(
      (s: { name: string }) => s.name === name,
    ).version;

  it('a people release built against newer shared-api and ui-kit is published, and its Fans screen works on its own copies with the page’s one session, antd and theme', async () => {
    const API = '@backoffice/shared-api';
    const KIT = '@backoffice/ui-kit';
    const nextMinor = (version: string) => {
      const [major, minor] = version.split('.').map(Number) as [number, number];
      return `${major}.${minor + 1}.0`;
    };
    // Each package's version in the shell, and the next minor a newer build of people was made with.
    const provided: Record<string, string> = { [API]: shellProvides(API), [KIT]: shellProvides(KIT) };
    const newer: Record<string, string> = { [API]: nextMinor(provided[API]!), [KIT]: nextMinor(provided[KIT]!) };
    // What a build against the next minor of both packages writes: it provides and requires that
    // version of their semver-shared main entries; the singleton entries (/runtime, /antd) unchanged.
    const rewrite = (text: string, name: string) => {
      const v = provided[name]!.replaceAll('.', '\\.');
      const to = newer[name]!;
      return (
        text
          // what it provides: register("name","version",…) and initOptions.shared["name"]=[{version,…,shareConfig}]
          .replace(new RegExp(`\\("${name}","${v}",`, 'g'), `("${name}","${to}",`)
          .replace(
            new RegExp(`("${name}":\\[\\{version:")${v}("[^{}]*?shareConfig:\\{[^{}]*?requiredVersion:")\\^${v}"`, 'g'),
            `$1${to}$2^${to}"`,
          )
          // what it requires: each consume of the package
          .replace(
            new RegExp(`requiredVersion:"\\^${v}"([^{}]*?shareKey:"${name}")`, 'g'),
            `requiredVersion:"^${to}"$1`,
          )
      );
    };
    const current = (await publicRegistry()).remotes.people!.version;
    const build = buildCopy('people', (file, text) => {
      if (file === 'mf-manifest.json') {
        const manifest = JSON.parse(text);
        for (const s of manifest.shared) {
          if (s.name === API || s.name === KIT) {
            s.version = newer[s.name];
            s.requiredVersion = `^${newer[s.name]}`;
          }
        }
        return JSON.stringify(manifest);
      }
      return rewrite(rewrite(text, API), KIT);
    });
    const entry = fs.readFileSync(path.join(build, 'remoteEntry.js'), 'utf8');
    expect(entry).toContain(`("${API}","${newer[API]}",`);
    expect(entry).toContain(
      `requiredVersion:"^${newer[KIT]}",strictVersion:!0,eager:!1,layer:void 0,shareKey:"${KIT}"}`,
    );

    const said = await remotes(['upload', 'people', '--dir', build], { token });
    for (const name of [API, KIT]) {
      expect(said).toContain(
        `people needs ${name} ^${newer[name]}, the shell provides ${provided[name]}: it loads its own copy`,
      );
    }
    await remotes(['promote', 'people', versionIn(said, 'people')], { token });
    try {
      const { context, page, errors } = await newPage(browser);
      await signIn(page);
      // Dark: the remote's own ui-kit must still render with the page's antd and its theme.
      await page.evaluate(() => localStorage.setItem('backoffice:theme', 'dark'));
      await page.goto('/app/fans');
      await page.getByText(/^Showing 1 to 10 of/).waitFor();

      const loaded = await page.evaluate(() => {
        const out: Record<string, string[]> = {};
        const share = (window as any).__FEDERATION__?.__SHARE__ ?? {};
        for (const scopes of Object.values<any>(share)) {
          for (const [pkg, versions] of Object.entries<any>(scopes.default ?? {})) {
            for (const [version, info] of Object.entries<any>(versions)) {
              if (info.loaded) (out[pkg] ??= []).push(`${version}@${info.from}`);
            }
          }
        }
        return out;
      });
      // people runs its own newer copies beside the shell's ...
      for (const name of [API, KIT]) {
        expect(loaded[name]?.sort()).toEqual([`${newer[name]}@people`, `${provided[name]}@shell`].sort());
      }
      // ... and the page keeps one session, HTTP client and socket, one antd with its theme.
      expect(loaded['@backoffice/shared-api/runtime']).toEqual([
        `${shellProvides('@backoffice/shared-api/runtime')}@shell`,
      ]);
      expect(loaded['@backoffice/ui-kit/antd']).toEqual([`${shellProvides('@backoffice/ui-kit/antd')}@shell`]);
      const cardBackground = await page
        .locator('.bo-card-box')
        .filter({ has: page.getByPlaceholder('Search by name or email') })
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(cardBackground).toBe('rgb(20, 20, 20)'); // antd's dark container, not the light default
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await remotes(['promote', 'people', current], { token });
      fs.rmSync(build, { recursive: true, force: true });
    }
  });

  it.each([['@backoffice/shared-api/runtime'], ['@backoffice/ui-kit/antd'], ['react']])(
    'refuses a remote that needs a newer singleton (%s) than the shell provides, and the screen keeps working',
    async (name) => {
      const before = await publicRegistry();
      const provided = shellProvides(name);
      // A build of people made against the next major (a new service, a new hook) requires it.
      const required = `^${Number(provided.split('.')[0]) + 1}.0.0`;
      const build = buildCopy('people', (file, text) => {
        if (file !== 'mf-manifest.json') return text;
        const manifest = JSON.parse(text);
        for (const s of manifest.shared) if (s.name === name) s.requiredVersion = required;
        return JSON.stringify(manifest);
      });
      await expect(remotes(['upload', 'people', '--dir', build], { token })).rejects.toThrow(
        `people needs ${name} ${required}, the shell provides ${provided}`,
      );
      expect(await publicRegistry()).toEqual(before);
      fs.rmSync(build, { recursive: true, force: true });

      // Admins still get the version the shell can serve: no broken screen.
      const { context, page, errors } = await newPage(browser);
      await signIn(page);
      await page.goto('/app/fans');
      await page.getByText(/^Showing 1 to 10 of/).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('Fans list (the first vertical slice)', () => {
  it('searches, sorts and pages, with the state kept in the URL across reload and Back', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    await menu(page, 'Fans').click();
    const footer = page.getByText(/^Showing 1 to 10 of \d+ entries$/);
    await footer.waitFor();
    const total = Number(/of (\d+) entries/.exec((await footer.textContent())!)![1]);
    expect(total).toBeGreaterThan(20);
    const headers = await page.locator('table thead th').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(['User Name', 'Display Name', 'Email', 'Created On', 'Action']);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Showing 11 to 20 of ${total} entries`).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    const sorted = page.waitForResponse(
      (r) => r.url().includes('/admin/getAllFans') && r.url().includes('sortBy=userName'),
    );
    await page.getByRole('button', { name: 'User Name' }).click();
    await sorted;
    await page.waitForURL((u) => u.searchParams.get('sortBy') === 'userName');
    await page.getByText(`Showing 1 to 10 of ${total} entries`).waitFor();
    // the rows of the sorted reply replace the previous page's once it has rendered
    let names: string[] = [];
    for (let i = 0; i < 50; i++) {
      names = await page.locator('table tbody tr td:first-child').allTextContents();
      if (names.join() === [...names].sort().join()) break;
      await page.waitForTimeout(100);
    }
    expect([...names].sort()).toEqual(names);

    await page.getByPlaceholder('Search by name or email').fill('  busy.fan ');
    await page.waitForURL((u) => u.searchParams.get('search') === 'busy.fan');
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    await page.getByRole('cell', { name: 'busy.fan', exact: true }).waitFor();

    await page.reload();
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    expect(await page.getByPlaceholder('Search by name or email').inputValue()).toBe('busy.fan');

    await page.goBack();
    await page.getByText(`Showing 1 to 10 of ${total} entries`).waitFor();
    expect(new URL(page.url()).searchParams.get('sortBy')).toBe('userName');

    await page.getByPlaceholder('Search by name or email').fill('no-such-fan-anywhere');
    await page.getByText('Data Not Found').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
