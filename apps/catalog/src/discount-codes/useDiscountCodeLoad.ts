import { useParams } from 'react-router-dom';
import { ApiError, useDiscountCodeDetail, type DiscountCodeRow } from '@backoffice/shared-api';

export type DiscountCodeLoad =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'error'; message: string; retry: () => void }
  | { state: 'ready'; code: DiscountCodeRow; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The code named by the route's `:id`. A malformed id is not asked for; the server's 400 (bad id)
 * and 404 (no such code) are "not found"; anything else (network, 5xx) can be retried.
 */
export function useDiscountCodeLoad(): DiscountCodeLoad {
  const { id } = useParams();
  const valid = !!id && UUID.test(id);
  const query = useDiscountCodeDetail(valid ? id : undefined);
  if (!valid) return { state: 'notFound' };
  if (query.data) return { state: 'ready', code: query.data, id };
  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.statusCode : 0;
    if (status === 400 || status === 404) return { state: 'notFound' };
    return { state: 'error', message: query.error.message, retry: () => void query.refetch() };
  }
  return { state: 'loading' };
}
