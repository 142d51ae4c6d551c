import { useCallback, useEffect, useState } from 'react';
import {
  loadRegistry,
  overrideOrigins,
  overridesFor,
  REMOTE_NAMES,
  writeOverride,
  type Registry,
  type RemoteName,
} from '../remotes/registry';
import { checkRemote, reasonOf, useRemoteStatuses, type RemoteStatus } from '../remotes/remoteStatus';

export interface PlatformRow {
  name: RemoteName;
  /** The registry's version; undefined when the registry does not list the remote (or is unread). */
  version: string | undefined;
  /** This admin runs a staged version: given to some admins before everyone. */
  staged: boolean;
  /** The developer's manifest URL this browser loads instead (localStorage), if any. */
  override: string | undefined;
  /** An override saved in this browser that this server does not let load (overrides off, origin not allowed). */
  ignoredOverride: string | undefined;
  status: RemoteStatus;
}

/** The runtime cannot swap a remote whose code already runs: an override applies on a fresh load. */
export const page = { reload: () => window.location.reload() };

const settled = (s: RemoteStatus) => s.state === 'loaded' || s.state === 'loading';

/**
 * The platform section's logic: each remote's registry version (or this browser's override) and how
 * loading it went in this page; Retry re-reads the registry and loads the remote again, no reload.
 */
export function usePlatform() {
  const statuses = useRemoteStatuses();
  const [registry, setRegistry] = useState<Registry>();
  const [registryError, setRegistryError] = useState<string>();

  // A retry's fresh read is what loadRegistry() hands out next, so this also shows a new version.
  const readRegistry = useCallback(
    () =>
      loadRegistry().then(
        (r) => {
          setRegistry(r);
          setRegistryError(undefined);
        },
        (e: unknown) => setRegistryError(reasonOf(e)),
      ),
    [],
  );
  useEffect(() => {
    void readRegistry();
  }, [readRegistry]);

  // Until the registry is read nothing is known of what the server allows: no override counts yet.
  const overrides = registry ? overridesFor(registry) : { active: {}, ignored: {} };
  const origins = overrideOrigins(registry);
  const rows: PlatformRow[] = REMOTE_NAMES.map((name) => ({
    name,
    version: registry?.remotes[name]?.version,
    staged: registry?.remotes[name]?.staged === true,
    override: overrides.active[name],
    ignoredOverride: overrides.ignored[name],
    status: statuses[name],
  }));

  const check = async (names: RemoteName[]) => {
    await Promise.all(names.map(checkRemote));
    await readRegistry();
  };

  return {
    rows,
    registryError,
    retry: (name: RemoteName) => check([name]),
    /** Loads every remote not loaded yet (or that failed). */
    checkAll: () => check(REMOTE_NAMES.filter((n) => !settled(statuses[n]))),
    allLoaded: REMOTE_NAMES.every((n) => statuses[n].state === 'loaded'),
    /**
     * Where this server lets an override load from (REMOTE_OVERRIDE_ORIGINS); empty when overrides
     * are off, undefined until the registry says.
     */
    overrideOrigins: registry ? origins : undefined,
    /**
     * Loads `name` from a developer's machine in this browser only (after a reload), or back from
     * the registry with no url. Answers why the url was refused; nothing is stored then.
     */
    setOverride: (name: RemoteName, url: string | undefined): string | undefined => {
      const problem = writeOverride(name, url, origins);
      if (!problem) page.reload();
      return problem;
    },
  };
}
