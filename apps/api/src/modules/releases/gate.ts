import semver from 'semver';
import { HttpError } from '../../lib/http-errors';

/**
 * The release gate. A remote's build says in its mf-manifest.json which shared packages it needs
 * (`shared[].requiredVersion`); the shell this server serves says in its own build's manifest which
 * versions it provides (`shared[].version`) and which of them are singletons.
 *
 * A strict singleton (React, the router, shared-api's runtime, ui-kit's antd: one instance per page)
 * that the shell provides at a version outside the remote's range would fail the remote in front of
 * admins: such a release is refused, naming each package and both versions. A semver-shared package
 * out of range is not refused: the federation runtime gives the remote the copy in its own build,
 * and the release says so. The shell's build is read, not its package.json: the build is what runs.
 */
export interface SharedEntry {
  name: string;
  version?: string;
  requiredVersion?: string;
  singleton?: boolean;
}

export interface Manifest {
  name?: string;
  metaData?: { buildInfo?: { buildVersion?: string } };
  shared?: SharedEntry[];
}

export interface Unmet {
  name: string;
  required: string;
  provided: string;
  singleton: boolean;
}

/** A range semver cannot read is not satisfied: the gate refuses rather than guesses. */
export function satisfies(version: unknown, range: unknown): boolean {
  try {
    return semver.satisfies(String(version), String(range));
  } catch {
    return false;
  }
}

/** The remote's shared requirements that the shell's versions do not satisfy. */
export function unmetRequirements(remote: Manifest, shell: Manifest): Unmet[] {
  const provided = new Map((shell.shared ?? []).map((s) => [s.name, s]));
  return (
    (remote.shared ?? [])
      .filter((s) => s.requiredVersion)
      // A semver-shared package the shell does not provide at all: the remote loads its own copy.
      // A singleton it does not provide is unmet: a published remote carries no copy of one.
      .filter((s) => provided.has(s.name) || s.singleton === true)
      .filter((s) => !provided.has(s.name) || !satisfies(provided.get(s.name)!.version, s.requiredVersion))
      .map((s) => ({
        name: s.name,
        required: String(s.requiredVersion),
        provided: provided.get(s.name)?.version ?? 'none',
        // Only an explicit `singleton: false` is shared by semver; subpaths of a singleton carry no flag.
        singleton: s.singleton !== false && provided.get(s.name)?.singleton !== false,
      }))
  );
}

/**
 * Refuses (422, naming each package) a remote the shell cannot serve; returns what the release
 * notes: the semver-shared packages the remote will load its own copy of.
 */
export function checkSharedRequirements(remote: string, manifest: Manifest, shell: Manifest | undefined): string[] {
  if (!(manifest.shared ?? []).length) return [];
  if (!shell) {
    throw new HttpError(
      422,
      `${remote}: this server has no shell build to check the remote against (SHELL_DIST); build the shell first`,
    );
  }
  const unmet = unmetRequirements(manifest, shell);
  const refused = unmet.filter((u) => u.singleton);
  if (refused.length) {
    throw new HttpError(
      422,
      [
        ...refused.map(
          (u) =>
            `${remote} needs ${u.name} ${u.required}, ${u.provided === 'none' ? 'which the shell does not provide' : `the shell provides ${u.provided}`}`,
        ),
        'Refused: the registry is unchanged. Release the shell with these versions first.',
      ].join('\n'),
    );
  }
  return unmet.map(
    (u) => `${remote} needs ${u.name} ${u.required}, the shell provides ${u.provided}: it loads its own copy`,
  );
}
