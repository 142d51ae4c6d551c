import {
  EMAIL_TEMPLATE_SORTS,
  useEmailTemplatesList,
  type EmailTemplateListQuery,
  type EmailTemplateRow,
  type EmailTemplateSort,
} from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';

/** The Email templates list's logic: URL-kept page, sort and search in; rows and handlers out. */
export function useEmailTemplatesListController() {
  return useListController<EmailTemplateSort, EmailTemplateListQuery, EmailTemplateRow>({
    sorts: EMAIL_TEMPLATE_SORTS,
    // The contract's default: the list shows when each template last changed, not when it was made.
    defaultSort: 'updatedAt',
    useList: useEmailTemplatesList,
  });
}
