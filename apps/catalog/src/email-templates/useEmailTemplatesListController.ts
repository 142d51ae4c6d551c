import { EMAIL_TEMPLATE_SORTS } from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';

/** The Email templates list's logic: URL-kept page, sort and search in; rows and handlers out. */
export function useEmailTemplatesListController() {
  return useListController({
    endpoint: 'getAllEmailTemplates',
    sorts: EMAIL_TEMPLATE_SORTS,
    // The contract's default: the list shows when each template last changed, not when it was made.
    defaultSort: 'updatedAt',
  });
}
