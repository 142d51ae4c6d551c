import { Route, Routes } from '@backoffice/ui-kit/router';
import { lazyScreen } from '@backoffice/ui-kit';
import { FansList } from './FansList';

// Fetched when first opened: the list does not wait for the record screens and their form fields.
const FanEdit = lazyScreen(() => import('./FanEdit').then((m) => m.FanEdit));
const FanView = lazyScreen(() => import('./FanView').then((m) => m.FanView));

/** /app/fans and its sub-routes; paths are relative so they work under /app and under /. */
export default function FansScreen() {
  return (
    <Routes>
      <Route index element={<FansList />} />
      <Route path="view/:id" element={<FanView />} />
      <Route path="edit/:id" element={<FanEdit />} />
    </Routes>
  );
}
