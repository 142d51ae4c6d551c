import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, launch, newPage, signIn } from './support/browser';
import { buildCopy, deployToken, publicRegistry, remotes as run, versionIn } from './support/releases';

const OLD = 'Search by name or email';
const NEW = 'Search fans (staged release)';
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

let token: string;
beforeAll(async () => {
  token = await deployToken('people');
});
const remotes = (...args: string[]) => run(args, { token });

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
    const current = (await publicRegistry()).remotes.people!.version;
    // A "new build" of people with a visible change, uploaded (not yet served to anyone).
    const build = buildCopy('people', (_f, text) => text.replaceAll(OLD, NEW));
    const next = versionIn(await remotes('upload', 'people', '--dir', build), 'people');
    fs.rmSync(build, { recursive: true, force: true });

    const { context, page } = await newPage(browser);
    await signIn(page);
    await fansShow(page, OLD);

    // Named admins: this admin is in the stage and gets the new version, marked staged.
    await remotes('stage', 'people', next, '--admins', ADMIN.email);
    await fansShow(page, NEW);
    await platformShows(page, next, true);
    // Staged to another admin only: this one keeps the current version.
    await remotes('stage', 'people', next, '--admins', 'someone.else@backoffice.local');
    await fansShow(page, OLD);
    await platformShows(page, current, false);
    // A percentage: all admins, then none.
    await remotes('stage', 'people', next, '--percent', '100');
    await fansShow(page, NEW);
    await remotes('stage', 'people', next, '--percent', '0');
    expect(await remotes('list')).toContain(`staged: ${next} to 0% of admins`);
    await fansShow(page, OLD);

    // Promoted to everyone: the stage ends, the version is current.
    await remotes('promote', 'people', next);
    await fansShow(page, NEW);
    await platformShows(page, next, false);
    expect(await remotes('list')).not.toMatch(/staged/);

    await remotes('rollback', 'people');
    await fansShow(page, OLD);
    await platformShows(page, current, false);
    expect((await publicRegistry()).remotes.people!.version).toBe(current);
    await context.close();
  });
});
