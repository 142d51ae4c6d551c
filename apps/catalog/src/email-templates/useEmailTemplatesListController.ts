import { useLocation } from 'react-router-dom';
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
  const list = useListController<EmailTemplateSort, EmailTemplateListQuery, EmailTemplateRow>({
    sorts: EMAIL_TEMPLATE_SORTS,
    // The contract's default: the list shows when each template last changed, not when it was made.
    defaultSort: 'updatedAt',
    useList: useEmailTemplatesList,
  });
  const { search: listQuery } = useLocation();
  return {
    ...list,
    /** Handed to the editor so its way back restores this page, sort and search. */
    linkState: { listQuery },
  };
}
