import { Route, Routes } from '@backoffice/ui-kit/router';
import { PayoutsHistoryList } from './PayoutsHistoryList';

/** /app/payouts-history; paths are relative so they work under /app and under /. */
export default function PayoutsHistoryScreen() {
  return (
    <Routes>
      <Route index element={<PayoutsHistoryList />} />
    </Routes>
  );
}
