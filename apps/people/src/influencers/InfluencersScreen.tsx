import { Route, Routes } from '@backoffice/ui-kit/router';
import { InfluencerEdit } from './InfluencerEdit';
import { InfluencersList } from './InfluencersList';
import { InfluencerView } from './InfluencerView';

/** /app/influencers and its sub-routes; paths are relative so they work under /app and under /. */
export default function InfluencersScreen() {
  return (
    <Routes>
      <Route index element={<InfluencersList />} />
      <Route path="view/:id" element={<InfluencerView />} />
      <Route path="edit/:id" element={<InfluencerEdit />} />
    </Routes>
  );
}
