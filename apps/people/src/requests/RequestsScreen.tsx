import { Route, Routes } from '@backoffice/ui-kit/router';
import { RequestsList } from './RequestsList';
import { RequestView } from './RequestView';

/** /app/requests and its sub-route; paths are relative so they work under /app and under /. */
export default function RequestsScreen() {
  return (
    <Routes>
      <Route index element={<RequestsList />} />
      <Route path="view/:id" element={<RequestView />} />
    </Routes>
  );
}
