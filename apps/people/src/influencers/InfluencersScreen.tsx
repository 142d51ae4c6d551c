import { Route, Routes } from '@backoffice/ui-kit/router';
import { lazyScreen } from '@backoffice/ui-kit';
import { InfluencersList } from './InfluencersList';

// Fetched when first opened: the list does not wait for the record screens and their form fields.
const InfluencerEdit = lazyScreen(() => import('./InfluencerEdit').then((m) => m.InfluencerEdit));
const InfluencerView = lazyScreen(() => import('./InfluencerView').then((m) => m.InfluencerView));

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
