import { useState } from 'react';
import { useEndpointList, useEndpointMutation, type DeployTokenRow } from '@backoffice/shared-api';
import { toast } from '@backoffice/shared-api/runtime';

/**
 * The deploy tokens of the remote teams: listed by remote, name and last use; created here (the
 * token is shown once, then only its hash is kept) and revoked here.
 */
export function useDeployTokens() {
  const tokens = useEndpointList('getDeployTokens', {});
  const create = useEndpointMutation('createDeployToken');
  const revoke = useEndpointMutation('revokeDeployToken');
  const [created, setCreated] = useState<{ token: string; row: DeployTokenRow; message: string }>();
  const [revoking, setRevoking] = useState<string>();
  return {
    rows: tokens.data?.data,
    loading: tokens.isFetching && !tokens.data,
    error: tokens.error ? tokens.error.message : undefined,
    retry: () => void tokens.refetch(),
    creating: create.isPending,
    created,
    dismissCreated: () => setCreated(undefined),
    create: async (values: { remote: string; name: string }) => {
      try {
        const { data, message } = await create.mutateAsync({ body: values });
        setCreated({ token: data.token, row: data.deployToken, message });
        return true;
      } catch (err) {
        toast.error((err as Error).message);
        return false;
      }
    },
    revoking,
    revoke: async (row: DeployTokenRow) => {
      setRevoking(row._id);
      try {
        toast.success((await revoke.mutateAsync({ query: { id: row._id } })).message);
        if (created?.row._id === row._id) setCreated(undefined);
      } catch (err) {
        toast.error((err as Error).message);
      } finally {
        setRevoking(undefined);
      }
    },
  };
}
