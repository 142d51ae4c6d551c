import type { Browser, Page } from 'playwright-core';
import { api, apiToken } from './support/api';
import { ADMIN, launch, menu, newPage, signIn, state } from './support/browser';

/** What the setting screen saves: every field, each time (contract UpdateAdminProfileBody). */
interface ProfileBody {
  firstName: string;
  lastName: string;
  email: string;
  bio: string;
  mainProfilePicture: string;
  timeZone: string;
}

let browser: Browser;
let token: string;
/** The demo admin as the other browser tests expect them ("Hello, Ada Admin"), restored after each test. */
let baseline: ProfileBody;
let baselineAvailability: '1' | '0';

const profile = async () => (await api('GET', '/admin/getUserProfile', { token })).data;
const saveProfile = (body: ProfileBody) => api('PATCH', '/admin/updateProfile', { token, body });
const setAvailability = (availabilityStatus: '1' | '0') =>
  api('PATCH', '/admin/updateAvailability', { token, body: { availabilityStatus } });

beforeAll(async () => {
  browser = await launch();
  token = await apiToken();
  const p = await profile();
  const [firstName, lastName] = ADMIN.name.split(' ') as [string, string];
  // A seeded admin may have no time zone yet, which a save must name.
  baseline = {
    firstName,
    lastName,
    email: ADMIN.email,
    bio: p.bio,
    mainProfilePicture: p.mainProfilePicture,
    timeZone: p.timeZone || 'UTC',
  };
  baselineAvailability = p.availabilityStatus;
  expect((await saveProfile(baseline)).statusCode).toBe(200);
});

afterEach(async () => {
  await saveProfile(baseline);
  await setAvailability(baselineAvailability);
});

afterAll(() => browser?.close());

const header = (page: Page) => page.locator('header');

async function openSetting(page: Page) {
  await signIn(page);
  await page.goto('/app/setting');
  await page.getByRole('button', { name: /Edit profile/ }).waitFor();
}

describe('the setting screen', () => {
  it('edits the profile: invalid values are refused on their fields and nothing is saved; a valid save shows in the header and survives a reload', async () => {
    const { context, page, errors } = await newPage(browser);
    const saves: string[] = [];
    page.on('request', (r) => r.url().includes('/admin/updateProfile') && saves.push(r.method()));
    await openSetting(page);
    await page.getByRole('button', { name: /Edit profile/ }).click();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);

    await page.getByLabel('First Name').fill('Adeline');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await save.click();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByLabel('First Name').fill('   ');
    await page.getByText('This field is required').waitFor();
    expect(saves).toEqual([]);
    expect(await profile()).toMatchObject({ firstName: baseline.firstName, email: baseline.email });
    await page.getByText(`Hello, ${ADMIN.name}`).waitFor();

    await page.getByLabel('First Name').fill('Adeline');
    await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Bio').fill('Runs the back office from Lyon');
    await save.click();
    await page.getByText('Hello, Adeline Admin').waitFor();
    await page.getByRole('button', { name: /Edit profile/ }).waitFor();
    expect(saves).toEqual(['PATCH']);
    expect(await profile()).toMatchObject({
      firstName: 'Adeline',
      lastName: baseline.lastName,
      email: ADMIN.email,
      bio: 'Runs the back office from Lyon',
    });

    await page.reload();
    await page.getByText('Hello, Adeline Admin').waitFor();
    await page.getByText('Runs the back office from Lyon').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches availability: the header follows, the server keeps it, and a reload shows it again', async () => {
    await setAvailability('0');
    const { context, page, errors } = await newPage(browser);
    await openSetting(page);
    const available = page.getByRole('switch', { name: 'Available' });
    await header(page).getByText('Not available', { exact: true }).waitFor();
    expect(await available.isChecked()).toBe(false);

    await available.click();
    await header(page).getByText('Available', { exact: true }).waitFor();
    for (let i = 0; i < 50 && (await profile()).availabilityStatus !== '1'; i++) await page.waitForTimeout(100);
    expect((await profile()).availabilityStatus).toBe('1');

    await page.reload();
    await header(page).getByText('Available', { exact: true }).waitFor();
    expect(await page.getByRole('switch', { name: 'Available' }).isChecked()).toBe(true);

    await page.getByRole('switch', { name: 'Available' }).click();
    await header(page).getByText('Not available', { exact: true }).waitFor();
    for (let i = 0; i < 50 && (await profile()).availabilityStatus !== '0'; i++) await page.waitForTimeout(100);
    expect((await profile()).availabilityStatus).toBe('0');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to the dark theme and remembers it across a reload', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    const background = () => header(page).evaluate((el) => getComputedStyle(el).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await background()).not.toBe(light);
    expect(await page.evaluate(() => localStorage.getItem('backoffice:theme'))).toBe('dark');

    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    const dark = await background();
    expect(dark).not.toBe(light);
    await page.goto('/app/setting');
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    await page.getByText('Light', { exact: true }).click();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await background()).toBe(light);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the platform section reports a remote that fails to load, and Retry recovers it once it is back', async () => {
    const registry = (await (await fetch(new URL('/registry.json', state().baseURL))).json()) as {
      remotes: Record<string, { version: string }>;
    };
    const { context, page } = await newPage(browser);
    let down = true;
    await page.route('**/remotes/catalog/**/mf-manifest.json', (route) => (down ? route.abort() : route.continue()));
    await openSetting(page);
    const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    for (const name of ['people', 'payments', 'catalog']) {
      await row(name).getByText(registry.remotes[name]!.version, { exact: true }).waitFor();
    }
    await row('catalog').getByText('Not loaded yet').waitFor();

    await page.getByRole('button', { name: /Check all/ }).click();
    await row('people').getByText('Loaded', { exact: true }).waitFor();
    await row('payments').getByText('Loaded', { exact: true }).waitFor();
    await row('catalog')
      .getByText(/^Failed to load: /)
      .waitFor();

    down = false;
    await row('catalog').getByRole('button', { name: 'Retry catalog' }).click();
    await row('catalog').getByText('Loaded', { exact: true }).waitFor();
    expect(await row('catalog').getByRole('button', { name: 'Retry catalog' }).count()).toBe(0);
    // The recovered remote works without a reload.
    await menu(page, 'Notifications').click();
    await page.getByRole('button', { name: 'Mark all as read' }).waitFor();
    await context.close();
  });
});
