import { Route, Routes } from '@backoffice/ui-kit/router';
import { EmailTemplateEdit } from './EmailTemplateEdit';
import { EmailTemplatesList } from './EmailTemplatesList';

/** /app/email-templates and its edit sub-route; paths are relative so they work under /app and under /. */
export default function EmailTemplatesScreen() {
  return (
    <Routes>
      <Route index element={<EmailTemplatesList />} />
      <Route path="edit/:id" element={<EmailTemplateEdit />} />
    </Routes>
  );
}
