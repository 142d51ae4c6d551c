#!/usr/bin/env node
/**
 * Releases of the remotes, without touching the shell:
 *
 *   node scripts/remotes.js publish <remote>            build it, copy the build to an immutable
 *                                                       versioned folder, point the registry at it
 *   node scripts/remotes.js promote <remote> <version>  point the registry at a published version
 *   node scripts/remotes.js rollback <remote>           point it back at the previous version
 *   node scripts/remotes.js stage <remote> <version> --admins a@x,b@y | --percent 10
 *                                                       give a published version to some admins first
 *   node scripts/remotes.js list                        what is published, current, staged, previous
 *
 * Builds live in <RELEASES_DIR>/remotes/<remote>/<version>/ and never change; the registry
 * (<RELEASES_DIR>/registry.json) is the only thing a release rewrites, atomically. The server
 * reads it on every request, so admins get the change on their next page load.
 *
 * Every registry entry carries the SHA-384 of each file of its version (`integrity`, recorded in
 * <RELEASES_DIR>/integrity/<remote>/<version>.json when the version is released, copied into the
 * entry when it becomes current); the shell refuses to run a remote whose files do not match, or
 * whose entry has none.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { REMOTES, RECORD, buildApp, distOf } = require('./builds');
const { checkSharedRequirements } = require('./shared-gate');

const ROOT = path.resolve(__dirname, '..');
const RELEASES = path.resolve(process.env.RELEASES_DIR || path.join(ROOT, '.releases'));
const REGISTRY = path.join(RELEASES, 'registry.json');

function readRegistry() {
  try {
    return JSON.parse(fs.readFileSync(REGISTRY, 'utf8'));
  } catch {
    return { remotes: {} };
  }
}

function writeRegistry(registry) {
  fs.mkdirSync(RELEASES, { recursive: true });
  const tmp = `${REGISTRY}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(registry, null, 2)}\n`);
  fs.renameSync(tmp, REGISTRY); // readers see the old registry or the new one, never half
}

/** A build's files, without the record of what it was built from: that stays with the build in dist/. */
const isReleased = (file) => path.basename(file) !== RECORD;

function filesUnder(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter(isReleased)
    .sort();
}

/** Same build, same version: the version is the package version plus a hash of the build. */
function versionOf(name, dist) {
  const hash = crypto.createHash('sha256');
  for (const f of filesUnder(dist)) {
    hash.update(path.relative(dist, f));
    hash.update(fs.readFileSync(f));
  }
  const pkg = require(path.join(ROOT, 'apps', name, 'package.json'));
  return `${pkg.version}-${hash.digest('hex').slice(0, 10)}`;
}

const INTEGRITY = path.join(RELEASES, 'integrity');

/** The SHA-384 of every file under `dir`, in Subresource Integrity form, keyed by its path there. */
function hashesOf(dir) {
  return Object.fromEntries(
    filesUnder(dir).map((f) => [
      path.relative(dir, f).split(path.sep).join('/'),
      `sha384-${crypto.createHash('sha384').update(fs.readFileSync(f)).digest('base64')}`,
    ]),
  );
}

/**
 * The hashes of a version, as recorded when it was released (from the build, before it was copied
 * to the served folder), so that a promote or a rollback never blesses a file changed since. Kept
 * beside the releases, outside the folder the server serves. A version released before hashes were
 * recorded is hashed from its released files, once, and said so.
 */
function integrityOf(name, version) {
  const file = path.join(INTEGRITY, name, `${version}.json`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    const hashes = hashesOf(path.join(RELEASES, 'remotes', name, version));
    recordIntegrity(name, version, hashes);
    console.log(
      `${name} ${version} was released before integrity hashes were recorded: hashed from its released files`,
    );
    return hashes;
  }
}

function recordIntegrity(name, version, hashes) {
  const file = path.join(INTEGRITY, name, `${version}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(hashes, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

function entryOf(name, version) {
  return {
    version,
    manifestUrl: `/remotes/${name}/${version}/mf-manifest.json`,
    integrity: integrityOf(name, version),
    updatedAt: new Date().toISOString(),
  };
}

function point(name, version) {
  const registry = readRegistry();
  const entry = registry.remotes[name] || { history: [] };
  const history = (entry.history || []).filter((v) => v !== version);
  if (entry.version && entry.version !== version) history.push(entry.version);
  registry.remotes[name] = { ...entryOf(name, version), history: history.slice(-20) };
  writeRegistry(registry);
}

/**
 * Copies the remote's build in apps/<name>/dist to its versioned folder (once: versions are
 * immutable) and returns the version.
 */
function release(name) {
  const dist = distOf(name);
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`${dist} has no mf-manifest.json`);
  const version = versionOf(name, dist);
  const target = path.join(RELEASES, 'remotes', name, version);
  if (!fs.existsSync(target)) {
    recordIntegrity(name, version, hashesOf(dist));
    const tmp = `${target}.${process.pid}.tmp`;
    fs.cpSync(dist, tmp, { recursive: true, filter: isReleased });
    fs.renameSync(tmp, target);
  }
  return version;
}

/** Builds the remote, releases it and makes it current. */
/**
 * `shellBuilt`: a shell build under way beside this one (npm start); the gate reads the shell's
 * manifest, so it waits for that build rather than read a missing or stale manifest.
 */
async function publish(name, { reason, shellBuilt } = {}) {
  await buildApp(name, reason);
  await shellBuilt;
  checkSharedRequirements(name, path.join(distOf(name), 'mf-manifest.json'));
  const version = release(name);
  point(name, version);
  console.log(`${name} ${version} published and current`);
  return version;
}

/**
 * For a build that is already current with its sources: releases it if this releases folder does
 * not have it yet, and makes it current only when the registry has no usable version of the remote,
 * so that a promote or a rollback made since is left as the team made it.
 */
function ensureReleased(name) {
  const version = release(name);
  const registry = readRegistry();
  const entry = registry.remotes[name];
  const current = entry?.version;
  if (!current || !fs.existsSync(path.join(RELEASES, 'remotes', name, current, 'mf-manifest.json'))) {
    point(name, version);
    console.log(`${name} ${version} published and current`);
  } else if (!entry.integrity) {
    // Published before hashes were recorded: the shell refuses it without them.
    registry.remotes[name] = { ...entry, integrity: integrityOf(name, current) };
    writeRegistry(registry);
  }
  return version;
}

/**
 * Gives a published `version` of a remote to some admins first — named ones (`admins`, emails) or a
 * stable share of them (`percent`: the same admins each time, by a hash of admin and remote) — while
 * everyone else keeps the current version. A promote (or a publish) to everyone ends the stage, a
 * rollback drops it.
 */
function stage(name, version, { admins, percent } = {}) {
  if (!published(name).includes(version)) throw new Error(`${name} ${version} is not published`);
  const named = admins === undefined ? undefined : [...new Set(admins.map((a) => a.trim().toLowerCase()))];
  if ((named === undefined) === (percent === undefined)) {
    throw new Error('Stage to either --admins <email,email> or --percent <0-100>');
  }
  if (named && (named.length === 0 || named.some((a) => !/^[^\s@,]+@[^\s@,]+$/.test(a)))) {
    throw new Error(`--admins takes the admins' emails, separated by commas`);
  }
  if (percent !== undefined && !(Number.isInteger(percent) && percent >= 0 && percent <= 100)) {
    throw new Error('--percent takes a whole number from 0 to 100');
  }
  const registry = readRegistry();
  const entry = registry.remotes[name];
  if (!entry?.version) throw new Error(`${name} has no current version to stage beside: publish or promote one first`);
  if (entry.version === version) throw new Error(`${name} ${version} is already current for everyone`);
  const { updatedAt, ...staged } = entryOf(name, version);
  registry.remotes[name] = {
    ...entry,
    staged: { ...staged, ...(named ? { admins: named } : { percent }), updatedAt },
  };
  writeRegistry(registry);
  console.log(
    `${name} ${version} staged to ${audienceOf(registry.remotes[name].staged)}; others keep ${entry.version}`,
  );
}

const audienceOf = (staged) =>
  Array.isArray(staged.admins) ? staged.admins.join(', ') : `${staged.percent}% of admins`;

/** Ends a remote's stage if it has one (its admins get the current version again); else undefined. */
function unstage(name) {
  const registry = readRegistry();
  const entry = registry.remotes[name];
  if (!entry?.staged) return undefined;
  const { staged, ...rest } = entry;
  registry.remotes[name] = rest;
  writeRegistry(registry);
  console.log(`${name}: stage of ${staged.version} rolled back; everyone serves ${entry.version}`);
  return staged.version;
}

/** What `list` prints: per remote, what is published, current, staged (to whom) and previous. */
function listLines() {
  const registry = readRegistry();
  return REMOTES.map((r) => {
    const entry = registry.remotes[r] || {};
    const line = `${r}: ${
      published(r)
        .map((v) => (v === entry.version ? `${v} (current)` : v === entry.staged?.version ? `${v} (staged)` : v))
        .join(', ') || 'nothing published'
    }`;
    const staged = entry.staged ? `\n  staged: ${entry.staged.version} to ${audienceOf(entry.staged)}` : '';
    const previous = entry.history?.length ? `\n  previous: ${entry.history[entry.history.length - 1]}` : '';
    return line + staged + previous;
  });
}

/** The value of `--flag value` (or `--flag=value`) in argv, or undefined. */
function flag(argv, name) {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return argv[i].includes('=') ? argv[i].slice(argv[i].indexOf('=') + 1) : (argv[i + 1] ?? '');
}

function published(name) {
  const dir = path.join(RELEASES, 'remotes', name);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((v) => !v.endsWith('.tmp')) : [];
}

async function main(argv) {
  const [command, name, version] = argv;
  const check = () => {
    if (!REMOTES.includes(name)) throw new Error(`Unknown remote "${name}"; one of ${REMOTES.join(', ')}`);
  };
  switch (command) {
    case 'publish':
      check();
      await publish(name);
      break;
    case 'promote':
      check();
      if (!published(name).includes(version)) throw new Error(`${name} ${version} is not published`);
      checkSharedRequirements(name, path.join(RELEASES, 'remotes', name, version, 'mf-manifest.json'));
      point(name, version);
      console.log(`${name} now serves ${version}`);
      break;
    case 'stage': {
      check();
      if (published(name).includes(version)) {
        checkSharedRequirements(name, path.join(RELEASES, 'remotes', name, version, 'mf-manifest.json'));
      }
      const admins = flag(argv, 'admins');
      const percent = flag(argv, 'percent');
      stage(name, version, {
        admins: admins === undefined ? undefined : admins.split(',').filter(Boolean),
        percent: percent === undefined ? undefined : /^\d+$/.test(percent) ? Number(percent) : NaN,
      });
      break;
    }
    case 'rollback': {
      check();
      if (unstage(name)) break;
      const entry = readRegistry().remotes[name];
      const previous = entry?.history?.[entry.history.length - 1];
      if (!previous) throw new Error(`${name} has no previous version to roll back to`);
      const registry = readRegistry();
      registry.remotes[name] = { ...entry, ...entryOf(name, previous), history: entry.history.slice(0, -1) };
      writeRegistry(registry);
      console.log(`${name} rolled back to ${previous}`);
      break;
    }
    case 'list':
      for (const line of listLines()) console.log(line);
      break;
    default:
      console.log(
        'usage: node scripts/remotes.js publish|promote|stage|rollback|list <remote> [version] [--admins a@x,b@y | --percent 10]',
      );
      process.exitCode = command ? 1 : 0;
  }
}

module.exports = { publish, ensureReleased, point, readRegistry, published, stage, unstage, listLines, main, RELEASES };

if (require.main === module) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
