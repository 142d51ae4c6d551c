import { Route, Routes } from '@backoffice/ui-kit/router';
import { PayoutRequestsList } from './PayoutRequestsList';

/** /app/payouts-requests; paths are relative so they work under /app and under /. */
export default function PayoutRequestsScreen() {
  return (
    <Routes>
      <Route index element={<PayoutRequestsList />} />
    </Routes>
  );
}
