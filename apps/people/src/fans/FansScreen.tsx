import { Route, Routes } from 'react-router-dom';
import { PlannedScreen } from '@backoffice/ui-kit';
import { FansList } from './FansList';

/** /app/fans and its sub-routes; paths are relative so they work under /app and under /. */
export default function FansScreen() {
  return (
    <Routes>
      <Route index element={<FansList />} />
      <Route path="view/:id" element={<PlannedScreen title="Fan profile" area="people remote" issue={4} />} />
      <Route path="edit/:id" element={<PlannedScreen title="Edit fan" area="people remote" issue={4} />} />
    </Routes>
  );
}
