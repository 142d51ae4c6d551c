import { useParams } from '@backoffice/ui-kit/router';
import { isUuid, useDiscountCodeDetail, type DiscountCodeRow } from '@backoffice/shared-api';
import { detailLoadOf, type DetailLoad } from '@backoffice/ui-kit';

export type DiscountCodeLoad = DetailLoad<DiscountCodeRow>;

/** The code named by the route's `:id` (a malformed id is not asked for). */
export function useDiscountCodeLoad(): DiscountCodeLoad {
  const { id } = useParams();
  return detailLoadOf(id, useDiscountCodeDetail(isUuid(id) ? id : undefined));
}
