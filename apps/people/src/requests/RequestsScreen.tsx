import { Route, Routes } from '@backoffice/ui-kit/router';
import { lazyScreen } from '@backoffice/ui-kit';
import { RequestsList } from './RequestsList';

// Fetched when first opened: the list does not wait for the record screens and their form fields.
const RequestView = lazyScreen(() => import('./RequestView').then((m) => m.RequestView));

/** /app/requests and its sub-route; paths are relative so they work under /app and under /. */
export default function RequestsScreen() {
  return (
    <Routes>
      <Route index element={<RequestsList />} />
      <Route path="view/:id" element={<RequestView />} />
    </Routes>
  );
}
