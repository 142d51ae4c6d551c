import { skipToken } from '@tanstack/react-query';
import { isUuid, useEndpointQuery, type EndpointData, type ReadEndpointName } from '@backoffice/shared-api';
import { useParams } from '@backoffice/ui-kit/router';
import { detailLoadOf, type DetailLoad } from '../DetailLoadState';

/**
 * A detail screen's logic (react-admin's useShowController): the record its route's `:id` names,
 * read from the contract's endpoint (`'getCallDetail'`), as a DetailLoad the view switches on. A
 * malformed id is not asked for; the server's 400 and 404 read as "not found".
 */
export function useRecordController<N extends ReadEndpointName>(
  endpoint: N,
  opts: { id?: string; staleTime?: number } = {},
): DetailLoad<EndpointData<N>> {
  const params = useParams();
  const id = opts.id ?? params.id;
  const query = useEndpointQuery(
    endpoint,
    isUuid(id) ? ({ id } as never) : skipToken,
    opts.staleTime === undefined ? {} : { staleTime: opts.staleTime },
  );
  return detailLoadOf(id, query);
}
