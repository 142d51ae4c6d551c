import { Route, Routes } from '@backoffice/ui-kit/router';
import { lazyScreen } from '@backoffice/ui-kit';
import { CallsList } from './CallsList';

// Fetched when first opened: the list does not wait for the record screens and their form fields.
const CallView = lazyScreen(() => import('./CallView').then((m) => m.CallView));

/** /app/calls and its view sub-route; paths are relative so they work under /app and under /. */
export default function CallsScreen() {
  return (
    <Routes>
      <Route index element={<CallsList />} />
      <Route path="view/:id" element={<CallView />} />
    </Routes>
  );
}
