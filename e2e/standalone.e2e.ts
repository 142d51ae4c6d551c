import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ADMIN, launch, newPage, state } from './support/browser';
import { freePort } from './support/ports';

const ROOT = path.resolve(__dirname, '..');

let browser: Browser;
let devServer: ChildProcess | undefined;
let url = '';

/** The people team's own loop: `npm run dev` in apps/people, against the running API. */
beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  devServer = spawn(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], {
    cwd: path.join(ROOT, 'apps', 'people'),
    env: { ...process.env, NODE_ENV: 'development', DEV_PORT: String(port), API_URL: state().baseURL },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  devServer.stdout!.on('data', (d) => (out += d));
  devServer.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (/compiled successfully/i.test(out)) {
        clearInterval(timer);
        resolve();
      } else if (/compiled with \d+ error/i.test(out)) {
        clearInterval(timer);
        reject(new Error(out));
      }
    }, 200);
    devServer!.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the dev server exited (${code}):\n${out}`));
    });
  });
  browser = await launch();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  devServer?.kill('SIGTERM');
});

describe('the people remote on its own', () => {
  it('signs in and works through fans, fan detail, influencers and requests against the API', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${url}/app/fans`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('People (standalone)').waitFor();
    await page.getByText('Showing 1 to 10 of').waitFor();
    await page.getByRole('link', { name: 'Details' }).first().click();
    await page.getByText('Video Calls').waitFor();
    await page.getByRole('link', { name: 'Influencers' }).first().click();
    await page.getByText('Showing 1 to 10 of').waitFor();
    await page.getByRole('link', { name: 'Requests' }).first().click();
    await page.getByRole('columnheader', { name: 'Requested On' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
