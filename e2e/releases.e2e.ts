import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, E2E_ADMIN_PASSWORD, E2E_MARKETPLACE_KEY, launch, newPage, signIn } from './support/browser';
import { buildCopy, deployToken, publicRegistry, remotes, versionIn } from './support/releases';
import { startOwnServer, type OwnServer } from './support/servers';

/**
 * Two instances of the server behind one load balancer share one PostgreSQL and one Redis: a release
 * through either reaches admins on both at their next page load, with nothing on either's disk.
 */
const POSTGRES = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const DB = `bo_e2e_releases_${process.pid}`;
const OLD = 'Search by name or email';
const NEW = 'Search fans (released through A)';

let browser: Browser;
let a: OwnServer;
let b: OwnServer;
let team: string;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  browser = await launch();
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${DB}`;
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL: REDIS,
    SEED_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    AUTH_SECRET: 'e2e-two-instances-share-this-signing-secret-0123456789',
    MARKETPLACE_API_KEY: E2E_MARKETPLACE_KEY,
    // A stage halts once its version has 3 views failing more than the current version's.
    RELEASE_HALT_MIN_VIEWS: '3',
  };
  // A migrates and seeds the shared database; B starts on it as a second instance does.
  a = await startOwnServer('release-a', env);
  b = await startOwnServer('release-b', env);
  // The team's CI: a working folder of its own, holding its build and nothing of either server.
  team = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-e2e-people-team-'));
  fs.renameSync(
    buildCopy('people', (_f, text) => text.replaceAll(OLD, NEW)),
    path.join(team, 'dist'),
  );
}, 240_000);

afterAll(async () => {
  await browser?.close();
  a?.stop();
  b?.stop();
  fs.rmSync(team, { recursive: true, force: true });
  // The servers let go of their connections as they stop.
  await new Promise((r) => setTimeout(r, 1000));
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`).catch(() => undefined);
});

async function fansShow(page: Page, placeholder: string) {
  await page.goto('/app/fans');
  await page.getByPlaceholder(placeholder).waitFor();
}

describe('releases across two instances on one PostgreSQL and Redis', () => {
  it('a team publishes people through A from its own folder; an admin on B gets it at the next page load; a rollback through B reaches an admin on A', async () => {
    const onA = await newPage(browser, a.baseURL);
    const onB = await newPage(browser, b.baseURL);
    await signIn(onA.page);
    await signIn(onB.page);
    await fansShow(onA.page, OLD);
    await fansShow(onB.page, OLD);
    const before = (await publicRegistry(b.baseURL)).remotes.people!.version;

    const token = await deployToken('people', a.baseURL);
    const uploaded = await remotes(['upload', 'people', '--dir', 'dist'], { token, baseURL: a.baseURL, cwd: team });
    const version = versionIn(uploaded, 'people');
    await remotes(['promote', 'people', version], { token, baseURL: a.baseURL, cwd: team });
    await fansShow(onB.page, NEW);
    expect((await publicRegistry(b.baseURL)).remotes.people!.version).toBe(version);

    await remotes(['rollback', 'people'], { token, baseURL: b.baseURL, cwd: team });
    await fansShow(onA.page, OLD);
    expect((await publicRegistry(a.baseURL)).remotes.people!.version).toBe(before);
    expect(onA.errors).toEqual([]);
    expect(onB.errors).toEqual([]);
    await onA.context.close();
    await onB.context.close();
  });
});

describe('a stage that halts itself', () => {
  it('a staged version whose screen throws halts after the configured views; its admin is back on the current version, and Setting → Releases says why', async () => {
    const token = await deployToken('people', a.baseURL);
    const current = (await publicRegistry(a.baseURL)).remotes.people!.version;
    // A build of people whose Fans screen throws as it draws its search box.
    const broken = buildCopy('people', (_f, text) =>
      text.replaceAll(`"${OLD}"`, '(()=>{throw new Error("this release is broken")})()'),
    );
    const staged = versionIn(
      await remotes(['upload', 'people', '--dir', broken], { token, baseURL: a.baseURL }),
      'people',
    );
    fs.rmSync(broken, { recursive: true, force: true });

    const { context, page } = await newPage(browser, a.baseURL);
    await signIn(page);
    const viewed = page.waitForResponse((r) => r.url().includes('/api/v1/release/report'));
    await fansShow(page, OLD); // a view of the current version, without failure
    expect((await viewed).status()).toBe(200);
    await remotes(['stage', 'people', staged, '--admins', ADMIN.email], { token, baseURL: a.baseURL });
    for (let i = 0; i < 3; i++) {
      const reported = page.waitForResponse((r) => r.url().includes('/api/v1/release/report'));
      await page.goto('/app/fans');
      await page.getByText('Fans stopped working').waitFor();
      expect((await reported).status()).toBe(200);
    }
    // Halted: this admin is back on the current version at the next page load.
    await fansShow(page, OLD);
    expect((await registryOf(page)).version).toBe(current);
    await page.goto('/app/setting/releases');
    const people = page.getByRole('region', { name: 'people releases' });
    await people.getByText(`The stage of ${staged} halted itself on`, { exact: false }).waitFor();
    await people.getByText(/3 failures in 3 views \(100\.0%\) against 0\.0% for the current version/).waitFor();
    expect(await remotes(['list', 'people'], { token, baseURL: a.baseURL })).toContain(`halted: ${staged}`);
    await context.close();
  });
});

/** The people entry of the registry the signed-in admin of `page` gets. */
async function registryOf(page: Page) {
  return page.evaluate(async () => {
    const token = localStorage.getItem('_itoken') ?? '';
    const res = await fetch('/api/v1/admin/getRemoteRegistry', { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()).data.remotes.people as { version: string; staged: boolean };
  });
}
