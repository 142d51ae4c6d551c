import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { api, apiToken } from './api';
import { state } from './browser';

const ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);

/** A deploy token for `remote`, created by the suite's admin in the server at `baseURL`, as in Setting → Releases. */
export async function deployToken(remote: string, baseURL = state().baseURL): Promise<string> {
  const token = await apiToken(baseURL);
  const reply = await api('POST', '/release/createDeployToken', {
    token,
    baseURL,
    body: { remote, name: `e2e ${remote} ${Date.now()}` },
  });
  if (reply.statusCode !== 200) throw new Error(`createDeployToken: ${reply.message}`);
  return reply.data.token as string;
}

/**
 * `npm run remotes -- <args>` as a team's CI runs it: from `cwd` (a separate working folder if
 * given), with nothing of the server but its URL and the token. Resolves with what it printed;
 * rejects with what it printed when the server refused.
 */
export async function remotes(
  args: string[],
  opts: { token: string; baseURL?: string; cwd?: string },
): Promise<string> {
  const script = path.join(ROOT, 'scripts', 'remotes.js');
  try {
    const { stdout } = await run(
      process.execPath,
      [script, ...args, '--server', opts.baseURL ?? state().baseURL, '--token', opts.token],
      { cwd: opts.cwd ?? ROOT, env: { PATH: process.env.PATH ?? '' } },
    );
    return stdout;
  } catch (e) {
    const err = e as { stdout: string; stderr: string };
    throw new Error(`${err.stdout}${err.stderr}`);
  }
}

/** The version an upload printed (`people 0.1.0-abc: Release uploaded …`). */
export const versionIn = (out: string, remote: string) => {
  const version = new RegExp(`${remote} (\\S+): `).exec(out)?.[1];
  if (!version) throw new Error(`no version in: ${out}`);
  return version;
};

/**
 * A "new build" of a remote: a copy of its local build (apps/<remote>/dist) with `edit` applied to
 * each .js file and to the manifest, in a folder of its own; the folder's path.
 */
export function buildCopy(remote: string, edit: (file: string, text: string) => string): string {
  const from = path.join(ROOT, 'apps', remote, 'dist');
  const to = fs.mkdtempSync(path.join(os.tmpdir(), `bo-e2e-${remote}-build-`));
  fs.cpSync(from, to, { recursive: true });
  for (const f of fs.readdirSync(to).filter((n) => n.endsWith('.js') || n === 'mf-manifest.json')) {
    const file = path.join(to, f);
    fs.writeFileSync(file, edit(f, fs.readFileSync(file, 'utf8')));
  }
  return to;
}

/** The public registry of the server at `baseURL`: what everyone who is in no stage gets. */
export async function publicRegistry(baseURL = state().baseURL) {
  return (await (await fetch(new URL('/registry.json', baseURL))).json()) as {
    remotes: Record<string, { version: string; manifestUrl: string; integrity?: Record<string, string> }>;
  };
}
