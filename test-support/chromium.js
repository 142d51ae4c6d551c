/**
 * The Chromium that the browser tests and the bundle benchmark drive. Browsers cannot be downloaded
 * on these machines, so one has to arrive with `npm install`: @sparticuz/chromium ships a compressed
 * Chromium inside its npm tarball. It is chosen in this order:
 *
 *   1. CHROMIUM_PATH, when set (one that is not an executable file is an error, not a silent fallback);
 *   2. the packaged Chromium, unpacked once into node_modules/.cache (about 2 s, 220 MB).
 *
 * Debian's Chromium is used only when CHROMIUM_PATH names it: the packaged one is what a fresh
 * machine gets, and it is slower, so a run that passes on it (CI's) passes on a fresh machine.
 *
 * Without the background-networking flags Chromium's own connections are refused by the closed
 * network many times a second.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PACKAGE = '@sparticuz/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Which browser to use, without touching the disk beyond `exists`: `executablePath` is left out for
 * the packaged one, which is only known once unpacked.
 * @param {{ env: Record<string, string | undefined>, exists: (file: string) => boolean }} probe
 * @returns {{ source: 'CHROMIUM_PATH' | 'packaged', executablePath?: string }}
 */
function chooseChromium({ env, exists }) {
  if (env.CHROMIUM_PATH) {
    if (!exists(env.CHROMIUM_PATH)) {
      throw new Error(
        `CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which is not an executable file; unset it to use another browser.`,
      );
    }
    return { source: 'CHROMIUM_PATH', executablePath: env.CHROMIUM_PATH };
  }
  return { source: 'packaged' };
}

/**
 * A program that can be run: a path hidden by binding /dev/null over it (a device, not a file), or
 * one left without its execute bit, counts as absent.
 */
function isExecutableFile(file) {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function packagedVersion() {
  let entry;
  try {
    entry = require.resolve(PACKAGE, { paths: [ROOT] });
  } catch {
    throw new Error(`No browser: CHROMIUM_PATH is unset and ${PACKAGE} is missing (run npm install).`);
  }
  // The package's exports hide its package.json: the nearest one above its entry that names it
  // (its build's layout differs between versions).
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (pkg.name === PACKAGE) return pkg.version;
  }
  throw new Error(`${PACKAGE}'s package.json was not found above ${entry}`);
}

/**
 * Unpacks the packaged Chromium once per installed version. The package unpacks into the temp
 * folder it is given (and treats whatever it finds there as complete), so each unpack gets a fresh
 * staging folder that is renamed into place whole: a run killed half way, or two runs at once, never
 * leave a partial browser behind for the next one.
 */
function unpackPackagedChromium() {
  const version = packagedVersion();
  const dir = path.join(ROOT, 'node_modules', '.cache', 'chromium', version);
  const executable = path.join(dir, 'chromium');
  if (fs.existsSync(executable)) return executable;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const staging = fs.mkdtempSync(`${dir}.unpacking-`);
  try {
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { default: chromium } = await import(${JSON.stringify(PACKAGE)}); await chromium.executablePath();`,
      ],
      { cwd: ROOT, env: { ...process.env, TMPDIR: staging }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    if (!fs.existsSync(path.join(staging, 'chromium'))) throw new Error(`${PACKAGE} unpacked no chromium binary`);
    try {
      fs.renameSync(staging, dir);
    } catch (e) {
      // Another run unpacked the same version first; theirs is as good as ours.
      if (!fs.existsSync(executable)) throw e;
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return executable;
}

let resolved;

/**
 * The browser to launch, resolved once per process.
 * @returns {{ source: 'CHROMIUM_PATH' | 'packaged', executablePath: string }}
 */
function resolveChromium() {
  if (!resolved) {
    const choice = chooseChromium({ env: process.env, exists: isExecutableFile });
    resolved = { ...choice, executablePath: choice.executablePath ?? unpackPackagedChromium() };
  }
  return resolved;
}

const SOURCE_NAMES = {
  CHROMIUM_PATH: 'CHROMIUM_PATH',
  packaged: `${PACKAGE}, unpacked from node_modules`,
};

/** One line for a test run's log: which browser, from where, which version. */
function describeChromium() {
  const { source, executablePath } = resolveChromium();
  const version = execFileSync(executablePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .trim()
    .split('\n')
    .pop();
  return `${version} (${SOURCE_NAMES[source]}: ${executablePath})`;
}

/** What playwright-core's `chromium.launch` takes. */
function chromiumLaunchOptions() {
  return { executablePath: resolveChromium().executablePath, args: CHROMIUM_ARGS };
}

module.exports = { chooseChromium, isExecutableFile, describeChromium, chromiumLaunchOptions };
