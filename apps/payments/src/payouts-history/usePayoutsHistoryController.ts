import {
  PAYOUT_SORTS,
  usePayoutsList,
  type PayoutListQuery,
  type PayoutRow,
  type PayoutSort,
} from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';

/** The Payouts history list's logic: URL-kept page, sort and search in; rows and handlers out. */
export function usePayoutsHistoryController() {
  return useListController<PayoutSort, PayoutListQuery, PayoutRow>({
    sorts: PAYOUT_SORTS,
    // The latest payment first: what an admin checks after approving one.
    defaultSort: 'paidAt',
    useList: usePayoutsList,
  });
}
