import { Route, Routes } from '@backoffice/ui-kit/router';
import { CallView } from './CallView';
import { CallsList } from './CallsList';

/** /app/calls and its view sub-route; paths are relative so they work under /app and under /. */
export default function CallsScreen() {
  return (
    <Routes>
      <Route index element={<CallsList />} />
      <Route path="view/:id" element={<CallView />} />
    </Routes>
  );
}
