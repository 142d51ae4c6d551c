import { useParams } from 'react-router-dom';
import { ApiError, useUserProfile, type PersonKind, type UserProfile } from '@backoffice/shared-api';
import { isPersonId } from './personKinds';

export type ProfileLoad =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'error'; message: string; retry: () => void }
  | { state: 'ready'; profile: UserProfile; id: string };

/**
 * The profile named by the route's `:id`. A malformed id is not asked for; the server's 400 (bad
 * id) and 404 (no such user) are "not found"; anything else (network, 5xx) can be retried.
 */
export function useProfileLoad(kind: PersonKind): ProfileLoad {
  const { id } = useParams();
  const valid = isPersonId(id);
  const query = useUserProfile(kind, valid ? id : undefined);
  if (!valid) return { state: 'notFound' };
  if (query.data) return { state: 'ready', profile: query.data, id };
  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.statusCode : 0;
    if (status === 400 || status === 404) return { state: 'notFound' };
    return { state: 'error', message: query.error.message, retry: () => void query.refetch() };
  }
  return { state: 'loading' };
}
