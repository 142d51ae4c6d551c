import { Route, Routes } from '@backoffice/ui-kit/router';
import { FanEdit } from './FanEdit';
import { FansList } from './FansList';
import { FanView } from './FanView';

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
