import { useState } from 'react';
import { useEndpointMutation, useEndpointQuery, type RemoteReleases } from '@backoffice/shared-api';
import { ApiError, toast } from '@backoffice/shared-api/runtime';
import { useDialogOpening } from '@backoffice/ui-kit';

/** What the stage dialog is opened for. */
export interface StageTarget {
  remote: RemoteReleases;
  version: string;
}

/**
 * Setting → Releases' logic: per remote its current, staged and previous version, the last halted
 * stage and every uploaded version with its figures; Promote, Stage and Roll back. Each change sends
 * the revision shown, so a change made meanwhile (a team's CI, another admin, a stage that halted
 * itself) is refused rather than overwritten, and the screen reloads what changed. Another admin's
 * or a team's release shows at once (releasesChanged refreshes the 'releases' resource).
 */
export function useReleases() {
  const releases = useEndpointQuery('getReleases', {});
  const promote = useEndpointMutation('promoteRelease');
  const rollback = useEndpointMutation('rollbackRelease');
  const stage = useDialogOpening<StageTarget>();
  const [busy, setBusy] = useState<string>();

  const run = async (key: string, action: () => Promise<{ message: string }>) => {
    setBusy(key);
    try {
      toast.success((await action()).message);
    } catch (err) {
      toast.error((err as Error).message);
      // Changed meanwhile (409): show what it is now.
      if (err instanceof ApiError && err.statusCode === 409) void releases.refetch();
    } finally {
      setBusy(undefined);
    }
  };

  return {
    remotes: releases.data?.remotes,
    loading: releases.isFetching && !releases.data,
    error: releases.error ? releases.error.message : undefined,
    retry: () => void releases.refetch(),
    busy,
    promote: (r: RemoteReleases, version: string) =>
      run(`promote:${r.remote}:${version}`, () =>
        promote.mutateAsync({ body: { remote: r.remote, version, revision: r.revision } }),
      ),
    rollback: (r: RemoteReleases) =>
      run(`rollback:${r.remote}`, () => rollback.mutateAsync({ body: { remote: r.remote, revision: r.revision } })),
    stage: stage.opening,
    openStage: (remote: RemoteReleases, version: string) => stage.open({ remote, version }),
    closeStage: stage.close,
    stageClosed: stage.closed,
  };
}
