import { useLocation, useParams } from 'react-router-dom';
import { ApiError, useCallDetail } from '@backoffice/shared-api';

// Ids are UUIDs; anything else cannot name a call, so it is not worth a round trip.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The call view's logic: the call named by the route, or why it is not shown. */
export function useCallViewController() {
  const params = useParams();
  const id = params.id && UUID.test(params.id) ? params.id : undefined;
  const detail = useCallDetail(id);
  const location = useLocation();
  const notFound =
    !id || (detail.error instanceof ApiError && (detail.error.statusCode === 404 || detail.error.statusCode === 400));
  const listQuery = (location.state as { listQuery?: unknown } | null)?.listQuery;
  return {
    call: detail.data,
    notFound,
    error: notFound ? undefined : detail.error?.message,
    retry: () => void detail.refetch(),
    /** Back to the list as the admin left it (page, sort, filter), when they came from it. */
    backTo: typeof listQuery === 'string' && listQuery.startsWith('?') ? `..${listQuery}` : '..',
  };
}
