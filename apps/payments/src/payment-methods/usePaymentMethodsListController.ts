import { PAYMENT_METHOD_SORTS } from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';

/** The Payment methods list's logic: URL-kept page, sort and search in; rows and handlers out. */
export function usePaymentMethodsListController() {
  return useListController({
    endpoint: 'getAllPaymentMethods',
    sorts: PAYMENT_METHOD_SORTS,
    defaultSort: 'createdAt',
  });
}
