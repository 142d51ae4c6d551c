import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, launch, newPage, signIn, state } from './support/browser';

const ROOT = path.resolve(__dirname, '..');
const OLD = 'Search by name or email';
const NEW = 'Search fans (staged release)';
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const remotes = (...args: string[]) =>
  execFileSync(process.execPath, ['scripts/remotes.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, RELEASES_DIR: state().releases },
    encoding: 'utf8',
  });

/** A fresh page load of the Fans screen (the registry is read anew), showing the search box of `placeholder`. */
async function fansShow(page: Page, placeholder: string) {
  await page.goto('/app/fans');
  await page.getByPlaceholder(placeholder).waitFor();
}

/** Setting → Platform says this admin runs `version` of people, staged or not. */
async function platformShows(page: Page, version: string, staged: boolean) {
  await page.goto('/app/setting');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'people', exact: true }) });
  await row.getByText(version, { exact: true }).waitFor();
  expect(await row.getByText('Staged', { exact: true }).count()).toBe(staged ? 1 : 0);
}

describe('staged rollout of a remote', () => {
  it('a staged version reaches only the admins in its stage; promoted to all it reaches everyone; a rollback takes it back', async () => {
    const { releases } = state();
    const registryFile = path.join(releases, 'registry.json');
    const current: string = JSON.parse(fs.readFileSync(registryFile, 'utf8')).remotes.people.version;
    // A "new build" of people: the same files with a visible change, released at a new version.
    const next = `${current}-staged`;
    const to = path.join(releases, 'remotes', 'people', next);
    fs.cpSync(path.join(releases, 'remotes', 'people', current), to, { recursive: true });
    for (const f of fs.readdirSync(to).filter((n) => n.endsWith('.js'))) {
      const file = path.join(to, f);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll(OLD, NEW));
    }

    const { context, page } = await newPage(browser);
    await signIn(page);
    await fansShow(page, OLD);

    // Named admins: this admin is in the stage and gets the new version, marked staged.
    remotes('stage', 'people', next, '--admins', ADMIN.email);
    await fansShow(page, NEW);
    await platformShows(page, next, true);
    // Staged to another admin only: this one keeps the current version.
    remotes('stage', 'people', next, '--admins', 'someone.else@backoffice.local');
    await fansShow(page, OLD);
    await platformShows(page, current, false);
    // A percentage: all admins, then none.
    remotes('stage', 'people', next, '--percent', '100');
    await fansShow(page, NEW);
    remotes('stage', 'people', next, '--percent', '0');
    expect(remotes('list')).toContain(`staged: ${next} to 0% of admins`);
    await fansShow(page, OLD);

    // Promoted to everyone: the stage ends, the version is current.
    remotes('promote', 'people', next);
    await fansShow(page, NEW);
    await platformShows(page, next, false);
    expect(JSON.parse(fs.readFileSync(registryFile, 'utf8')).remotes.people.staged).toBeUndefined();

    remotes('rollback', 'people');
    await fansShow(page, OLD);
    await platformShows(page, current, false);
    expect(JSON.parse(fs.readFileSync(registryFile, 'utf8')).remotes.people.version).toBe(current);
    await context.close();
  });
});
