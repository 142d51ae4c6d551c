import { useParams } from '@backoffice/ui-kit/router';
import { isUuid, useUserProfile, type PersonKind, type UserProfile } from '@backoffice/shared-api';
import { detailLoadOf, type DetailLoad } from '@backoffice/ui-kit';

export type ProfileLoad = DetailLoad<UserProfile>;

/** The profile named by the route's `:id` (a malformed id is not asked for). */
export function useProfileLoad(kind: PersonKind): ProfileLoad {
  const { id } = useParams();
  return detailLoadOf(id, useUserProfile(kind, isUuid(id) ? id : undefined));
}
