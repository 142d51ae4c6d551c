import { Route, Routes } from '@backoffice/ui-kit/router';
import { RedemptionHistoryList } from './RedemptionHistoryList';

/** /app/manage-cupon-history (the spec's spelling); paths are relative so they work under /app and under /. */
export default function RedemptionHistoryScreen() {
  return (
    <Routes>
      <Route index element={<RedemptionHistoryList />} />
    </Routes>
  );
}
