import { useParams } from '@backoffice/ui-kit/router';
import { isUuid, useCallDetail } from '@backoffice/shared-api';
import { detailLoadOf, useBackToList } from '@backoffice/ui-kit';

/** The call view's logic: the call named by the route, or why it is not shown, and the way back. */
export function useCallViewController() {
  const { id } = useParams();
  return {
    load: detailLoadOf(id, useCallDetail(isUuid(id) ? id : undefined)),
    backTo: useBackToList(),
  };
}
