#!/usr/bin/env node
/**
 * Releases of the remotes, without touching the shell:
 *
 *   node scripts/remotes.js publish <remote>            build it, copy the build to an immutable
 *                                                       versioned folder, point the registry at it
 *   node scripts/remotes.js promote <remote> <version>  point the registry at a published version
 *   node scripts/remotes.js rollback <remote>           point it back at the previous version
 *   node scripts/remotes.js list                        what is published and current
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
async function publish(name, { reason } = {}) {
  await buildApp(name, reason);
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
      point(name, version);
      console.log(`${name} now serves ${version}`);
      break;
    case 'rollback': {
      check();
      const entry = readRegistry().remotes[name];
      const previous = entry?.history?.[entry.history.length - 1];
      if (!previous) throw new Error(`${name} has no previous version to roll back to`);
      const registry = readRegistry();
      registry.remotes[name] = { ...entry, ...entryOf(name, previous), history: entry.history.slice(0, -1) };
      writeRegistry(registry);
      console.log(`${name} rolled back to ${previous}`);
      break;
    }
    case 'list': {
      const registry = readRegistry();
      for (const r of REMOTES) {
        const current = registry.remotes[r]?.version;
        console.log(
          `${r}: ${
            published(r)
              .map((v) => (v === current ? `${v} (current)` : v))
              .join(', ') || 'nothing published'
          }`,
        );
      }
      break;
    }
    default:
      console.log('usage: node scripts/remotes.js publish|promote|rollback|list <remote> [version]');
      process.exitCode = command ? 1 : 0;
  }
}

module.exports = { publish, ensureReleased, point, readRegistry, published, RELEASES };

if (require.main === module) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
