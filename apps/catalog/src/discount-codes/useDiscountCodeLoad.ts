import type { DiscountCodeRow } from '@backoffice/shared-api';
import { useRecordController, type DetailLoad } from '@backoffice/ui-kit';

export type DiscountCodeLoad = DetailLoad<DiscountCodeRow>;

/** The code named by the route's `:id` (a malformed id is not asked for). */
export function useDiscountCodeLoad(): DiscountCodeLoad {
  return useRecordController('getDiscountCodeDetail');
}
