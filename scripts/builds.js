/**
 * The production builds of the four front-end apps, and what each was built from.
 *
 * Beside each build, in its dist/, a record keeps a hash of every file the build was made from: the
 * app's own folder, the shared packages, the webpack factory, the root package.json and lockfile and
 * the TypeScript configs. A build whose record no longer matches the working tree is stale, and the
 * reason names the files that differ, so `npm start` rebuilds exactly the apps a change touched and
 * says why. Tests and docs are left out: they are never part of a bundle.
 */
const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
/** The remotes, from the table of screens that also says which screens each serves. */
const REMOTES = require('../webpack/screen-table').SCREEN_TABLE.remotes;
const APPS = ['shell', ...REMOTES];
/** In dist/ beside the build; removed when a build starts, so a build that fails or is killed leaves none. */
const RECORD = '.build-record.json';
const SHARED_INPUTS = [
  'packages/shared-api',
  'packages/ui-kit',
  'webpack',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.web.json',
];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', '.cache']);
const NOT_BUILT_FROM = /(\.test\.(ts|tsx|js)|\.md)$|^jest\.config\.js$/;

const distOf = (name, root = ROOT) => path.join(root, 'apps', name, 'dist');

function walk(root, rel, out) {
  const full = path.join(root, rel);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return; // an optional input (a config file) that this checkout does not have
  }
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(full).sort()) {
      if (!SKIPPED_FOLDERS.has(entry)) walk(root, path.posix.join(rel, entry), out);
    }
  } else if (!NOT_BUILT_FROM.test(path.basename(rel))) {
    out[rel] = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex').slice(0, 20);
  }
}

/** Every file an app's build is made from, relative to the repo, with a hash of its content. */
function sourcesOf(name, root = ROOT) {
  const files = {};
  for (const input of [`apps/${name}`, ...SHARED_INPUTS]) walk(root, input, files);
  return files;
}

function readRecord(name, root) {
  try {
    return JSON.parse(fs.readFileSync(path.join(distOf(name, root), RECORD), 'utf8'));
  } catch {
    return undefined;
  }
}

function listed(files, most = 3) {
  const shown = files.slice(0, most).join(', ');
  return files.length > most ? `${shown} and ${files.length - most} more` : shown;
}

/** Why the app's build no longer matches its sources, in words, or null when it still does. */
function whyRebuild(name, root = ROOT) {
  const sources = sourcesOf(name, root);
  const record = readRecord(name, root);
  if (!record?.files) {
    return fs.existsSync(distOf(name, root)) ? 'no record of what its build was made from' : 'not built yet';
  }
  const changed = [];
  for (const [file, hash] of Object.entries(sources)) {
    if (!(file in record.files)) changed.push(`${file} (new)`);
    else if (record.files[file] !== hash) changed.push(file);
  }
  for (const file of Object.keys(record.files)) if (!(file in sources)) changed.push(`${file} (removed)`);
  if (changed.length === 0) return null;
  const n = changed.length;
  return `${n} source file${n === 1 ? '' : 's'} changed since its last build: ${listed(changed)}`;
}

/**
 * Builds one app for production and records what it was built from. The sources are read before
 * webpack starts, so an edit made during the build makes the next start build again.
 * @returns {Promise<void>} rejected, naming the app, when webpack fails (after printing its report)
 */
function buildApp(name, reason) {
  const sources = sourcesOf(name);
  console.log(`Building ${name}${reason ? `: ${reason}` : ''}…`);
  fs.rmSync(path.join(distOf(name), RECORD), { force: true });
  return new Promise((resolve, reject) => {
    const webpack = spawn(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: path.join(ROOT, 'apps', name),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // webpack prints its report, errors included, on stdout: shown only when the build fails.
    let report = '';
    webpack.stdout.on('data', (chunk) => (report += chunk));
    webpack.on('error', reject);
    webpack.on('exit', (code, signal) => {
      if (code !== 0) {
        console.error(report);
        return reject(new Error(`The ${name} build failed (${signal ?? `exit code ${code}`}): see its errors above`));
      }
      recordBuild(name, sources);
      resolve();
    });
  });
}

/**
 * Two builds side by side take about two thirds of the time of one after the other on 2 cores
 * (webpack spends much of a build on one core); more at once only adds memory (~0.9 GB each).
 */
const BUILDS_AT_ONCE = Math.max(1, Math.min(2, os.availableParallelism()));

/**
 * Runs `work` for each item, BUILDS_AT_ONCE at a time, and waits for all of them even when one
 * fails, so that no build is left running; then rejects with the first failure.
 * @template T
 * @param {T[]} items
 * @param {(item: T) => Promise<void>} work
 */
async function eachAtOnce(items, work) {
  const queue = [...items];
  const failures = [];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      await work(item).catch((e) => failures.push(e));
    }
  };
  await Promise.all(Array.from({ length: BUILDS_AT_ONCE }, worker));
  if (failures.length > 0) throw failures[0];
}

function recordBuild(name, sources, root = ROOT) {
  const record = { builtAt: new Date().toISOString(), files: sources };
  fs.writeFileSync(path.join(distOf(name, root), RECORD), `${JSON.stringify(record, null, 1)}\n`);
}

/**
 * Builds `apps` ({ name, reason }), BUILDS_AT_ONCE at a time, the shell first. Each remote's
 * release gate reads what the shell's new build provides, so `publish(name, reason, shellBuilt)`
 * is handed the shell's build to wait for before its gate; the remote itself builds meanwhile.
 * @param {{ name: string, reason: string }[]} apps
 * @param {{ buildShell: (reason: string) => Promise<void>, publish: (name: string, reason: string, shellBuilt: Promise<void>) => Promise<unknown> }} steps
 */
async function buildShellAndRemotes(apps, { buildShell, publish }) {
  const shellFirst = [...apps].sort((a, b) => Number(b.name === 'shell') - Number(a.name === 'shell'));
  let shellBuilt = Promise.resolve();
  await eachAtOnce(shellFirst, async ({ name, reason }) => {
    if (name === 'shell') await (shellBuilt = buildShell(reason));
    else await publish(name, reason, shellBuilt);
  });
}

module.exports = {
  APPS,
  REMOTES,
  RECORD,
  distOf,
  sourcesOf,
  whyRebuild,
  buildApp,
  recordBuild,
  eachAtOnce,
  buildShellAndRemotes,
};
