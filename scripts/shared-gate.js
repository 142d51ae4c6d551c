/**
 * The release gate: a remote's build says in its mf-manifest.json which shared packages it needs
 * (`shared[].requiredVersion`); the shell that admins run says in its own build's mf-manifest.json
 * which versions it provides (`shared[].version`) and which of them are singletons.
 *
 * A strict singleton (React, the router, shared-api's runtime, ui-kit's antd: one instance per
 * page) that the shell provides at a version outside the remote's range would fail the remote in
 * front of admins: such a release is refused before anything is copied or pointed at, naming each
 * package and both versions. A semver-shared package (shared-api's and ui-kit's main entries) out
 * of range is not refused: the federation runtime gives the remote the copy in its own build, and
 * the release says so.
 *
 * The shell's build is what is deployed (the server serves SHELL_DIST, apps/shell/dist by
 * default), so it is read rather than the shell's package.json, which may have moved on since.
 */
const fs = require('node:fs');
const path = require('node:path');
const semver = require('semver');

const ROOT = path.resolve(__dirname, '..');
const shellManifestPath = () =>
  path.join(path.resolve(process.env.SHELL_DIST || path.join(ROOT, 'apps', 'shell', 'dist')), 'mf-manifest.json');

/** A range semver cannot read is not satisfied: the gate refuses rather than guesses. */
const satisfies = (version, range) => {
  try {
    return semver.satisfies(String(version), String(range));
  } catch {
    return false;
  }
};

const readManifest = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * The remote's shared requirements that the shell's versions do not satisfy, each marked `singleton`
 * (one instance per page) or not (shared by semver).
 */
function unmetRequirements(remoteManifest, shellManifest) {
  const provided = new Map((shellManifest.shared || []).map((s) => [s.name, s]));
  return (
    (remoteManifest.shared || [])
      .filter((s) => s.requiredVersion)
      // A semver-shared package the shell does not provide at all: the remote loads its own copy.
      // A singleton it does not provide is unmet: a published remote carries no copy of one.
      .filter((s) => provided.has(s.name) || s.singleton === true)
      .filter((s) => !provided.has(s.name) || !satisfies(provided.get(s.name).version, s.requiredVersion))
      .map((s) => ({
        name: s.name,
        required: s.requiredVersion,
        provided: provided.get(s.name)?.version ?? 'none',
        // Only an explicit `singleton: false` is shared by semver; subpaths of a singleton (react/jsx-runtime) carry no flag.
        singleton: s.singleton !== false && provided.get(s.name)?.singleton !== false,
      }))
  );
}

/**
 * Throws, naming each package, when the shell cannot serve the remote whose manifest is at
 * `manifestFile`; returns the semver-shared packages the remote will load its own copy of. A
 * package the shell does not share at all is the remote's own and needs nothing.
 */
function checkSharedRequirements(remote, manifestFile) {
  const manifest = readManifest(manifestFile);
  if (!(manifest.shared || []).length) return [];
  const shellFile = shellManifestPath();
  let shell;
  try {
    shell = readManifest(shellFile);
  } catch {
    throw new Error(
      `${remote}: cannot read the shell's ${shellFile} to check what it provides; build the shell first (npm run build)`,
    );
  }
  const unmet = unmetRequirements(manifest, shell);
  const refused = unmet.filter((u) => u.singleton);
  if (refused.length) {
    throw new Error(
      [
        ...refused.map(
          (u) =>
            `${remote} needs ${u.name} ${u.required}, ${u.provided === 'none' ? 'which the shell does not provide' : `the shell provides ${u.provided}`}`,
        ),
        'Refused: the registry is unchanged. Release the shell with these versions first.',
      ].join('\n'),
    );
  }
  for (const u of unmet) {
    console.log(`${remote} needs ${u.name} ${u.required}, the shell provides ${u.provided}: it loads its own copy`);
  }
  return unmet;
}

module.exports = { satisfies, unmetRequirements, checkSharedRequirements, shellManifestPath };
