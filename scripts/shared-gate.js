/**
 * The release gate: a remote's build says in its mf-manifest.json which shared packages it needs
 * (`shared[].requiredVersion`); the shell that admins run says in its own build's mf-manifest.json
 * which versions it provides (`shared[].version`). A release that the deployed shell cannot serve
 * is refused before anything is copied or pointed at, naming each package and both versions.
 *
 * The shell's build is what is deployed (the server serves SHELL_DIST, apps/shell/dist by
 * default), so it is read rather than the shell's package.json, which may have moved on since.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const shellManifestPath = () =>
  path.join(path.resolve(process.env.SHELL_DIST || path.join(ROOT, 'apps', 'shell', 'dist')), 'mf-manifest.json');

const parse = (v) => {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(v).trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
};
const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * Whether `version` satisfies `range`, for the ranges our builds write (exact, ^, ~, >=, *, and
 * `||` of those). A range it cannot read is not satisfied: the gate refuses rather than guesses.
 */
function satisfies(version, range) {
  const v = parse(version);
  if (!v) return false;
  return String(range)
    .split('||')
    .some((part) => {
      const r = part.trim();
      if (r === '' || r === '*' || r === 'x') return true;
      const op = /^(\^|~|>=|=)?\s*(.*)$/.exec(r);
      const base = parse(op[2]);
      if (!base || !/^v?\d+\.\d+\.\d+$/.test(op[2])) return false;
      if (compare(v, base) < 0) return false;
      switch (op[1]) {
        case '>=':
          return true;
        case '~':
          return v[0] === base[0] && v[1] === base[1];
        case '^':
          if (base[0] > 0) return v[0] === base[0];
          if (base[1] > 0) return v[0] === 0 && v[1] === base[1];
          return compare(v, base) === 0;
        default:
          return compare(v, base) === 0;
      }
    });
}

const readManifest = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** Each shared requirement of the remote's manifest that the shell's manifest does not satisfy. */
function unmetRequirements(remoteManifest, shellManifest) {
  const provided = new Map((shellManifest.shared || []).map((s) => [s.name, s.version]));
  return (remoteManifest.shared || [])
    .filter((s) => s.requiredVersion && provided.has(s.name))
    .filter((s) => !satisfies(provided.get(s.name), s.requiredVersion))
    .map((s) => ({ name: s.name, required: s.requiredVersion, provided: provided.get(s.name) }));
}

/**
 * Throws, naming each package, when the shell cannot serve the remote whose manifest is at
 * `manifestFile`; a package the shell does not share at all is the remote's own and needs nothing.
 */
function checkSharedRequirements(remote, manifestFile) {
  const manifest = readManifest(manifestFile);
  if (!(manifest.shared || []).length) return;
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
  if (unmet.length) {
    throw new Error(
      [
        ...unmet.map((u) => `${remote} needs ${u.name} ${u.required}, the shell provides ${u.provided}`),
        'Refused: the registry is unchanged. Release the shell with these versions first.',
      ].join('\n'),
    );
  }
}

module.exports = { satisfies, unmetRequirements, checkSharedRequirements, shellManifestPath };
