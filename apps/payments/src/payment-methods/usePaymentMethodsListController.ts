import {
  PAYMENT_METHOD_SORTS,
  usePaymentMethodsList,
  type PaymentMethod,
  type PaymentMethodListQuery,
  type PaymentMethodSort,
} from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';

/** The Payment methods list's logic: URL-kept page, sort and search in; rows and handlers out. */
export function usePaymentMethodsListController() {
  return useListController<PaymentMethodSort, PaymentMethodListQuery, PaymentMethod>({
    sorts: PAYMENT_METHOD_SORTS,
    defaultSort: 'createdAt',
    useList: usePaymentMethodsList,
  });
}
