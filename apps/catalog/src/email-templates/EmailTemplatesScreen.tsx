import { Route, Routes } from '@backoffice/ui-kit/router';
import { lazyScreen } from '@backoffice/ui-kit';
import { EmailTemplatesList } from './EmailTemplatesList';

// Fetched when first opened: the list does not wait for the record screens and their form fields.
const EmailTemplateEdit = lazyScreen(() => import('./EmailTemplateEdit').then((m) => m.EmailTemplateEdit));

/** /app/email-templates and its edit sub-route; paths are relative so they work under /app and under /. */
export default function EmailTemplatesScreen() {
  return (
    <Routes>
      <Route index element={<EmailTemplatesList />} />
      <Route path="edit/:id" element={<EmailTemplateEdit />} />
    </Routes>
  );
}
