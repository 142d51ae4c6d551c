import { PAYOUT_SORTS } from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';

/** The Payouts history list's logic: URL-kept page, sort and search in; rows and handlers out. */
export function usePayoutsHistoryController() {
  return useListController({
    endpoint: 'getAllPayouts',
    sorts: PAYOUT_SORTS,
    // The latest payment first: what an admin checks after approving one.
    defaultSort: 'paidAt',
  });
}
